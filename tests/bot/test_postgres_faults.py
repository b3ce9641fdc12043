"""The match service when its PostgreSQL server goes away, is too busy, or is slow (issue 28.6),
on a real server of the test's own that the test stops and starts (``tests/support/
pg_outage.py``): a move asked for meanwhile is refused whole with the "try again" words, never
a hang; nothing acknowledged is lost; the bot reconnects by itself; an AI seat or a turn timer
that could not store its move tries again once the server is back."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Awaitable
from typing import Any, TypeVar

import pytest

from bot.core import errors
from bot.core.ai_driver import Choice
from bot.core.errors import refusal_of
from bot.core.service import MatchInfo, MatchService, Update
from bot.storage import DatabaseUnavailable, Storage, open_storage
from bot.storage.postgres import database
from bot.words import error_texts
from engine.core import Rng
from tests.bot.test_flow_service import games
from tests.bot.test_service import Clock
from tests.support.pg_outage import OwnServer, outage_server, own_postgres
from tests.support.postgres import InspectPg, run, with_schema

__all__ = ["outage_server", "own_postgres"]  # the fixtures, for pytest
T = TypeVar("T")
HANG_GUARD_S = 60.0  # far above any answer: only a hang reaches it
TRY_AGAIN = error_texts.SERVICE_ERRORS["unavailable"]


@pytest.fixture
def location(outage_server: OwnServer) -> str:
    import asyncpg

    name = f"t_{secrets.token_hex(4)}"

    async def create() -> None:
        conn = await asyncpg.connect(outage_server.url)
        try:
            await conn.execute(f"CREATE SCHEMA {name}")
        finally:
            await conn.close()

    run(create)
    return with_schema(outage_server.url, name)


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(errors, "RETRY_S", 0.2)


@pytest.fixture
async def service(location: str) -> AsyncIterator[MatchService]:
    storage = await open_storage(location)
    service = MatchService(storage, games=games, clock=Clock())
    await service.start()
    yield service
    await service.close()
    await storage.close()


async def guarded(call: Awaitable[T]) -> T:
    return await asyncio.wait_for(call, HANG_GUARD_S)


async def refused_as_try_again(call: Awaitable[Any]) -> None:
    with pytest.raises(DatabaseUnavailable) as caught:
        await guarded(call)
    refusal = refusal_of(caught.value)
    assert refusal is not None and refusal.words() == TRY_AGAIN


async def tiny_with_ai(service: MatchService) -> MatchInfo:
    """Ann (seat 0) against a heuristic AI (seat 1): each of her moves is answered by one."""
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="tiny"
    )
    await service.add_ai(match.id, 100, "heuristic")
    return (await service.start_match(match.id, 100)).match


async def move(service: MatchService, match_id: int) -> Update:
    current, _, actions = await service.view(match_id, 100)
    return await guarded(service.act(match_id, 100, actions[0].key, current.version))


def stored_log(location: str, match_id: int) -> int:
    return int(
        InspectPg(location).value("SELECT count(*) FROM actions WHERE match_id = $1", (match_id,))
    )


async def test_a_move_while_the_server_is_down_is_try_again_and_play_goes_on_after(
    service: MatchService, outage_server: OwnServer, location: str
) -> None:
    match = await tiny_with_ai(service)
    await move(service, match.id)  # Ann, then the AI
    before = await service.get(match.id)
    logged = stored_log(location, match.id)
    current, _, actions = await service.view(match.id, 100)
    outage_server.stop()  # every pooled connection is dropped by the server
    await refused_as_try_again(service.act(match.id, 100, actions[0].key, current.version))
    await refused_as_try_again(service.get(match.id))  # a read too, at once each time
    outage_server.start()
    # The pool reconnects by itself; the refused move changed nothing.
    assert (await service.get(match.id)).version == before.version
    assert stored_log(location, match.id) == logged
    update = await move(service, match.id)
    assert update.match.version > before.version
    assert stored_log(location, match.id) == service.live[match.id].count


async def test_an_ai_move_that_could_not_be_stored_is_made_once_the_server_is_back(
    service: MatchService,
    outage_server: OwnServer,
    location: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A person's click or a timeout and the AI's reply are one write (issue 29.5); an AI
    # burst apart from them, here a strong seat's after Ann's timed-out move (stored before
    # the seat thinks), may still meet the server gone: it goes on once the server is back.
    match = await tiny_with_ai(service)
    service.live[match.id].ai_levels[1] = "strong"

    async def think(live: Any, match: Any, seat: int, rng: Rng) -> Choice:
        return Choice(live.game.ai_action(live.state, seat, rng, "heuristic"))

    monkeypatch.setattr(service.ai, "_strong", think)
    stopped: list[int] = []

    async def stop_after_anns_move(update: Update) -> None:
        if not stopped and update.match.id == match.id:
            stopped.append(update.match.version)
            outage_server.stop()  # Ann's timed-out move is stored; the AI's cannot be

    service.subscribe(stop_after_anns_move)
    update = await guarded(service.timeout(match.id, match.version))
    assert update is not None and update.match.version == stopped[0]
    outage_server.start()
    for _ in range(200):  # the AI tries again every RETRY_S
        if (await service.get(match.id)).version > stopped[0]:
            break
        await asyncio.sleep(0.05)
    after = await service.get(match.id)
    assert after.version > stopped[0]  # the AI moved
    await service.quiet(match.id)
    assert stored_log(location, match.id) == service.live[match.id].count


async def test_a_full_pool_is_a_bounded_wait_then_try_again(
    monkeypatch: pytest.MonkeyPatch, location: str
) -> None:
    monkeypatch.setattr(database, "POOL_MAX", 1)
    monkeypatch.setattr(database, "ACQUIRE_TIMEOUT_S", 0.3)
    storage: Storage = await open_storage(location)
    service = MatchService(storage, games=games, clock=Clock())
    await service.start()
    try:
        match = await tiny_with_ai(service)
        current, _, actions = await service.view(match.id, 100)
        db = storage.matches.db  # type: ignore[attr-defined]
        async with db.connection():  # the pool's one connection, held
            await refused_as_try_again(service.act(match.id, 100, actions[0].key, current.version))
        assert (await service.get(match.id)).version == current.version
        await move(service, match.id)  # free again: served
    finally:
        await service.close()
        await storage.close()


async def test_a_statement_over_the_time_limit_is_try_again_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, location: str
) -> None:
    monkeypatch.setattr(database, "STATEMENT_TIMEOUT_MS", 300)
    storage = await open_storage(location)
    service = MatchService(storage, games=games, clock=Clock())
    await service.start()
    try:
        match = await tiny_with_ai(service)
        current, _, actions = await service.view(match.id, 100)
        import asyncpg

        # Another session holds the match's row: the move's statement waits on its lock
        # until the server cancels it.
        blocker = await asyncpg.connect(location)
        try:
            lock = blocker.transaction()
            await lock.start()
            await blocker.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match.id)
            await refused_as_try_again(service.act(match.id, 100, actions[0].key, current.version))
            await lock.rollback()
        finally:
            await blocker.close()
        assert (await service.get(match.id)).version == current.version
        assert stored_log(location, match.id) == service.live[match.id].count
        await move(service, match.id)
    finally:
        await service.close()
        await storage.close()


async def test_a_turn_that_ran_out_during_the_outage_times_out_once_the_server_is_back(
    outage_server: OwnServer, location: str
) -> None:
    storage = await open_storage(location)
    service = MatchService(storage, games=games, turn_seconds=0.3)  # the real clock
    await service.start()
    try:
        match = await service.create(
            guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="tiny"
        )
        await service.join(match.id, 101, "Bob")
        started = (await service.start_match(match.id, 100)).match
        outage_server.stop()
        await asyncio.sleep(1.0)  # the deadline passes; its timeout cannot be stored
        outage_server.start()
        for _ in range(200):  # the timer tries again every RETRY_S
            if (await service.get(match.id)).version > started.version:
                break
            await asyncio.sleep(0.05)
        assert (await service.get(match.id)).version > started.version
        stored = InspectPg(location).rows(
            "SELECT seat, by_timeout FROM actions WHERE match_id = $1 ORDER BY idx", (match.id,)
        )
        assert stored[0] == (0, 1)  # Ann's turn, timed out once the server was back
    finally:
        await service.close()
        await storage.close()


async def test_a_restart_under_load_loses_no_acknowledged_move(
    service: MatchService, outage_server: OwnServer, location: str
) -> None:
    # Several people move in several matches at once while the server restarts: every move
    # the service answered is stored, and each session agrees with its stored log after.
    matches = [await tiny_with_ai(service) for _ in range(6)]
    acked: dict[int, int] = {}  # match -> the highest version a move was answered at
    refused = 0
    restarted = asyncio.Event()

    async def person(match_id: int) -> None:
        nonlocal refused
        for _ in range(60):
            try:
                current, _, actions = await service.view(match_id, 100)
                if current.status != "live" or not actions:
                    if restarted.is_set():
                        return
                    await asyncio.sleep(0.01)
                    continue
                update = await guarded(service.act(match_id, 100, actions[0].key, current.version))
                acked[match_id] = max(acked.get(match_id, 0), update.match.version)
            except DatabaseUnavailable:
                refused += 1
                await asyncio.sleep(0.05)
            except errors.ServiceError:
                pass  # the AI or a read-back moved first: a fresh look next time

    async def restart() -> None:
        await asyncio.sleep(0.1)
        await asyncio.to_thread(outage_server.stop)
        await asyncio.sleep(0.3)
        await asyncio.to_thread(outage_server.start)
        restarted.set()

    await asyncio.gather(restart(), *(person(m.id) for m in matches))
    assert refused > 0  # the outage was met
    for match in matches:
        await service.quiet(match.id)
        stored = await service.get(match.id)
        assert stored.version >= acked.get(match.id, 0), match.id
        if match.id in service.live:
            assert stored_log(location, match.id) == service.live[match.id].count


async def test_a_restored_log_not_read_in_an_outage_is_checked_once_the_server_is_back(
    outage_server: OwnServer, location: str
) -> None:
    # A restart restores from snapshots and checks each log later (issue 30.10); a check the
    # outage kept from reading the log must not count as done.
    storage = await open_storage(location)
    first = MatchService(storage, games=games, clock=Clock())
    await first.start()
    match = await tiny_with_ai(first)
    await move(first, match.id)
    await first.close()
    second = MatchService(storage, games=games, clock=Clock())
    await second.start()
    try:
        await second.checked()  # the background check ran; now restore one more time
        second.restorer.unchecked.add(match.id)
        outage_server.stop()
        async with second.live.lock(match.id):
            await guarded(second.restorer.check(match.id))
        assert match.id in second.restorer.unchecked
        outage_server.start()
        await move(second, match.id)  # its log is checked first, then the move is stored
        assert match.id not in second.restorer.unchecked
        assert stored_log(location, match.id) == second.live[match.id].count
    finally:
        await second.close()
        await storage.close()
