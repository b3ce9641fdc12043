"""A restart while an AI seat is to move (issue 30.10): the AI's moves after the restart stay,
a person's next move lands, and no commit ever writes a log that forks from the session's."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.core.service import MatchService, ServiceError
from bot.storage import open_storage
from tests.bot.test_service import TINY, Clock, games, lobby
from tests.support.crash import dies_before_the_ai
from tests.support.inspect_db import InspectDb
from tests.support.snapshots import replayed_to


def log_count(path: Path, match_id: int) -> int:
    count = "SELECT COUNT(*) FROM actions WHERE match_id = ?"
    return int(InspectDb(path).value(count, (match_id,)))


def snapshot_of(path: Path, match_id: int) -> tuple[int, Any]:
    [(count, state)] = InspectDb(path).rows(
        "SELECT action_count, state_json FROM snapshots WHERE match_id = ?", (match_id,)
    )
    return int(count), json.loads(state)


async def crashed_before_the_ai_moved(path: Path, clock: Clock) -> int:
    """A live tiny match (Ann against an AI seat) left as a crash leaves it: Ann's move is
    stored, the process died before the AI seat answered, so the AI is to move."""
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    await service.start()

    crash = dies_before_the_ai(service.ledger)

    service.ai.run = crash  # type: ignore[method-assign]
    match_id = await lobby(service, humans=1, ai=1)
    update = await service.start_match(match_id, 100)
    _, _, actions = await service.view(match_id, 100)
    update = await service.act(match_id, 100, actions[0].key, update.match.version)
    assert update.deciders == {1}, "the AI seat is to move"
    await service.close()
    await db.close()
    return match_id


async def test_a_restart_while_the_ai_is_to_move_keeps_its_moves(tmp_path: Path) -> None:
    # issue 30.10: the check used to rebuild the session from the record read before the AI
    # moved, so its moves vanished from memory and Ann's next move hit a stored index.
    path, clock = tmp_path / "r.sqlite3", Clock()
    match_id = await crashed_before_the_ai_moved(path, clock)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        await service.resumed()
        await service.checked()
        match, _, actions = await service.view(match_id, 100)
        assert log_count(path, match_id) == 2, "the AI answered after the restart"
        assert actions, "Ann is to move again, on the state the AI's move left"
        update = await service.act(match_id, 100, actions[0].key, match.version)
        assert update.match.version == match.version + 2  # Ann's move and the AI's answer
        assert log_count(path, match_id) == 4
        count, state = snapshot_of(path, match_id)
        assert count <= 4
        assert replayed_to(TINY, await service.record(match_id), count) == state
    finally:
        await service.close()
        await db.close()


async def test_the_first_click_after_the_restart_waits_for_the_ai_then_lands(
    tmp_path: Path,
) -> None:
    # issue 30.10: Ann's view arrives before the background check; the AI's burst must not
    # have run on the unchecked snapshot and then been rolled back by that check.
    path, clock = tmp_path / "r.sqlite3", Clock()
    match_id = await crashed_before_the_ai_moved(path, clock)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        match, _, actions = await service.view(match_id, 100)
        if not actions:  # the AI's burst had not run yet: it runs once the match is free
            await service.resumed()
            match, _, actions = await service.view(match_id, 100)
        update = await service.act(match_id, 100, actions[0].key, match.version)
        assert update.match.status == "live"
        assert log_count(path, match_id) == 4
        count, state = snapshot_of(path, match_id)
        assert replayed_to(TINY, await service.record(match_id), count) == state
    finally:
        await service.close()
        await db.close()


async def test_a_commit_refuses_a_session_behind_the_stored_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # issue 30.10: the invariant at every commit. A session whose action count is not the
    # stored log's is refused loudly (nothing written, no forked log), and the match is read
    # back from the database, so the next move lands.
    path, clock = tmp_path / "r.sqlite3", Clock()
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        match_id = await lobby(service, humans=2)
        update = await service.start_match(match_id, 100)
        _, _, actions = await service.view(match_id, 100)
        update = await service.act(match_id, 100, actions[0].key, update.match.version)
        session = service.live[match_id]
        behind = type(session)(
            session.game,
            session.state,
            session.header,
            session.ai_seed,
            session.count - 1,  # one action short of the log
            dict(session.ai_levels),
            version=session.version,
        )
        service.live.put(match_id, behind)
        _, _, actions = await service.view(match_id, 101)
        with caplog.at_level(logging.ERROR), pytest.raises(ServiceError) as refused:
            await service.act(match_id, 101, actions[0].key, update.match.version)
        assert refused.value.code == "stale"
        assert "log" in caplog.text and str(match_id) in caplog.text
        assert log_count(path, match_id) == 1, "nothing was written"
        assert service.live[match_id].count == 1, "the session was read back from the log"
        update = await service.act(match_id, 101, actions[0].key, update.match.version)
        assert log_count(path, match_id) == 2
        count, state = snapshot_of(path, match_id)
        assert replayed_to(TINY, await service.record(match_id), count) == state
    finally:
        await service.close()
        await db.close()


async def test_a_check_never_rolls_a_session_back_to_the_record_read_at_the_restore(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 30.10, the root: even should a match move before its log is checked (as the AI
    # did during the start), the check reads its record again instead of rebuilding the
    # session from the one read at the restore.
    path, clock = tmp_path / "r.sqlite3", Clock()
    match_id = await crashed_before_the_ai_moved(path, clock)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)

    async def nothing_owed(match_id: int) -> None:
        return None

    monkeypatch.setattr(service.startup, "resume", nothing_owed)
    try:
        await service.start()
        assert match_id in service.restorer.unchecked
        async with service.live.lock(match_id):  # the AI moves on the unchecked snapshot
            await service.ai.run(await service.get(match_id), [])
        assert service.live[match_id].count == 2
        await service.checked()
        assert service.live[match_id].count == 2, "the check kept the AI's move"
        match, _, actions = await service.view(match_id, 100)
        await service.act(match_id, 100, actions[0].key, match.version)
        assert log_count(path, match_id) == 4
    finally:
        await service.close()
        await db.close()


async def test_a_start_never_waits_for_an_ai_that_is_thinking_and_close_stops_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 30.1: the start awaited every AI burst a restart found owed (a strong seat thinks
    # for seconds a move), so the bot went online only once every AI had played. Now the start
    # returns with the AI still thinking, other matches answer meanwhile, and close stops it.
    path, clock = tmp_path / "r.sqlite3", Clock()
    thinking_in = await crashed_before_the_ai_moved(path, clock)
    db = await open_storage(path)
    other = MatchService(db, games=games, clock=clock)

    async def nothing_owed(match_id: int) -> None:
        return None  # the AI stays to move in the match the crash left

    monkeypatch.setattr(other.startup, "resume", nothing_owed)
    await other.start()
    idle = await lobby(other, humans=2)
    await other.start_match(idle, 100)
    await other.close()
    await db.close()

    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    thinking, never = asyncio.Event(), asyncio.Event()

    choose = service.ai._next_ai_move

    async def thinks_for_ever(live: Any, match: Any) -> Any:
        if match.id != thinking_in:
            return await choose(live, match)
        thinking.set()
        await never.wait()

    monkeypatch.setattr(service.ai, "_next_ai_move", thinks_for_ever)
    try:
        await asyncio.wait_for(service.start(), 30)  # a hang detector, not a time
        await asyncio.wait_for(thinking.wait(), 30)
        assert service.startup.bursts_running() == 1 and service.startup.owed == [thinking_in]
        match, _, actions = await service.view(idle, 100)  # another match answers at once
        await service.act(idle, 100, actions[0].key, match.version)
    finally:
        await asyncio.wait_for(service.close(), 30)
        await db.close()
    assert service.startup.bursts_running() == 0
    assert log_count(path, thinking_in) == 1, "nothing half-written by the cancelled burst"
