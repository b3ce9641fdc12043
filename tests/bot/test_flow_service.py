"""MatchService flow on a real SQLite file: lobby controls, AI filling, idle lobbies, server
settings, response-window timers and passes, AFK hand-over."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.core.service import AFK_EVENT, AFK_TIMEOUTS, MatchInfo, MatchService, ServiceError, Update
from bot.storage import Storage, open_storage
from engine.core import Game
from tests.bot.test_service import TINY, Clock
from tests.e2e.windowgame import EchoGame

ECHO = EchoGame()


def games(game_id: str) -> Game[Any, Any]:
    found = {"tiny": TINY, "echo": ECHO}.get(game_id)
    if found is None:
        raise KeyError(game_id)
    return found


async def settle(predicate: Any) -> None:
    """Wait (a few seconds at most) for timers and the database thread to catch up."""
    for _ in range(500):
        if await predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("condition never held")


async def open_service(path: Path, clock: Clock, **kw: Any) -> tuple[Storage, MatchService]:
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock, **kw)
    await service.start()
    return db, service


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(tmp_path: Path, clock: Clock) -> Any:
    db, service = await open_service(tmp_path / "b.sqlite3", clock)
    yield service
    await service.close()
    await db.close()


async def lobby(
    service: MatchService, humans: int = 2, game: str = "tiny", **options: Any
) -> MatchInfo:
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game=game, options=options
    )
    for n in range(1, humans):
        match = await service.join(match.id, 100 + n, f"P{n}")
    return match


async def refused(call: Any) -> str:
    with pytest.raises(ServiceError) as err:
        await call
    return err.value.code


async def test_table_size_and_ai_level_are_checked(service: MatchService) -> None:
    assert await refused(lobby(service, seats=9)) == "bad_seats"
    match = await lobby(service, seats=3)
    assert await refused(service.add_ai(match.id, 100, "genius")) == "bad_level"
    match = await service.add_ai(match.id, 100, "heuristic")
    assert match.seats[-1].ai_level == "heuristic"


async def test_host_removes_a_seat_and_hands_the_host_role_over(service: MatchService) -> None:
    match = await lobby(service, humans=3)
    assert await refused(service.remove_seat(match.id, 101, 2)) == "not_host"
    assert await refused(service.remove_seat(match.id, 100, 0)) == "host_stays"
    match = await service.remove_seat(match.id, 100, 1)
    assert [s.user_id for s in match.seats] == [100, 102]
    assert await refused(service.remove_seat(match.id, 100, 5)) == "no_such_seat"
    assert await refused(service.hand_over(match.id, 100, 101)) == "not_a_player"
    match = await service.hand_over(match.id, 100, 102)
    assert match.host_id == 102
    assert await refused(service.cancel(match.id, 100)) == "not_host"


async def test_empty_seats_fill_with_ai_at_start(service: MatchService) -> None:
    match = await lobby(service, humans=1, seats=4)
    update = await service.start_match(match.id, 100)
    seats = update.match.seats
    assert len(seats) == 4 and [s.ai_level for s in seats[1:]] == ["heuristic"] * 3


async def test_start_hooks_see_the_options_added_before_them(service: MatchService) -> None:
    seen: list[dict[str, Any]] = []

    async def first(match: MatchInfo) -> dict[str, Any]:
        return {"decks": ["picked"]}

    async def second(match: MatchInfo) -> dict[str, Any]:
        seen.append(dict(match.options))
        return {}

    service.add_start_hook(first)
    service.add_start_hook(second)
    match = await lobby(service)
    match = await service.set_pick(match.id, 101, {"deck": "precon:thief"})
    assert match.options["picks"] == {"101": {"deck": "precon:thief"}}
    assert await refused(service.set_pick(match.id, 999, {})) == "not_seated"
    await service.start_match(match.id, 100)
    assert seen[0]["decks"] == ["picked"]


async def test_an_idle_lobby_closes_and_says_so(tmp_path: Path, clock: Clock) -> None:
    db, service = await open_service(tmp_path / "b.sqlite3", clock, lobby_idle_seconds=0)
    published: list[Update] = []

    async def listen(update: Update) -> None:
        published.append(update)

    service.subscribe(listen)
    try:
        await lobby(service, humans=1)

        async def closed() -> bool:
            return bool(published) and published[-1].match.status == "cancelled"

        await settle(closed)
    finally:
        await service.close()
        await db.close()


async def test_lobby_expiry_survives_a_restart(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "b.sqlite3"
    db, service = await open_service(path, clock, lobby_idle_seconds=600)
    match = await lobby(service)
    assert match.deadline_kind == "lobby" and match.deadline_at == clock.now + 600
    await service.close()
    await db.close()
    clock.now += 601
    db, service = await open_service(path, clock, lobby_idle_seconds=600)
    try:

        async def closed() -> bool:
            return (await service.get(match.id)).status == "cancelled"

        await settle(closed)
    finally:
        await service.close()
        await db.close()


async def test_server_settings_set_the_turn_and_window_seconds(service: MatchService) -> None:
    await service.settings.change(1, 100, turn_seconds=45, window_seconds=7)
    match = await lobby(service, game="echo")
    update = await service.start_match(match.id, 100)
    assert update.match.deadline_kind == "turn"
    assert update.match.deadline_at is not None
    turn_left = update.match.deadline_at - service.timers.now()
    assert turn_left == 45
    _, _, actions = await service.view(match.id, 100)
    update = await service.act(match.id, 100, actions[0].key, update.match.version)
    assert update.match.deadline_kind == "window"
    assert update.match.deadline_at is not None
    assert update.match.deadline_at - service.timers.now() == 7


async def test_a_pass_drawn_before_other_passes_still_counts(service: MatchService) -> None:
    match = await lobby(service, humans=3, game="echo")
    update = await service.start_match(match.id, 100)
    _, _, actions = await service.view(match.id, 100)
    update = await service.act(match.id, 100, actions[0].key, update.match.version)
    drawn = update.match.version  # the table's Pass button carries this version
    assert update.deciders == {1, 2}
    update = await service.act(match.id, 101, "pass", drawn)
    update = await service.act(match.id, 102, "pass", drawn)  # only passes since: not stale
    assert update.deciders == {1}  # the window closed; seat 1's turn
    # That window closed: a Pass drawn in it is stale now (a fresh view follows), even though
    # only passes were played since, so it can never count in a later window.
    assert await refused(service.act(match.id, 102, "pass", drawn)) == "stale"


async def test_a_pass_drawn_before_a_response_is_stale(service: MatchService) -> None:
    match = await lobby(service, humans=3, game="echo")
    update = await service.start_match(match.id, 100)
    _, _, actions = await service.view(match.id, 100)
    update = await service.act(match.id, 100, actions[0].key, update.match.version)
    drawn = update.match.version
    _, _, answers = await service.view(match.id, 101)
    echo = next(a for a in answers if a.kind == "echo")
    await service.act(match.id, 101, echo.key, drawn)  # a response reopens the window
    assert await refused(service.act(match.id, 102, "pass", drawn)) == "stale"


async def test_a_lapsed_window_passes_for_everyone_without_counting_as_afk(
    service: MatchService,
) -> None:
    match = await lobby(service, humans=3, game="echo")
    update = await service.start_match(match.id, 100)
    _, _, actions = await service.view(match.id, 100)
    update = await service.act(match.id, 100, actions[0].key, update.match.version)
    timed = await service.timeout(match.id, update.match.version)
    assert timed is not None and timed.deciders == {1}
    assert [s.timeouts for s in timed.match.seats] == [0, 0, 0]
    assert timed.match.deadline_kind == "turn"


async def test_a_window_lapsing_for_several_seats_is_one_write(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 29.5: each lapsed seat's pass was its own write transaction; they are one burst.
    match = await lobby(service, humans=3, game="echo")
    update = await service.start_match(match.id, 100)
    _, _, actions = await service.view(match.id, 100)
    update = await service.act(match.id, 100, actions[0].key, update.match.version)
    assert update.deciders == {1, 2} and update.match.deadline_kind == "window"
    writes: list[list[tuple[int, bool]]] = []
    real = service.repo.record_actions

    async def counted(match_id: int, version: int, index: int, rows: Any, **kw: Any) -> None:
        writes.append([(r.seat, r.by_timeout) for r in rows])
        await real(match_id, version, index, rows, **kw)

    monkeypatch.setattr(service.repo, "record_actions", counted)
    timed = await service.timeout(match.id, update.match.version)
    assert timed is not None and timed.match.version == update.match.version + 2
    assert writes == [[(1, True), (2, True)]]  # both passes, one transaction
    log = await service.action_log(match.id)
    assert [(a.seat, a.kind) for a in log[-2:]] == [(1, "pass"), (2, "pass")]


async def test_three_turn_timeouts_in_a_row_hand_the_seat_to_the_ai(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "b.sqlite3"
    db, service = await open_service(path, clock)
    published: list[Update] = []

    async def listen(update: Update) -> None:
        published.append(update)

    service.subscribe(listen)
    match = await lobby(service, humans=2)
    update = await service.start_match(match.id, 100)
    for _ in range(2):  # seat 0 times out, seat 1 plays
        timed = await service.timeout(match.id, update.match.version)
        assert timed is not None
        _, _, actions = await service.view(match.id, 101)
        update = await service.act(match.id, 101, actions[0].key, timed.match.version)
    assert update.match.seats[0].timeouts == 2 and update.match.seats[0].ai_level is None
    timed = await service.timeout(match.id, update.match.version)
    assert timed is not None
    seat0 = timed.match.seats[0]
    assert seat0.afk and seat0.ai_level == "heuristic" and seat0.user_id == 100
    assert any(e.kind == AFK_EVENT and e.data["seat"] == 0 for u in published for e in u.events)
    await service.close()
    await db.close()
    db, service = await open_service(path, clock)  # still the AI's after a restart
    try:
        match = await service.get(match.id)
        assert match.seats[0].afk and match.seats[0].ai_level == "heuristic"
    finally:
        await service.close()
        await db.close()


async def test_several_lapses_in_one_turn_count_once_towards_being_away(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/ux.md "The away rule": a person reading a long decision lets several of one
    turn's decisions lapse; they count once, and only lapses in AFK_TIMEOUTS turns in a row
    hand the seat over. Here no play starts a turn: every lapse falls in the same one."""
    monkeypatch.setattr(type(TINY), "turn_started", lambda self, event: None)
    match = await lobby(service, humans=2)
    update = await service.start_match(match.id, 100)
    for _ in range(AFK_TIMEOUTS):  # seat 0 lapses, seat 1 plays: all in one turn
        timed = await service.timeout(match.id, update.match.version)
        assert timed is not None
        if timed.match.status != "live":
            pytest.skip("the pile reached the target")
        seat0 = timed.match.seats[0]
        assert seat0.timeouts == 1 and not seat0.afk and seat0.ai_level is None
        _, _, actions = await service.view(match.id, 101)
        update = await service.act(match.id, 101, actions[0].key, timed.match.version)


