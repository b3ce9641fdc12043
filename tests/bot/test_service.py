"""MatchService on a real SQLite file, driving the tiny test game (tests/support/tinygame.py)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.core.service import MatchInfo, MatchService, ServiceError, Update
from bot.storage import Storage, open_storage
from engine.core import Game
from tests.support.inspect_db import InspectDb
from tests.support.snapshots import replayed_to
from tests.support.tinygame import TwentyOne

TINY = TwentyOne()


def games(game_id: str) -> Game[Any, Any]:
    if game_id != "tiny":
        raise KeyError(game_id)
    return TINY


class Clock:
    """Wall-clock stand-in so deadlines move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def open_service(path: Path, clock: Clock, **kw: Any) -> tuple[Storage, MatchService]:
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock, **kw)
    await service.start()
    return db, service


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def env(tmp_path: Path, clock: Clock) -> AsyncIterator[tuple[Storage, MatchService]]:
    db, service = await open_service(tmp_path / "b.sqlite3", clock)
    yield db, service
    await service.close()
    await db.close()


async def lobby(service: MatchService, humans: int = 3, ai: int = 0) -> int:
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="tiny"
    )
    for n in range(1, humans):
        await service.join(match.id, 100 + n, f"P{n}")
    for _ in range(ai):
        await service.add_ai(match.id, 100)
    return match.id


async def play_one(service: MatchService, update: Update) -> Update:
    seat = min(update.deciders)
    user = update.match.seats[seat].user_id
    assert user is not None
    _, _, actions = await service.view(update.match.id, user)
    return await service.act(update.match.id, user, actions[0].key, update.match.version)


def same(a: MatchInfo, b: MatchInfo) -> bool:
    return replace(a, deadline=None) == replace(b, deadline=None)


def rows(path: Path, sql: str) -> list[tuple[Any, ...]]:
    raw = InspectDb(path)
    return raw.rows(sql)


# lobby rules ---------------------------------------------------------------------------------


async def test_lobby_seats_in_joining_order_and_refuses_doubles(env: Any) -> None:
    _, service = env
    match_id = await lobby(service, humans=2)
    match = await service.get(match_id)
    assert [(s.seat, s.user_id) for s in match.seats] == [(0, 100), (1, 101)]
    with pytest.raises(ServiceError) as err:
        await service.join(match_id, 101, "again")
    assert err.value.code == "already_seated"


async def test_only_the_host_adds_ai_starts_or_cancels(env: Any) -> None:
    _, service = env
    match_id = await lobby(service, humans=2)
    for call in (
        service.add_ai(match_id, 101),
        service.start_match(match_id, 101),
        service.cancel(match_id, 101),
    ):
        with pytest.raises(ServiceError) as err:
            await call
        assert err.value.code == "not_host"
    assert (await service.get(match_id)).status == "lobby"


async def test_seat_limits(env: Any) -> None:
    _, service = env
    match_id = await lobby(service, humans=1)
    for _ in range(TINY.max_seats - 1):
        await service.add_ai(match_id, 100)
    with pytest.raises(ServiceError) as err:
        await service.join(match_id, 999, "late")
    assert err.value.code == "lobby_full"


async def test_leaving_renumbers_and_hands_host_on_then_cancels_when_empty(env: Any) -> None:
    _, service = env
    match_id = await lobby(service, humans=3)
    match = await service.leave(match_id, 100)
    assert match.host_id == 101
    assert [(s.seat, s.user_id) for s in match.seats] == [(0, 101), (1, 102)]
    with pytest.raises(ServiceError) as err:
        await service.leave(match_id, 100)
    assert err.value.code == "not_seated"
    await service.leave(match_id, 101)
    match = await service.leave(match_id, 102)
    assert match.status == "cancelled"


async def test_unknown_game_and_unknown_match(env: Any) -> None:
    _, service = env
    with pytest.raises(ServiceError) as err:
        await service.create(guild_id=1, channel_id=2, host_id=1, host_name="x", game="chess")
    assert err.value.code == "game_unknown"
    with pytest.raises(ServiceError) as err:
        await service.get(12345)
    assert err.value.code == "not_found"


