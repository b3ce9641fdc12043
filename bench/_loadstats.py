"""What ``bench/load.py`` measures besides the interaction times: database transaction and
COMMIT latency (by timing the adapter's own ``Database``), statements and round trips per
committed action (``bench/_dbmeter.py``), RSS, errors the bot logs, actions committed.
``report`` turns it all into figures (the leak check is ``bench/_leakwatch.py``).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import resource
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

from bench._dbmeter import Meter, count_actions
from bench._simdrive import Pending, Probe
from bot.render import ids

DISCORD_EDITS_PER_5S = 5  # Discord's per-channel budget for message edits
WINDOW = 5.0


def percentiles(values: list[float]) -> dict[str, float | int]:
    """p50/p95/p99/max in milliseconds (nearest rank), and the count."""
    if not values:
        return {"count": 0}
    ordered = sorted(values)

    def rank(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000, 2)

    return {
        "count": len(ordered),
        "p50_ms": rank(0.50),
        "p95_ms": rank(0.95),
        "p99_ms": rank(0.99),
        "max_ms": round(ordered[-1] * 1000, 2),
    }


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def kind_of(label: str) -> str:
    """The kind of an interaction, for the per-kind split: a slash command, one of the bot's
    own keys (``hand``, ``lobby-ai``; a prefixed key by its prefix: ``draft-``, ``page-``),
    else a game's move by its action kind (``move:play``: the key up to its first ``.``)."""
    if label == "slash" or label in ids.BOT_KEYS:
        return label
    prefix = next((p for p in ids.BOT_PREFIXES if label.startswith(p)), None)
    if prefix is not None:
        return prefix
    return "move:" + label.split(".", 1)[0]


def first_by_kind(done: list[Pending]) -> dict[str, dict[str, float | int]]:
    """First-response percentiles per interaction kind (``kind_of``)."""
    grouped: defaultdict[str, list[float]] = defaultdict(list)
    for pending in done:
        if pending.first is not None:
            grouped[kind_of(pending.kind)].append(pending.first - pending.sent)
    return {kind: percentiles(times) for kind, times in sorted(grouped.items())}


def slowest_kinds(done: list[Pending], share: float = 0.01) -> dict[str, int]:
    """The kinds of the slowest ``share`` of first responses (what the p99 is made of)."""
    timed = sorted(((p.first - p.sent, p.kind) for p in done if p.first is not None), reverse=True)
    slowest = timed[: max(1, int(len(timed) * share))] if timed else []
    return dict(Counter(kind_of(kind) for _, kind in slowest).most_common())


class LoopLag:
    """How late the event loop runs a callback due now: a ticker asks to wake every
    ``TICK`` seconds and records by how much it overslept. A long piece of synchronous
    work on the loop (an event-loop stall) shows as one late wake of about its length; it
    delays every interaction's first answer queued behind it."""

    TICK = 0.005

    def __init__(self) -> None:
        self.late: list[tuple[float, float]] = []  # (when, seconds late)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._tick())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _tick(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.TICK)
            self.late.append((asked, time.perf_counter() - asked - self.TICK))

    def figures(self, start: float, end: float) -> dict[str, Any]:
        late = [lag for at, lag in self.late if start <= at <= end]
        return {
            **percentiles(late),
            "stalls_over_20ms": sum(1 for lag in late if lag > 0.020),
            "stalls_over_50ms": sum(1 for lag in late if lag > 0.050),
        }