async def test_settings_refuse_bad_values_and_change_nothing(service: MatchService) -> None:
    from bot.core.settings import SettingsRefused

    with pytest.raises(SettingsRefused) as err:
        await service.settings.change(1, 100, turn_seconds=3, window_seconds=20)
    assert err.value.field == "turn_seconds"
    assert (await service.settings.get(1)).window_seconds == 15
    changed = await service.settings.change(1, 100, allowed_games=("classic",))
    assert changed.allows("classic") and not changed.allows("duel")
    assert (await service.settings.get(2)).allows("duel")  # another server keeps defaults


async def test_an_afk_player_takes_the_seat_back_and_current_tells_the_deciders(
    service: MatchService,
) -> None:
    match = await lobby(service, humans=2)
    update = await service.start_match(match.id, 100)
    for _ in range(3):  # seat 0 times out three times; seat 1 plays in between
        timed = await service.timeout(match.id, update.match.version)
        assert timed is not None
        if timed.match.seats[0].afk or timed.match.status != "live":
            break
        _, _, actions = await service.view(match.id, 101)
        update = await service.act(match.id, 101, actions[0].key, timed.match.version)
    assert timed is not None
    if timed.match.status != "live":
        pytest.skip("the pile reached the target before the third timeout")
    assert await refused(service.reclaim_seat(match.id, 101)) == "not_afk"
    back = await service.reclaim_seat(match.id, 100)
    seat = back.match.seats[0]
    assert not seat.afk and seat.ai_level is None and seat.timeouts == 0
    now = await service.current(match.id)
    assert now.deciders == back.deciders and now.match.version == back.match.version