async def test_cancel_by_host_and_join_after_cancel_is_refused(env: Any) -> None:
    _, service = env
    match_id = await lobby(service, humans=2)
    assert (await service.cancel(match_id, 100)).status == "cancelled"
    with pytest.raises(ServiceError) as err:
        await service.join(match_id, 555, "late")
    assert err.value.code == "wrong_status"


# playing -------------------------------------------------------------------------------------


async def test_created_joined_started_played_conceded_ends_finished_with_log(
    env: Any, tmp_path: Path
) -> None:
    _, service = env
    published: list[Update] = []

    async def listen(update: Update) -> None:
        published.append(update)

    service.subscribe(listen)
    match_id = await lobby(service, humans=3)
    update = await service.start_match(match_id, 100)
    update = await play_one(service, update)
    update = await play_one(service, update)
    for user in (100, 101):
        update = await service.concede(match_id, user)
    assert update.match.status == "finished"
    assert update.match.outcome is not None and update.match.outcome.winners == (2,)
    logged = rows(
        tmp_path / "b.sqlite3",
        f"SELECT action_json FROM actions WHERE match_id = {match_id} ORDER BY idx",
    )
    kinds = [json.loads(r[0])["kind"] for r in logged]
    assert kinds == ["play", "play", "concede", "concede"]
    # Published after persisting: the start plus one update per action, in order.
    assert [u.match.version for u in published] == sorted(u.match.version for u in published)
    assert len(published) == 5
    with pytest.raises(ServiceError) as err:
        await service.concede(match_id, 102)
    assert err.value.code == "wrong_status"


async def test_stale_version_changes_nothing(env: Any, tmp_path: Path) -> None:
    _, service = env
    match_id = await lobby(service, humans=2)
    update = await service.start_match(match_id, 100)
    user = update.match.seats[min(update.deciders)].user_id
    _, _, actions = await service.view(match_id, user)
    before = await service.get(match_id)  # deadline: loop time moves on, compare the rest
    with pytest.raises(ServiceError) as err:
        await service.act(match_id, user, actions[0].key, update.match.version - 1)
    assert err.value.code == "stale"
    assert same(await service.get(match_id), before)
    assert rows(tmp_path / "b.sqlite3", "SELECT COUNT(*) FROM actions") == [(0,)]


async def test_illegal_action_is_reason_coded_and_changes_nothing(env: Any) -> None:
    _, service = env
    match_id = await lobby(service, humans=2)
    update = await service.start_match(match_id, 100)
    waiting = next(s.user_id for s in update.match.seats if s.seat not in update.deciders)
    assert waiting is not None
    before = await service.get(match_id)  # deadline: loop time moves on, compare the rest
    with pytest.raises(ServiceError) as err:
        await service.act(match_id, waiting, "play.1", update.match.version)
    # Only the deciding seat may act; the others learn whom the table waits for.
    assert err.value.code == "not_your_move" and err.value.detail["waiting"] == "Ann"
    with pytest.raises(ServiceError) as err:
        await service.act(match_id, 100, "not a key!", update.match.version)
    assert err.value.code == "illegal"
    with pytest.raises(ServiceError) as err:
        await service.act(match_id, 4242, "play.1", update.match.version)
    assert err.value.code == "not_seated"
    assert same(await service.get(match_id), before)


async def test_doubled_concurrent_click_makes_one_action(env: Any, tmp_path: Path) -> None:
    _, service = env
    match_id = await lobby(service, humans=2)
    update = await service.start_match(match_id, 100)
    user = update.match.seats[min(update.deciders)].user_id
    _, _, actions = await service.view(match_id, user)
    key, version = actions[0].key, update.match.version
    results = await asyncio.gather(
        service.act(match_id, user, key, version),
        service.act(match_id, user, key, version),
        return_exceptions=True,
    )
    errors = [r for r in results if isinstance(r, ServiceError)]
    assert len(errors) == 1 and errors[0].code == "stale"
    assert rows(tmp_path / "b.sqlite3", "SELECT COUNT(*) FROM actions") == [(1,)]


