"""Turn timers: one pending call per match, on the running loop's clock.

Deadlines are stored as wall-clock epoch seconds so a restart keeps the time that was left;
the delay is computed from the difference, and the loop clock does the waiting (so a test's
simulated clock can drive it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.core import errors
from bot.storage.models import DatabaseUnavailable

log = logging.getLogger(__name__)

Fire = Callable[[int, int], Awaitable[object]]


class TurnTimers:
    def __init__(self, fire: Fire, *, clock: Callable[[], float] = time.time) -> None:
        self._fire = fire
        self._clock = clock
        self._handles: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[object]] = set()

    def now(self) -> float:
        return self._clock()

    def loop_deadline(self, deadline_at: float | None) -> float | None:
        """The epoch deadline as the running loop's time (what renderers compare against)."""
        if deadline_at is None:
            return None
        return asyncio.get_running_loop().time() + max(0.0, deadline_at - self._clock())

    def schedule(self, match_id: int, version: int, deadline_at: float | None) -> None:
        self.cancel(match_id)
        if deadline_at is None:
            return
        delay = max(0.0, deadline_at - self._clock())
        loop = asyncio.get_running_loop()
        self._handles[match_id] = loop.call_later(delay, self._spawn, match_id, version)

    def knows(self, match_id: int) -> bool:
        return match_id in self._handles

    def forget(self, match_id: int) -> None:
        """The match left this process: its timer goes (``bot.core.live.MatchState``)."""
        self.cancel(match_id)

    def cancel(self, match_id: int) -> None:
        handle = self._handles.pop(match_id, None)
        if handle is not None:
            handle.cancel()

    def _spawn(self, match_id: int, version: int) -> None:
        self._handles.pop(match_id, None)
        task = asyncio.get_running_loop().create_task(self._run(match_id, version))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, match_id: int, version: int) -> None:
        try:
            await self._fire(match_id, version)
        except DatabaseUnavailable as exc:
            # The timeout could not be stored: it fires again a little later, unless the
            # match has been scheduled anew meanwhile (a move stored after all).
            log.warning("turn timer of match %s waits for the database: %s", match_id, exc)
            if match_id not in self._handles:
                self.schedule(match_id, version, self._clock() + errors.RETRY_S)
        except Exception:
            log.exception("turn timer of match %s failed", match_id)

    async def close(self) -> None:
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
