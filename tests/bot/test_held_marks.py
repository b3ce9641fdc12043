"""Delivery marks ride in the next move's write transaction (issue 29.5, ``bot.core.held_marks``):
a table drawn, a hand sent and a live hand placed are held, and the match's next move writes
them in its own transaction; with no move they are written within ``IDLE_SECONDS``, and at
shutdown; a failed move's write holds them again. A live hand is never written back older
than a later direct write of it. Transactions are counted on a real SQLite file (its
``BEGIN`` statements, as SQLite's trace callback sees them)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.held_marks import HeldMarks
from bot.core.service import MatchService
from bot.storage import Storage, open_storage
from bot.storage.models import DatabaseUnavailable, Delivered, LiveHand
from tests.bot.test_burst import ann_against_ai, click
from tests.bot.test_service import Clock, games


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[tuple[Storage, MatchService, Path]]:
    path = tmp_path / "held.sqlite3"
    storage = await open_storage(path)
    service = MatchService(storage, games=games, clock=Clock())
    await service.start()
    yield storage, service, path
    await service.close()
    await storage.close()


async def count_begins(storage: Storage) -> list[str]:
    """Every write transaction the SQLite file sees from now on."""
    seen: list[str] = []
    db: Any = storage.matches.db  # type: ignore[attr-defined]

    def traced(sql: str) -> None:
        if sql.startswith("BEGIN"):
            seen.append(sql)

    await db.read(lambda raw: raw.set_trace_callback(traced))
    return seen


def stored(path: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(path) as conn:
        return list(conn.execute(sql, args))


async def test_marks_land_with_the_next_move_in_one_transaction(env: Any) -> None:
    storage, service, path = env
    started = await ann_against_ai(service)
    match_id, version = started.match.id, started.match.version
    hand = LiveHand(match_id, 100, "dm", 5, 6, page=1)
    begins = await count_begins(storage)
    service.held.table(match_id, version)
    service.held.sent(match_id, 100, version)
    service.held.hand(match_id, 100, lambda: hand)
    assert begins == []  # held: no transaction of their own
    await click(service, match_id)
    assert len(begins) == 1  # the move (and the AI's reply) and the marks: one transaction
    assert stored(path, "SELECT table_version FROM matches WHERE id = ?", match_id) == [(version,)]
    assert stored(path, "SELECT hand_sent FROM seats WHERE match_id = ? AND seat = 0", match_id)[
        0
    ] == (version,)
    assert await storage.matches.live_hands(match_id) == [hand]
    assert not service.held


async def test_a_move_carries_only_its_own_matchs_marks(env: Any) -> None:
    # On PostgreSQL two moves' transactions run at once: each marking the other's match row
    # while holding its own would deadlock. The idle write carries the rest.
    storage, service, _ = env
    one = await ann_against_ai(service)
    two = await ann_against_ai(service)
    service.held.table(two.match.id, two.match.version)
    await click(service, one.match.id)
    assert service.held.knows(two.match.id) and not service.held.knows(one.match.id)
    assert await storage.matches.table_version(two.match.id) is None


async def test_a_failed_move_holds_its_marks_again(
    env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage, service, _ = env
    started = await ann_against_ai(service)
    match_id = started.match.id
    service.held.table(match_id, started.match.version)
    real = service.repo.record_actions
    calls: list[Delivered | None] = []

    async def failing(*args: Any, **kw: Any) -> None:
        calls.append(kw.get("delivered"))
        if len(calls) == 1:
            raise DatabaseUnavailable("held.sqlite3", OSError("the disk went away"))
        await real(*args, **kw)

    monkeypatch.setattr(service.repo, "record_actions", failing)
    with pytest.raises(DatabaseUnavailable):
        await click(service, match_id)
    assert service.held.knows(match_id)
    await click(service, match_id)
    assert calls[0] == calls[1] == Delivered(tables=((match_id, started.match.version),))
    assert await storage.matches.table_version(match_id) == started.match.version


async def test_marks_no_move_carries_are_written_within_the_idle_time(env: Any) -> None:
    storage, service, _ = env
    started = await ann_against_ai(service)
    match_id = started.match.id
    service.held.idle_seconds = 0.05
    begins = await count_begins(storage)
    service.held.table(match_id, started.match.version)
    service.held.sent(match_id, 100, started.match.version)
    for _ in range(100):
        if not service.held:
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.05)
    assert not service.held and len(begins) == 1  # both, in one transaction of their own
    assert await storage.matches.table_version(match_id) == started.match.version
    assert await storage.matches.unsent_hands() == []


async def test_marks_held_at_shutdown_are_written(tmp_path: Path) -> None:
    path = tmp_path / "shut.sqlite3"
    storage = await open_storage(path)
    service = MatchService(storage, games=games, clock=Clock())
    await service.start()
    started = await ann_against_ai(service)
    service.held.table(started.match.id, started.match.version)
    await service.close()
    assert await storage.matches.table_version(started.match.id) == started.match.version
    await storage.close()


class SlowRepo:
    """A backend whose writes overlap (PostgreSQL's pool): each waits for ``release``."""

    def __init__(self) -> None:
        self.rows: dict[tuple[int, int], LiveHand] = {}
        self.release = asyncio.Event()
        self.order: list[str] = []

    async def record_delivery(self, marks: Delivered) -> None:
        await self.release.wait()
        for hand in marks.live_hands:
            self.rows[(hand.match_id, hand.user_id)] = hand
        self.order.append("marks")

    async def drop(self, key: tuple[int, int]) -> None:
        self.rows.pop(key, None)
        self.order.append("drop")


async def test_a_drop_waits_for_the_write_carrying_the_hand_and_is_never_undone() -> None:
    # Issue 29.5 (b): a held live hand must never land after a later direct write of it.
    repo: Any = SlowRepo()
    held = HeldMarks(repo, idle_seconds=60)
    shown: dict[tuple[int, int], LiveHand] = {(7, 10): LiveHand(7, 10, "dm", 5, 6)}
    held.hand(7, 10, lambda: shown.get((7, 10)))
    writing = asyncio.create_task(held.write_now())  # carries the hand, not yet committed
    await asyncio.sleep(0)

    async def drop() -> None:
        shown.pop((7, 10))
        async with held.direct(7, 10):
            await repo.drop((7, 10))

    dropping = asyncio.create_task(drop())
    await asyncio.sleep(0.01)
    assert repo.order == []  # the drop waits for the write that carries the hand
    repo.release.set()
    await asyncio.gather(writing, dropping)
    assert repo.order == ["marks", "drop"] and repo.rows == {}


async def test_a_held_hand_dropped_before_the_next_write_is_not_written_back() -> None:
    repo: Any = SlowRepo()
    repo.release.set()
    held = HeldMarks(repo, idle_seconds=60)
    shown: dict[tuple[int, int], LiveHand] = {(7, 10): LiveHand(7, 10, "dm", 5, 6)}
    held.hand(7, 10, lambda: shown.get((7, 10)))
    shown.pop((7, 10))
    async with held.direct(7, 10):
        await repo.drop((7, 10))
    held.table(7, 3)
    await held.write_now()
    assert repo.rows == {} and repo.order == ["drop", "marks"]


async def test_a_hand_another_write_carries_waits_for_the_next_one() -> None:
    # Two writes in flight at once must not both carry one hand: the older copy could land
    # last. The second write leaves it held; it goes with the one after.
    repo: Any = SlowRepo()
    held = HeldMarks(repo, idle_seconds=60)
    shown = {(7, 10): LiveHand(7, 10, "dm", 5, 6)}
    held.hand(7, 10, lambda: shown[(7, 10)])
    first = held.take()
    assert first is not None and first.marks.live_hands == (shown[(7, 10)],)
    shown[(7, 10)] = LiveHand(7, 10, "dm", 5, 6, page=2)
    held.hand(7, 10, lambda: shown[(7, 10)])
    held.table(7, 4)
    second = held.take()
    assert second is not None and second.marks == Delivered(tables=((7, 4),))
    held.done(first, stored=True)
    held.done(second, stored=True)
    third = held.take()
    assert third is not None and third.marks.live_hands == (shown[(7, 10)],)