async def test_replay_of_stored_log_equals_stored_snapshot(env: Any, tmp_path: Path) -> None:
    _, service = env
    match_id = await lobby(service, humans=2, ai=1)
    update = await service.start_match(match_id, 100)
    for _ in range(3):
        if update.match.status != "live":
            break
        update = await play_one(service, update)
    record = await service.record(match_id)
    snapshot = rows(
        tmp_path / "b.sqlite3",
        f"SELECT action_count, state_json FROM snapshots WHERE match_id={match_id}",
    )
    # one every SNAPSHOT_EVERY actions, the final state at the end: the log's fold there
    assert replayed_to(TINY, record, snapshot[0][0]) == json.loads(snapshot[0][1])
    assert 0 < record.header.seed < 2**63


async def test_restart_restores_same_state_and_legal_actions(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "b.sqlite3"
    db, service = await open_service(path, clock)
    match_id = await lobby(service, humans=3)
    update = await play_one(service, await service.start_match(match_id, 100))
    before = {u: await service.view(match_id, u) for u in (100, 101, 102)}
    await service.close()
    await db.close()

    db, service = await open_service(path, clock)
    try:
        for user, (match, view, actions) in before.items():
            match2, view2, actions2 = await service.view(match_id, user)
            assert view2.to_json() == view.to_json()
            assert actions2 == actions
            assert match2.version == match.version
        await play_one(service, update)  # the restored match plays on
    finally:
        await service.close()
        await db.close()


async def test_restore_prefers_the_log_over_a_damaged_snapshot(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "b.sqlite3"
    db, service = await open_service(path, clock)
    match_id = await lobby(service, humans=2)
    await play_one(service, await service.start_match(match_id, 100))
    _, good_view, _ = await service.view(match_id, None)
    await service.close()
    await db.close()
    raw = InspectDb(path)
    raw.execute(
        "UPDATE snapshots SET state_json = replace(state_json, '\"pile\": ', '\"pile\": 9')"
    )
    db, service = await open_service(path, clock)
    try:
        _, view, _ = await service.view(match_id, None)
        assert view.to_json() == good_view.to_json()
    finally:
        await service.close()
        await db.close()


# AI seats and timers -------------------------------------------------------------------------


async def test_ai_seats_play_until_a_human_decides(env: Any, tmp_path: Path) -> None:
    _, service = env
    match_id = await lobby(service, humans=1, ai=2)
    update = await service.start_match(match_id, 100)
    assert update.deciders == {0} or update.match.status == "finished"
    update = await play_one(service, update)
    # After the human's play both AI seats (1 and 2) moved, and it is the human's turn again.
    assert update.deciders == {0} or update.match.status == "finished"
    by_ai = rows(tmp_path / "b.sqlite3", "SELECT seat FROM actions WHERE by_ai = 1 ORDER BY idx")
    assert [r[0] for r in by_ai][:2] == [1, 2]


async def test_a_table_left_to_ai_seats_ends_at_once_with_no_result(env: Any) -> None:
    _, service = env
    match_id = await lobby(service, humans=1, ai=2)
    update = await service.start_match(match_id, 100)
    if update.match.status == "live":
        update = await service.concede(match_id, 100)
    # issue 30.3: with the only human gone the AI seats do not play the rest out.
    assert update.match.status in ("finished", "cancelled")
    assert update.match.status == "finished" or update.match.ended_reason == "nobody_left"


async def settle(predicate: Any) -> None:
    """Let scheduled callbacks run, and the database thread answer them (a read served from
    the repository's cache never yields to that thread)."""
    for _ in range(200):
        if await predicate():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("condition never held")


async def test_turn_timer_plays_the_default_action_and_counts_timeouts(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "b.sqlite3"
    db, service = await open_service(path, clock, turn_seconds=60)
    match_id = await lobby(service, humans=2)
    update = await service.start_match(match_id, 100)
    assert update.match.deadline is not None
    first = min(update.deciders)
    await service.close()
    await db.close()
    # The deadline lives in the database; a restart after it passed fires it at once.
    clock.now += 61
    db, service = await open_service(path, clock, turn_seconds=60)
    try:

        async def moved() -> bool:
            return (await service.get(match_id)).version > update.match.version

        await settle(moved)
        logged = rows(path, "SELECT seat, by_timeout FROM actions")
        assert logged == [(first, 1)]
        match = await service.get(match_id)
        assert match.seats[first].timeouts == 1
        # A timer that lost the race (old version) does nothing.
        assert await service.timeout(match_id, update.match.version) is None
    finally:
        await service.close()
        await db.close()


async def test_timer_restored_with_time_left_does_not_fire_early(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "b.sqlite3"
    db, service = await open_service(path, clock, turn_seconds=60)
    match_id = await lobby(service, humans=2)
    await service.start_match(match_id, 100)
    await service.close()
    await db.close()
    clock.now += 30
    db, service = await open_service(path, clock, turn_seconds=60)
    try:
        match = await service.get(match_id)
        assert match.deadline is not None
        left = match.deadline - asyncio.get_running_loop().time()
        assert 29 < left <= 30
        for _ in range(20):
            await asyncio.sleep(0)
        assert rows(path, "SELECT COUNT(*) FROM actions") == [(0,)]
    finally:
        await service.close()
        await db.close()


async def test_human_action_resets_the_timeout_count(env: Any, tmp_path: Path) -> None:
    _, service = env
    match_id = await lobby(service, humans=2)
    update = await service.start_match(match_id, 100)
    seat = min(update.deciders)
    update = await service.timeout(match_id, update.match.version)
    assert update is not None and update.match.seats[seat].timeouts == 1
    update = await play_one(service, update)  # the other seat acts
    update = await play_one(service, update)  # seat acts itself
    assert update.match.seats[seat].timeouts == 0


class EndlessTiny(TwentyOne):
    """A broken game that never ends: the pile never reaches the target."""

    def outcome(self, state: Any) -> Any:
        return None

    def live_seats(self, state: Any) -> frozenset[int]:
        return frozenset(range(state.seats))  # nobody is ever out: the AI plays on for good

    def _resolve(self, state: Any, action: Any) -> Any:
        events = super()._resolve(state, action)
        state.winner = None
        state.pile = 0
        if not state.deck:
            state.deck = [1] * 12
        return events


async def test_ai_loop_is_capped_for_a_game_that_never_hands_back(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.core.ai_driver.AI_ITERATION_CAP", 25)
    endless = EndlessTiny()
    db = await open_storage(tmp_path / "b.sqlite3")
    service = MatchService(db, games=lambda _id: endless, clock=clock)
    try:
        match = await service.create(
            guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="tiny"
        )
        await service.add_ai(match.id, 100)
        await service.add_ai(match.id, 100)
        update = await service.start_match(match.id, 100)
        update = await service.concede(match.id, 100)  # only AI seats remain deciding
        assert update.match.status == "live"
        assert len(await service.action_log(match.id)) == 1 + 25
    finally:
        await service.close()
        await db.close()


async def test_running_timer_fires_on_the_loop_clock(tmp_path: Path, clock: Clock) -> None:
    # turn_seconds=0: the deadline is due at once, so the loop fires it on its next turn.
    db, service = await open_service(tmp_path / "b.sqlite3", clock, turn_seconds=0)
    try:
        match_id = await lobby(service, humans=2)
        update = await service.start_match(match_id, 100)

        async def moved() -> bool:
            return (await service.get(match_id)).version > update.match.version

        await settle(moved)
        assert (await service.action_log(match_id))[0].seat == min(update.deciders)
    finally:
        await service.close()
        await db.close()
