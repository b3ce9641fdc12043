"""The strong AI's worker pool: searches run in worker processes (``bot.core.ai_worker``),
queued fairly across servers, each with a deadline, and a worker that dies or hangs is
replaced (issue 30.3, 30.4).

Each worker is a one-process executor of its own, so one that hangs can be killed without
touching the others, and one that dies (its executor broken) is replaced by a fresh one. A
new worker first loads the search and the games (``ai_worker.warm``) and takes no search
until it has, so a search is never charged for a worker's start.

Fairness: a job waits in its server's queue, and the servers with waiting jobs are served in
turn, one job each (the server served last goes after the others); a match thinks one
decision at a time (under its lock), so within a server the matches take turns too. One
server's many tables cannot starve another's.

Deadlines: a job carries its think time (the server's budget). A job still queued once most of
it has passed is not started; a started one searches only for what is left of it; a job not
answered ``GRACE`` seconds after its think time ends is given up, its worker killed and
replaced. Either way the caller gets a ``Thought`` without an action and plays the heuristic.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from bot.core import ai_worker

log = logging.getLogger("bot.core.service")

GRACE = 2.0
"""Seconds past a search's think time before it counts as hung: a warm worker's overhead (the
state to and fro, a playout that overruns the clock) is tens of milliseconds."""
LEAST_SHARE = 0.25
"""A job that would get less than this share of its think time is not started (a heuristic
answer now beats a search too short to choose better)."""
WARM_MOST = 30.0
"""Seconds a job may wait for a starting pool's first worker (spawn, imports, the games)."""

# Why a strong decision got no search (``Thought.why``); the log names it.
LATE, DIED, FAILED = "late", "died", "failed"

Think = Callable[..., dict[str, Any]]
"""``ai_worker.think_job``'s shape: its arguments end with the search's budget in ms."""


@dataclass(frozen=True, slots=True)
class Thought:
    """A strong decision's answer: the action as JSON, or ``None`` and why not."""

    action: dict[str, Any] | None
    why: str | None = None


@dataclass(eq=False)
class _Job:
    guild_id: int
    args: tuple[Any, ...]  # think's arguments but the budget
    seconds: float
    until: float  # loop time at which its think time is over
    latest: float  # the furthest a pool that is starting may move ``until`` on
    done: asyncio.Future[Thought]
    retried: bool = False  # its worker died under it once and it was queued again


@dataclass(eq=False)
class _Slot:
    executor: Executor
    ready: bool = False
    job: _Job | None = None
    running: asyncio.Future[dict[str, Any]] | None = field(default=None, repr=False)

    def processes(self) -> list[Any]:
        """The worker process(es) behind the slot (none for a thread executor in tests)."""
        found = getattr(self.executor, "_processes", None) or {}
        return list(found.values())

    def alive(self) -> bool:
        broken = bool(getattr(self.executor, "_broken", False))
        return not broken and all(p.is_alive() for p in self.processes())


def process_executor() -> Executor:
    """One spawned worker below the bot's priority (``ai_worker``: why spawn, why nice)."""
    return ProcessPoolExecutor(
        max_workers=1, mp_context=get_context("spawn"), initializer=ai_worker.lower_priority
    )


