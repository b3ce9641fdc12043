"""A restart restores live matches from their snapshots and checks each against a replay of its
log afterwards: in the background, or before the match is shown or changed, whichever is first."""

from __future__ import annotations

import json
from pathlib import Path

from bot.core.service import MatchService
from bot.storage import open_storage
from engine.core.record import replay
from tests.bot.test_service import TINY, Clock, games, lobby, play_one
from tests.support.inspect_db import InspectDb
from tests.support.snapshots import replayed_to

DAMAGE = "UPDATE snapshots SET state_json = replace(state_json, '\"pile\": ', '\"pile\": 9')"


async def played_match(path: Path, clock: Clock) -> tuple[int, int, str, int]:
    """A live two-player tiny match one move in: its id, who moves next, a legal key for them
    and the match version."""
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    await service.start()
    match_id = await lobby(service, humans=2)
    update = await play_one(service, await service.start_match(match_id, 100))
    user = update.match.seats[min(update.deciders)].user_id
    assert user is not None
    _, _, actions = await service.view(match_id, user)
    await service.close()
    await db.close()
    return match_id, user, actions[0].key, update.match.version


def stored_snapshot(path: Path, match_id: int) -> str:
    raw = InspectDb(path)
    [(state,)] = raw.rows("SELECT state_json FROM snapshots WHERE match_id = ?", (match_id,))
    return str(state)


def snapshot_count(path: Path, match_id: int) -> int:
    raw = InspectDb(path)
    return int(raw.value("SELECT action_count FROM snapshots WHERE match_id = ?", (match_id,)))


async def test_the_background_check_repairs_a_damaged_snapshot(tmp_path: Path) -> None:
    path, clock = tmp_path / "b.sqlite3", Clock()
    match_id, *_ = await played_match(path, clock)
    good = stored_snapshot(path, match_id)
    raw = InspectDb(path)
    raw.execute(DAMAGE)
    assert stored_snapshot(path, match_id) != good
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        await service.checked()
        # The log is the truth: the snapshot is rewritten from it, at the log's end (the one
        # damaged was the start's: one is written every SNAPSHOT_EVERY actions).
        assert stored_snapshot(path, match_id) != good
        record = await service.record(match_id)
        assert snapshot_count(path, match_id) == len(record.actions)
        assert json.loads(stored_snapshot(path, match_id)) == replayed_to(
            TINY, record, len(record.actions)
        )
    finally:
        await service.close()
        await db.close()


async def test_a_move_right_after_a_restart_plays_on_the_replayed_state(tmp_path: Path) -> None:
    path, clock = tmp_path / "b.sqlite3", Clock()
    match_id, user, key, version = await played_match(path, clock)
    raw = InspectDb(path)
    raw.execute(DAMAGE)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        # The move takes the match lock before the background check can: it checks first.
        await service.act(match_id, user, key, version)
        record = await service.record(match_id)
        count = snapshot_count(path, match_id)
        assert json.loads(stored_snapshot(path, match_id)) == replayed_to(TINY, record, count)
        assert service.live[match_id].state.to_json() == replay(TINY, record).to_json()
    finally:
        await service.close()
        await db.close()


async def test_closing_before_the_check_finishes_is_clean(tmp_path: Path) -> None:
    path, clock = tmp_path / "b.sqlite3", Clock()
    await played_match(path, clock)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    await service.start()
    await service.close()  # cancels the pending check without an error
    await db.close()


# hands lost in a crash ------------------------------------------------------------------------


async def test_a_hand_never_delivered_is_owed_after_a_restart(tmp_path: Path) -> None:
    """A crash between the start and the hand DMs: every human seat is owed its hand."""
    path, clock = tmp_path / "h.sqlite3", Clock()
    match_id, *_ = await played_match(path, clock)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        assert await service.hands_owed() == {match_id: {0, 1}}
        for seat in (await service.get(match_id)).seats:
            assert seat.user_id is not None
            await service.hand_sent(match_id, seat.user_id, (await service.get(match_id)).version)
        assert await service.hands_owed() == {}
    finally:
        await service.close()
        await db.close()


async def test_only_the_decider_whose_dm_is_older_than_the_match_is_owed(tmp_path: Path) -> None:
    path, clock = tmp_path / "h.sqlite3", Clock()
    match_id, user, key, version = await played_match(path, clock)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        for seat in (await service.get(match_id)).seats:
            assert seat.user_id is not None
            await service.hand_sent(match_id, seat.user_id, version)
        # A move is committed, then the process dies before the next decider's DM goes out.
        update = await service.act(match_id, user, key, version)
        [decider] = update.deciders
        await service.close()
        await db.close()
        db = await open_storage(path)
        service = MatchService(db, games=games, clock=clock)
        await service.start()
        assert await service.hands_owed() == {match_id: {decider}}
        # An older DM never overwrites a newer one's mark.
        match = await service.get(match_id)
        decider_user = match.seats[decider].user_id
        assert decider_user is not None
        await service.hand_sent(match_id, decider_user, match.version)
        await service.hand_sent(match_id, decider_user, version)
        assert await service.hands_owed() == {}
    finally:
        await service.close()
        await db.close()


async def test_afk_and_closed_dm_seats_are_never_owed_a_hand(tmp_path: Path) -> None:
    path, clock = tmp_path / "h.sqlite3", Clock()
    await played_match(path, clock)
    raw = InspectDb(path)
    raw.execute("UPDATE seats SET afk = 1, ai_level = 'heuristic' WHERE seat = 0")
    raw.execute("UPDATE seats SET dm_closed = 1 WHERE seat = 1")
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        assert await service.hands_owed() == {}
    finally:
        await service.close()
        await db.close()