class GcPauses:
    """Every cyclic garbage collection during the window and how long it held the loop (a
    collection stops the whole interpreter): by generation, count, total and longest, in wall
    time and in CPU time (``cpu_ms``: the collecting thread's ``time.thread_time``, which a
    loaded machine does not inflate, so runs on a shared machine compare by it)."""

    def __init__(self) -> None:
        self.pauses: list[tuple[float, int, float, float]] = []  # (when, generation, s, cpu s)
        self._began = 0.0
        self._began_cpu = 0.0

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        if phase == "start":
            self._began, self._began_cpu = now, cpu
        else:
            took = (now - self._began, cpu - self._began_cpu)
            self.pauses.append((self._began, int(info["generation"]), *took))

    def start(self) -> None:
        gc.callbacks.append(self._callback)

    def stop(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def figures(self, start: float, end: float) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for generation in (0, 1, 2):
            took = [(t, c) for at, g, t, c in self.pauses if g == generation and start <= at <= end]
            out[f"gen{generation}"] = {
                "count": len(took),
                "total_ms": round(sum(t for t, _ in took) * 1000, 1),
                "max_ms": round(max((t for t, _ in took), default=0.0) * 1000, 1),
                "cpu_ms": round(sum(c for _, c in took) * 1000, 1),
                "max_cpu_ms": round(max((c for _, c in took), default=0.0) * 1000, 1),
            }
        out["frozen_objects"] = gc.get_freeze_count()
        out["thresholds"] = list(gc.get_threshold())
        return out


class StallSampler:
    """What the event loop's thread is running while the loop is stalled. The loop beats
    every ``BEAT`` seconds; a watcher thread looks every ``BEAT`` too, and when the last beat
    is older than ``threshold`` it takes the loop thread's stack (``sys._current_frames``).
    Counted by function, inclusive (every frame of the stack) and innermost (the deepest
    frame of the bot's own code: bot/, cogs/, engine/): where a long synchronous piece of
    work on the loop is. Costs a thread waking every 5 ms; no debug mode."""

    BEAT = 0.005
    OURS = ("/bot/", "/cogs/", "/engine/")

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold
        self.samples = 0
        self.inclusive: Counter[str] = Counter()
        self.innermost: Counter[str] = Counter()
        self.top: Counter[str] = Counter()  # the frame running, whoever's
        self._beat = time.perf_counter()
        self._stop = threading.Event()
        self._loop_thread = threading.get_ident()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._loop_thread = threading.get_ident()
        self._task = asyncio.ensure_future(self._beats())
        threading.Thread(target=self._watch, name="stall-sampler", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()
        if self._task is not None:
            self._task.cancel()

    async def _beats(self) -> None:
        while True:
            self._beat = time.perf_counter()
            await asyncio.sleep(self.BEAT)

    def _watch(self) -> None:
        while not self._stop.wait(self.BEAT):
            if time.perf_counter() - self._beat < self.threshold:
                continue
            frame = sys._current_frames().get(self._loop_thread)
            if frame is None:
                continue
            self.samples += 1
            self.top[f"{_short(frame.f_code.co_filename)}:{frame.f_code.co_qualname}"] += 1
            seen: set[str] = set()
            deepest = None
            while frame is not None:
                code = frame.f_code
                name = f"{_short(code.co_filename)}:{code.co_qualname}"
                if name not in seen:
                    seen.add(name)
                    self.inclusive[name] += 1
                if deepest is None and any(p in code.co_filename for p in self.OURS):
                    deepest = name
                frame = frame.f_back
            self.innermost[deepest or "(outside the bot)"] += 1

    def figures(self) -> dict[str, Any]:
        ours = [(n, c) for n, c in self.inclusive.most_common() if _is_ours(n)]
        return {
            "threshold_ms": round(self.threshold * 1000),
            "samples": self.samples,
            "innermost_bot_frame": dict(self.innermost.most_common(15)),
            "bot_frames_inclusive": dict(ours[:25]),
            "running_frame": dict(self.top.most_common(15)),
            "frames_inclusive": dict(self.inclusive.most_common(40)),
        }


def _short(filename: str) -> str:
    for root in ("/site-packages/", "/bench/", "/bot/", "/cogs/", "/engine/"):
        if root in filename:
            return root.strip("/") + "/" + filename.split(root, 1)[1]
    return filename.rsplit("/", 1)[-1]


def _is_ours(name: str) -> bool:
    return name.startswith(("bot/", "cogs/", "engine/"))


class _ErrorCount(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


class Recorder:
    def __init__(self, database: Path | str) -> None:
        self.database = database  # a SQLite file or a PostgreSQL URL
        self.meter = Meter()
        self.counted_at_start = (0, 0)
        self.transactions: list[tuple[float, float, float]] = []  # (started, total, commit)
        self.errors = _ErrorCount()
        self.baseline_rss = 0.0
        self.live_rss = 0.0
        self.live = 0

    def attach(self, bot: Any) -> None:
        """Time every transaction of the bot's one connection: from asking (lock wait
        included) to committed, and the commit itself (the COMMIT statement; for one-hop
        writes the whole BEGIN..COMMIT hop on the connection's thread)."""
        # The adapter's database object, under every port.
        db = bot.storage.matches.db
        log = self.transactions
        if hasattr(db, "pool"):
            _time_pooled(db, log)
            return
        original = db.transaction

        @asynccontextmanager
        async def timed() -> AsyncIterator[Any]:
            asked = time.perf_counter()
            async with original() as conn:
                yield conn
                committing = time.perf_counter()
            done = time.perf_counter()
            log.append((asked, done - asked, done - committing))

        db.transaction = timed
        if hasattr(db, "write"):  # one-hop transactions: the hop holds BEGIN..COMMIT
            one_hop, in_thread = db.write, db._in_thread
            held = [0.0]

            async def timed_hop(work: Any) -> Any:
                began = time.perf_counter()
                try:
                    return await in_thread(work)
                finally:
                    held[0] = time.perf_counter() - began

            async def timed_write(work: Any) -> Any:
                asked = time.perf_counter()
                result = await one_hop(work)
                log.append((asked, time.perf_counter() - asked, held[0]))
                return result

            db._in_thread = timed_hop
            db.write = timed_write

    @contextmanager
    def logging(self) -> Iterator[None]:
        root = logging.getLogger()
        root.addHandler(self.errors)
        try:
            yield
        finally:
            root.removeHandler(self.errors)

    def mark_baseline(self) -> None:
        self.baseline_rss = rss_mb()

    def mark_live(self, live: int) -> None:
        self.live = live
        self.live_rss = rss_mb()
        self.actions_at_start = self.count_actions()
        self.counted_at_start = (self.meter.statements, self.meter.round_trips)

    def count_actions(self) -> int:
        return count_actions(self.database)


def _time_pooled(db: Any, log: list[tuple[float, float, float]]) -> None:
    """PostgreSQL: every use of a pooled connection (a one-statement write or read, or a
    transaction), from asking the pool (its wait included) to giving it back, and the time
    it was held (the statements and COMMIT)."""
    original = db.connection

    @asynccontextmanager
    async def timed() -> AsyncIterator[Any]:
        asked = time.perf_counter()
        async with original() as conn:
            held = time.perf_counter()
            yield conn
        done = time.perf_counter()
        log.append((asked, done - asked, done - held))

    db.connection = timed


def edits_per_window(times: list[float], start: float, end: float) -> int:
    """The most edits of one channel inside any ``WINDOW`` seconds of [start, end]."""
    inside = [t for t in times if start <= t <= end]
    most, low = 0, 0
    for high, moment in enumerate(inside):
        while moment - inside[low] > WINDOW:
            low += 1
        most = max(most, high - low + 1)
    return most


def report(
    recorder: Recorder, probe: Probe, start: float, end: float, *, seconds_to_open: float
) -> dict[str, Any]:
    seconds = end - start
    done = [p for p in probe.finished if start <= p.sent <= end]
    actions = [
        p for p in done if p.kind not in {"slash", "hand", "lobby-ai", "lobby-start", "lobby-join"}
    ]
    first = [p.first - p.sent for p in actions if p.first is not None]
    visible = [p.result - p.sent for p in actions if p.result is not None]
    every_first = [p.first - p.sent for p in done if p.first is not None]
    unanswered = sum(1 for p in done if p.first is None) + sum(
        1 for p in probe.pending.values() if start <= p.sent <= end
    )
    transactions = [t for t in recorder.transactions if start <= t[0] <= end]
    peak = edits = 0
    over = 0
    for times in probe.edits.values():
        most = edits_per_window(times, start, end)
        peak = max(peak, most)
        over += most > DISCORD_EDITS_PER_5S
        edits += sum(1 for t in times if start <= t <= end)
    committed = recorder.count_actions() - recorder.actions_at_start
    budget = probe.budget.figures(
        clicks=len(actions),
        actions=committed,
        transactions=len(transactions),
        live=recorder.live,
        seconds=seconds,
    )
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    live = max(1, recorder.live)
    statements = recorder.meter.statements - recorder.counted_at_start[0]
    round_trips = recorder.meter.round_trips - recorder.counted_at_start[1]
    return {
        "live_matches": recorder.live,
        "seconds_to_open_all": round(seconds_to_open, 1),
        "window_seconds": round(seconds, 1),
        "human_actions_per_second": round(len(actions) / seconds, 1),
        "committed_actions_per_second": round(committed / seconds, 1),
        "interactions_per_second": round(len(done) / seconds, 1),
        "action_first_response": percentiles(first),
        "action_visible_response": percentiles(visible),
        "any_interaction_first_response": percentiles(every_first),
        "first_response_by_kind": first_by_kind(done),
        "slowest_first_responses_by_kind": slowest_kinds(done),
        "unanswered_interactions": unanswered,
        "db_transaction": percentiles([t[1] for t in transactions]),
        "db_commit": percentiles([t[2] for t in transactions]),
        "db_statements_per_committed_action": round(statements / max(1, committed), 2),
        "db_round_trips_per_committed_action": round(round_trips / max(1, committed), 2),
        "rss_mb_before_matches": recorder.baseline_rss,
        "rss_mb_all_live": recorder.live_rss,
        "rss_kb_per_live_match": round((recorder.live_rss - recorder.baseline_rss) * 1024 / live),
        "peak_rss_mb": round(peak_rss, 1),
        "table_edits_per_second": round(edits / seconds, 1),
        "max_edits_one_channel_any_5s": peak,
        "channels_over_discord_edit_limit": over,
        "bot_errors_logged": len(recorder.errors.messages),
        "bot_error_examples": recorder.errors.messages[:3],
        "budget": budget,
    }
