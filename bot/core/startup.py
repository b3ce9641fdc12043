"""A start of the process: live matches restored and their timers set, then what they are
owed scheduled, never done on the spot (issue 30.1): the bot connects (and answers) as soon
as every match is back in memory, whatever its AI seats are about to think.

Each AI burst a restart finds owed (an AI seat to move, a window an auto-passer alone with AI
seats sits in) runs as a background task under its match's lock, the match's log checked
first: the burst plays on the replayed state, so no later check can roll its moves back
(issue 30.10). A few bursts run at a time (``BURSTS_AT_ONCE``), the quick ones first, so a
restart that finds hundreds owed neither floods the loop nor queues hundreds of searches in
front of the first person's click. Each snapshot is checked against a replay of its log in
the background too, and before the match is next shown or changed at the latest. ``close``
cancels both.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.core.ai_driver import AiDriver
from bot.core.clock import Clock
from bot.core.errors import ServiceError
from bot.core.live import LiveMatches, everything
from bot.core.match_types import MatchInfo
from bot.core.restore import Restorer
from bot.core.timers import TurnTimers
from bot.storage.ports import MatchRepository
from engine.search.levels import STRONG

log = logging.getLogger("bot.core.service")

BURSTS_AT_ONCE = 4
"""Restored AI bursts running at a time. Why 4: the bursts share one event loop, so more at
once finish no sooner, they only lengthen the wait of every click between their steps; a
strong seat's burst mostly waits on the worker pool (at most ``ai_worker.MOST_WORKERS`` = 2
searches at a time), so 4 keeps every worker busy with room for two quick (heuristic) bursts
beside them. Unbounded, a restart finding 100 strong seats to move queued 100 searches at
once and ran every owed log check and first AI step in the same few loop turns."""


class Startup:
    def __init__(
        self,
        repo: MatchRepository,
        live: LiveMatches,
        timers: TurnTimers,
        restorer: Restorer,
        clock: Clock,
        ai: AiDriver,
        get: Callable[[int], Awaitable[MatchInfo]],
    ) -> None:
        self.repo = repo
        self._live = live
        self._timers = timers
        self._restorer = restorer
        self._clock = clock
        self._ai = ai
        self._get = get  # the match as stored (MatchService.get)
        self._checker: asyncio.Task[None] | None = None
        self._bursts: dict[int, asyncio.Task[None]] = {}  # by match
        self.owed: list[int] = []  # the matches a start found an AI burst owed in
        self.at_once = asyncio.Semaphore(BURSTS_AT_ONCE)  # see BURSTS_AT_ONCE
        self.running = 0  # bursts past the semaphore now (tests read the most seen)
        self.most_running = 0

    async def start(self) -> None:
        await self._clock.resume_deadlines()  # before the read: the rows carry the new clocks
        owed: list[tuple[bool, int]] = []  # (a strong seat to move, match): quick ones first
        # Without the logs: a snapshot that covers its log serves, and the log is read when
        # the match is checked (in the background, or before it is next shown or changed).
        for stored in await self.repo.stored_matches(statuses=("live",), log=False):
            match_id = stored.id
            if not self._live.holds(stored.row):
                continue  # another process holds it (bot.core.live)
            live = await self._restorer.bring_back(stored)
            if live is None:
                continue
            self._live.put(match_id, live)
            self._timers.schedule(match_id, stored.row.version, stored.row.deadline_at)
            ai_to_move = live.deciders() & live.ai_levels.keys()
            if ai_to_move or live.in_window():
                strong = any(live.ai_levels[s] == STRONG for s in ai_to_move)
                owed.append((strong, match_id))
        for match_id, version, deadline_at in await self.repo.deadlines("lobby"):
            if self._live.holds is not everything:
                row = await self.repo.match(match_id)
                if row is None or not self._live.holds(row):
                    continue
            self._timers.schedule(match_id, version, deadline_at)
        loop = asyncio.get_running_loop()
        self.owed = [match_id for _, match_id in sorted(owed)]
        self._bursts = {m: loop.create_task(self.resume(m)) for m in self.owed}
        if self._restorer.unchecked:
            self._checker = loop.create_task(self._restorer.check_all())

    async def resume(self, match_id: int) -> None:
        """The AI burst a restart found owed, once a slot (``BURSTS_AT_ONCE``) and the match
        are free."""
        async with self.at_once:
            self.running += 1
            self.most_running = max(self.most_running, self.running)
            try:
                await self._burst(match_id)
            finally:
                self.running -= 1

    async def _burst(self, match_id: int) -> None:
        try:
            async with self._live.lock(match_id):
                await self._restorer.check(match_id)
                if match_id not in self._live:
                    return  # ended meanwhile
                await self._ai.run(await self._get(match_id), [])
            # A strong seat thinks in the match's background burst, off the lock; this slot
            # stays taken until it is done, so no more than ``BURSTS_AT_ONCE`` run at once.
            await self._ai.settled(match_id)
        except ServiceError as exc:
            log.warning("match %s: the AI could not move after the restart: %s", match_id, exc)
        except Exception:
            log.exception("match %s: the AI could not move after the restart", match_id)

    def bursts_running(self) -> int:
        return sum(1 for t in self._bursts.values() if not t.done())

    def knows(self, match_id: int) -> bool:
        task = self._bursts.get(match_id)
        return task is not None and not task.done()

    def forget(self, match_id: int) -> None:
        """The match left this process: its burst, if still owed or running, is cancelled
        (``bot.core.live.MatchState``); a move being stored is stored whole or not at all."""
        task = self._bursts.pop(match_id, None)
        if task is not None:
            task.cancel()

    async def resumed(self) -> None:
        bursts = [asyncio.shield(t) for t in self._bursts.values()]
        await asyncio.gather(*bursts, return_exceptions=True)

    async def checked(self) -> None:
        if self._checker is not None:
            await asyncio.shield(self._checker)

    async def close(self) -> None:
        """A burst is cancelled at its next await: a move being stored is stored whole or not
        at all, and the next start resumes the rest."""
        pending = [t for t in (*self._bursts.values(), self._checker) if t is not None]
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
