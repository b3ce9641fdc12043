"""The session's memo of its state (``MatchSession.sight``, issue 29): every commit, restore
and failed write leaves a session whose memo answers for the state it holds, each seat's own
view from it, and the click on a hand drawn at a version does not list its moves again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.core.service import Update
from bot.storage.models import DatabaseUnavailable
from engine.core import Action, Game
from tests.bot.test_service import TINY, Clock, lobby, open_service, play_one


def assert_fresh(session: Any) -> None:
    """The session's memo answers as the engine does for the session's own state."""
    game, state, sight = session.game, session.state, session.sight
    assert sight.state is state
    views = {s: game.view(state, s).to_json() for s in (None, 0, 1, 2)}
    for seat, view in views.items():
        assert sight.view(seat).to_json() == view
    for seat in (0, 1, 2):
        assert sight.legal(seat) == game.legal_actions(state, seat)


class Listed:
    """Counts ``legal_actions`` per seat on the tiny game."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seats: list[int] = []
        real = type(TINY).legal_actions

        def counted(game: Game[Any, Any], state: Any, seat: int) -> list[Action]:
            self.seats.append(seat)
            return real(TINY, state, seat)

        monkeypatch.setattr(type(TINY), "legal_actions", counted)


async def test_each_commit_leaves_a_session_whose_memo_is_its_own_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, service = await open_service(tmp_path / "m.sqlite3", Clock())
    try:
        match_id = await lobby(service, humans=3)
        update = await service.start_match(match_id, 100)
        for _ in range(4):
            before = service.live[match_id]
            assert update.sight is before.sight  # the update hands the session's memo on
            assert_fresh(before)
            update = await play_one(service, update)
            after = service.live[match_id]
            assert after is not before and after.sight is not before.sight
            assert_fresh(after)
            assert_fresh(before)  # the old state was never changed under its memo
        # Each seat's own view, never another's: hands differ as the engine's do.
        seen = {s: update.view_of(s).to_json() for s in (None, 0, 1, 2)}
        assert seen[None]["hand"] is None
        for seat in (0, 1, 2):
            assert seen[seat] == TINY.view(update.state, seat).to_json()
            assert seen[seat]["hand"] == update.state.hands[seat]
    finally:
        await service.close()
        await db.close()


async def test_a_click_checks_against_the_moves_its_hand_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, service = await open_service(tmp_path / "m.sqlite3", Clock())
    try:
        match_id = await lobby(service, humans=3)
        update = await service.start_match(match_id, 100)
        seat = min(update.deciders)
        user = update.match.seats[seat].user_id
        assert user is not None
        listed = Listed(monkeypatch)
        _, _, actions = await service.view(match_id, user)  # the hand drawn: moves listed
        await service.act(match_id, user, actions[0].key, update.match.version)
        assert listed.seats == [seat]  # once, not again for the click's check
    finally:
        await service.close()
        await db.close()


async def test_a_failed_write_keeps_the_session_and_its_memo_true(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, service = await open_service(tmp_path / "m.sqlite3", Clock())
    try:
        match_id = await lobby(service, humans=3)
        update = await service.start_match(match_id, 100)
        session = service.live[match_id]
        drawn = session.state.to_json()
        assert_fresh(session)

        async def fails(*args: Any, **kw: Any) -> None:
            raise DatabaseUnavailable("m.sqlite3", OSError("the disk went away"))

        real = service.repo.record_actions
        monkeypatch.setattr(service.repo, "record_actions", fails)
        with pytest.raises(DatabaseUnavailable):
            await play_one(service, update)
        assert service.live[match_id] is session and session.state.to_json() == drawn
        assert_fresh(session)  # the move played on a clone: the memo still answers truly
        monkeypatch.setattr(service.repo, "record_actions", real)
        update = await play_one(service, update)
        assert_fresh(service.live[match_id])
    finally:
        await service.close()
        await db.close()


async def test_a_restored_session_answers_from_its_own_state(tmp_path: Path) -> None:
    path, clock = tmp_path / "m.sqlite3", Clock()
    db, service = await open_service(path, clock)
    match_id = await lobby(service, humans=3)
    update = await play_one(service, await service.start_match(match_id, 100))
    await service.close()
    await db.close()
    db, service = await open_service(path, clock)
    try:
        await service.view(match_id, 100)  # checks the log, then answers
        restored = service.live[match_id]
        assert restored.state.to_json() == update.state.to_json()
        assert_fresh(restored)
        assert isinstance(await play_one(service, await service.current(match_id)), Update)
        assert_fresh(service.live[match_id])
    finally:
        await service.close()
        await db.close()


async def test_a_state_put_in_place_gets_a_memo_of_its_own(tmp_path: Path) -> None:
    db, service = await open_service(tmp_path / "m.sqlite3", Clock())
    try:
        match_id = await lobby(service, humans=3)
        await service.start_match(match_id, 100)
        session = service.live[match_id]
        old = session.sight
        seat = min(session.deciders())
        moved = replace(session, state=old.play(old.legal(seat)[0])[0])
        assert moved.sight is not old and moved.sight.state is moved.state
        session.state = moved.state  # never done by the bot; the memo follows anyway
        assert session.sight is not old
        assert_fresh(session)
    finally:
        await service.close()
        await db.close()
