"""A SQLite file another process holds locked past the busy wait (a second process, an
operator's shell in a transaction) is "try again" for a move, as an unreachable PostgreSQL is
(issue 28.6): refused whole, in words, and played once the lock is gone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.core.errors import refusal_of
from bot.core.service import MatchService
from bot.storage import DatabaseUnavailable, open_storage
from bot.storage.sqlite import database
from bot.words import error_texts
from tests.bot.test_flow_service import games
from tests.bot.test_service import Clock


async def test_a_move_on_a_locked_file_is_try_again_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 100)
    path = tmp_path / "b.sqlite3"
    storage = await open_storage(path)
    service = MatchService(storage, games=games, clock=Clock())
    await service.start()
    try:
        match = await service.create(
            guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="tiny"
        )
        await service.add_ai(match.id, 100, "heuristic")
        await service.start_match(match.id, 100)
        current, _, actions = await service.view(match.id, 100)
        other = sqlite3.connect(path, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")  # another writer holds the file
            with pytest.raises(DatabaseUnavailable) as caught:
                await service.act(match.id, 100, actions[0].key, current.version)
            refused = refusal_of(caught.value)
            assert refused is not None
            assert refused.words() == error_texts.SERVICE_ERRORS["unavailable"]
            other.execute("ROLLBACK")
        finally:
            other.close()
        assert (await service.get(match.id)).version == current.version
        update = await service.act(match.id, 100, actions[0].key, current.version)
        assert update.match.version > current.version
    finally:
        await service.close()
        await storage.close()