class AiPool:
    """One per match service, shared by every server it serves. ``think`` is what a worker
    runs (tests give a stand-in), ``executor`` makes a worker, ``warm`` readies a new one."""

    def __init__(
        self,
        *,
        size: int | None = None,
        think: Think = ai_worker.think_job,
        executor: Callable[[], Executor] = process_executor,
        warm: Callable[[], object] | None = ai_worker.warm,
        grace: float = GRACE,
    ) -> None:
        self.size = size if size is not None else ai_worker.workers(os.cpu_count())
        self._think = think
        self._make = executor
        self._warm = warm
        self._grace = grace
        self._slots: list[_Slot] = []
        self._queues: dict[int, deque[_Job]] = {}
        self._turns: deque[int] = deque()  # servers with a queued job, in serving order
        self._last: int | None = None  # the server whose job started last
        self._ended: list[tuple[Executor, list[Any]]] = []  # killed; joined at close
        self._closed = False
        self._some_ready = asyncio.Event()  # set while some worker is ready for a search
        self.replaced = 0  # workers replaced after dying or hanging (the bench and tests)

    @property
    def started(self) -> bool:
        return bool(self._slots)

    def pids(self) -> list[int]:
        return [p.pid for slot in self._slots for p in slot.processes() if p.pid is not None]

    async def think(self, guild_id: int, args: tuple[Any, ...], seconds: float) -> Thought:
        """The search's answer for a job of ``guild_id``'s, within ``seconds`` plus the grace
        (counted from when a worker is ready: a pool still starting does not cost a job its
        think time)."""
        if self._closed:
            return Thought(None, FAILED)
        loop = asyncio.get_running_loop()
        now = loop.time()
        job = _Job(
            guild_id, args, seconds, now + seconds, now + seconds + WARM_MOST, loop.create_future()
        )
        self._queues.setdefault(guild_id, deque()).append(job)
        if guild_id not in self._turns:
            self._turns.append(guild_id)
        self._heal()
        try:
            while not job.done.done():
                if not any(s.ready for s in self._slots) and loop.time() < job.latest:
                    with contextlib.suppress(TimeoutError):  # starting: wait for a worker
                        ready = self._some_ready.wait()
                        await asyncio.wait_for(asyncio.shield(ready), job.latest - loop.time())
                left = job.until + self._grace - loop.time()
                if left <= 0:
                    break
                with contextlib.suppress(TimeoutError):  # its think time may have moved on
                    await asyncio.wait_for(asyncio.shield(job.done), left)
        except asyncio.CancelledError:
            # Nobody waits for it any more (the bot closes, the match left the process): a
            # queued job is skipped, a running one ends within its think time unheard.
            if not job.done.done():
                job.done.set_result(Thought(None, FAILED))
            raise
        if job.done.done():
            return job.done.result()
        self._give_up(job)
        return Thought(None, LATE)

    async def healed(self) -> None:
        """Replace every worker found dead, then wait until each is ready (tests, restarts)."""
        self._heal()
        while not all(s.ready for s in self._slots) or len(self._slots) < self.size:
            await asyncio.sleep(0.02)

    async def close(self) -> None:
        """End every worker and wait for their processes to exit (in a thread: it blocks)."""
        self._closed = True
        self._some_ready.set()  # no job waits for a worker any more
        for slot in list(self._slots):
            self._drop(slot)
        ending, self._ended = self._ended, []
        for job in [j for q in self._queues.values() for j in q]:
            if not job.done.done():
                job.done.set_result(Thought(None, FAILED))
        self._queues.clear()
        self._turns.clear()
        await asyncio.to_thread(_join, ending)

    # scheduling ---------------------------------------------------------------------------

    def _next(self) -> _Job | None:
        """The next job to start: the server whose turn it is gives its oldest."""
        while self._turns:
            if len(self._turns) > 1 and self._turns[0] == self._last:
                self._turns.rotate(-1)  # it was just served: the others go first
            guild_id = self._turns.popleft()
            queue = self._queues.get(guild_id)
            while queue and queue[0].done.done():  # given up while it waited
                queue.popleft()
            if not queue:
                self._queues.pop(guild_id, None)
                continue
            job = queue.popleft()
            self._last = guild_id
            if queue:
                self._turns.append(guild_id)  # its next job waits for the others' turns
            else:
                self._queues.pop(guild_id, None)
            return job
        return None

    def _pump(self) -> None:
        """Start queued jobs on every ready, idle worker; start missing workers."""
        if self._closed:
            return
        self._fill()
        loop = asyncio.get_running_loop()
        for slot in list(self._slots):
            while slot.ready and slot.job is None and slot in self._slots:
                job = self._next()
                if job is None:
                    return
                left = job.until - loop.time()
                if left < job.seconds * LEAST_SHARE:
                    job.done.set_result(Thought(None, LATE))
                    continue
                self._run(slot, job, left)

    def _run(self, slot: _Slot, job: _Job, left: float) -> None:
        loop = asyncio.get_running_loop()
        try:
            call = functools.partial(self._think, *job.args, left * 1000)
            running = loop.run_in_executor(slot.executor, call)
        except (BrokenExecutor, RuntimeError):  # it died while idle: a new one takes the job
            self._replace(slot)
            self._queues.setdefault(job.guild_id, deque()).appendleft(job)
            if job.guild_id not in self._turns:
                self._turns.appendleft(job.guild_id)
            return
        slot.job, slot.running = job, running
        running.add_done_callback(lambda done: self._finished(slot, job, done))

    def _finished(self, slot: _Slot, job: _Job, done: asyncio.Future[dict[str, Any]]) -> None:
        if slot.job is job:
            slot.job = slot.running = None
        if job.done.done():  # given up already (its worker was killed), or the pool closed
            self._pump()
            return
        if done.cancelled():
            thought = Thought(None, FAILED)
        elif (exc := done.exception()) is None:
            thought = Thought(done.result())
        elif isinstance(exc, BrokenExecutor) and not job.retried:
            log.error("a strong AI worker died during a search; replacing it, asking again")
            job.retried = True  # once: a job that kills its worker must not kill them all
            self._queues.setdefault(job.guild_id, deque()).appendleft(job)
            if job.guild_id not in self._turns:
                self._turns.appendleft(job.guild_id)
            self._replace(slot)
            self._pump()
            return
        elif isinstance(exc, BrokenExecutor):
            log.error("a strong AI worker died during a search again; replacing it")
            self._replace(slot)
            thought = Thought(None, DIED)
        else:
            log.error("a strong AI search failed", exc_info=exc)
            thought = Thought(None, FAILED)
        job.done.set_result(thought)
        self._pump()

    def _give_up(self, job: _Job) -> None:
        """A job past its deadline: dropped if queued; if running, its worker is killed."""
        for slot in self._slots:
            if slot.job is job:
                log.error("a strong AI search ran past its deadline; replacing its worker")
                self._replace(slot)
                break
        if not job.done.done():
            job.done.set_result(Thought(None, LATE))
        self._pump()

    # workers ------------------------------------------------------------------------------

    def _fill(self) -> None:
        while not self._closed and len(self._slots) < self.size:
            slot = _Slot(self._make())
            self._slots.append(slot)
            if self._warm is None:
                slot.ready = True
                self._some_ready.set()
                continue
            try:
                warming = asyncio.get_running_loop().run_in_executor(slot.executor, self._warm)
            except (BrokenExecutor, RuntimeError):
                slot.ready = True  # its first job finds it broken and replaces it
                self._some_ready.set()
                continue
            warming.add_done_callback(functools.partial(self._warmed, slot))

    def _warmed(self, slot: _Slot, _: object) -> None:
        if slot not in self._slots:
            return
        if not any(s.ready for s in self._slots):  # the pool was starting: jobs waited for it
            now = asyncio.get_running_loop().time()
            for job in (j for queue in self._queues.values() for j in queue):
                job.until = max(job.until, min(now + job.seconds, job.latest))
        slot.ready = True  # a warm-up that failed leaves the first job to find out
        self._some_ready.set()
        self._pump()

    def _replace(self, slot: _Slot) -> None:
        if slot in self._slots:
            self._drop(slot)
            self.replaced += 1
        self._fill()

    def _drop(self, slot: _Slot) -> None:
        self._slots.remove(slot)
        if not any(s.ready for s in self._slots):
            self._some_ready.clear()
        processes = slot.processes()  # read before the shutdown forgets them
        for process in processes:
            with contextlib.suppress(Exception):
                process.kill()
        slot.executor.shutdown(wait=False, cancel_futures=True)
        self._ended = [*self._ended[-15:], (slot.executor, processes)]

    def _heal(self) -> None:
        """Replace every idle worker that died (checked as each job comes: no timer runs)."""
        for slot in list(self._slots):
            if slot.ready and slot.job is None and not slot.alive():
                log.error("a strong AI worker died while idle; replacing it")
                self._replace(slot)
        self._pump()


def _join(ended: list[tuple[Executor, list[Any]]]) -> None:
    """Wait for killed workers to exit and reap them (a killed child left unjoined stays a
    zombie, which still holds its process id)."""
    for executor, processes in ended:
        executor.shutdown(wait=True, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.join(5)
