"""The AI's bursts that go on in the background, per match: a strong seat's think (issue 29,
deliver 3: the clicker's redraw comes first, the AI replies after it) and a burst waiting for
the database to come back.

Why a task of its own and not the click's: a strong decision takes the server's whole budget
(``ai_budget_ms``, a fixed think time, issue 30.2). Thought inside ``MatchService.act``, under
the match's lock, it held back the clicker's own answer (their hand redrawn) and every other
change to the match for that long. Now the click stores what is staged, returns, and the
think runs here, off the lock: ``AiDriver.think_burst`` takes the lock to read the position,
thinks without it, and takes it again to stage the move, checking that nobody moved meanwhile
(a person who did is served at once; the seat then decides again from the new position).

One background burst per match at a time (``owe`` marks the match owed; a running burst sees
the mark and goes on, so a move that lands during a think never starts a second one). The
tasks are released with the match (``forget``, registered with ``bot.core.live`` as "AI
burst"), cancelled when it ends (``ended``) and at ``close``. A crash mid-think loses nothing:
what was staged is stored before the think, and a restart finds the AI seat to move and runs
the burst owed (``bot.core.startup``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from bot.core import errors

log = logging.getLogger("bot.core.service")

Job = Callable[[int], Coroutine[Any, Any, None]]  # a match's burst, run under its own lock


class LaterBursts:
    """Per match: the background burst running (a think), whether one is owed, and the retry
    handle of a burst waiting for the database."""

    def __init__(self, think: Job, resume: Job) -> None:
        self._think = think  # AiDriver.think_burst
        self._resume = resume  # AiDriver.resume: the burst once the database answers
        self._running: dict[int, asyncio.Task[None]] = {}
        self._owed: set[int] = set()
        self._retries: dict[int, asyncio.TimerHandle] = {}
        self._resuming: set[asyncio.Task[None]] = set()

    # a think owed --------------------------------------------------------------------------

    def owe(self, match_id: int) -> None:
        """The match's next AI move is a strong seat's think: run it in the match's background
        burst, started unless one runs (which then goes on: ``take``)."""
        self._owed.add(match_id)
        task = self._running.get(match_id)
        if task is not None and not task.done():
            return
        task = asyncio.get_running_loop().create_task(self._think(match_id))
        self._running[match_id] = task
        task.add_done_callback(lambda done: self._finished(match_id, done))

    def take(self, match_id: int) -> bool:
        """Whether a think is owed, and the mark cleared (the caller, the burst, serves it)."""
        owed = match_id in self._owed
        self._owed.discard(match_id)
        return owed

    def owed(self, match_id: int) -> bool:
        return match_id in self._owed

    def _finished(self, match_id: int, task: asyncio.Task[None]) -> None:
        if self._running.get(match_id) is task:
            del self._running[match_id]

    async def settled(self, match_id: int | None = None) -> None:
        """Wait until no background think runs for the match (every match with None)."""
        while True:
            tasks = [t for m, t in self._running.items() if match_id in (None, m)]
            tasks = [t for t in tasks if t is not asyncio.current_task()]
            if not tasks:
                return
            await asyncio.gather(*(asyncio.shield(t) for t in tasks), return_exceptions=True)

    # a burst waiting for the database ------------------------------------------------------

    def again_later(self, match_id: int) -> None:
        """Run the match's AI burst again in ``RETRY_S`` (once per match at a time), and then
        again until the database answers."""
        if match_id in self._retries:
            return
        loop = asyncio.get_running_loop()
        self._retries[match_id] = loop.call_later(
            errors.RETRY_S, lambda: self._spawn_again(match_id)
        )

    def _spawn_again(self, match_id: int) -> None:
        self._retries.pop(match_id, None)
        task = asyncio.get_running_loop().create_task(self._resume(match_id))
        self._resuming.add(task)
        task.add_done_callback(self._resuming.discard)

    # letting go ----------------------------------------------------------------------------

    def ended(self, match_id: int) -> None:
        """The match ended: a think still running for it is cancelled (its worker's answer
        would be dropped anyway), unless that burst is the one storing the end."""
        task = self._running.get(match_id)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        self._owed.discard(match_id)

    def knows(self, match_id: int) -> bool:
        """``bot.core.live.MatchState``: a think running or owed, or a retry waiting."""
        task = self._running.get(match_id)
        running = task is not None and not task.done()
        return running or match_id in self._owed or match_id in self._retries

    def forget(self, match_id: int) -> None:
        """The match left this process: its think and its retry are cancelled (a move being
        stored is stored whole or not at all; whoever holds it now runs the burst owed)."""
        task = self._running.pop(match_id, None)
        if task is not None:
            task.cancel()
        self._owed.discard(match_id)
        handle = self._retries.pop(match_id, None)
        if handle is not None:
            handle.cancel()

    async def close(self) -> None:
        for handle in self._retries.values():
            handle.cancel()
        self._retries.clear()
        tasks = [*self._running.values(), *self._resuming]
        for task in tasks:
            task.cancel()
        self._owed.clear()
        await asyncio.gather(*tasks, return_exceptions=True)
