"""Opening storage: an empty location is migrated to the latest schema and keeps what is written
across a reopen; a location that holds no database, or a newer schema, is refused in one
readable line and leaves nothing running."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.storage import DatabaseUnavailable, MigrationError
from tests.storage.contract.conftest import Backend
from tests.storage.contract.test_matches import lobby


async def test_an_empty_location_opens_migrated_and_keeps_data_across_a_reopen(
    backend: Backend,
) -> None:
    storage = await backend.storage()
    match_id = await lobby(storage.matches)
    await storage.decks.create(1, "duel", "Muddy", "ranger", {})
    await backend.close(storage)
    again = await backend.storage()  # reopening migrates nothing and loses nothing
    row = await again.matches.match(match_id)
    assert row is not None and row.status == "lobby"
    assert await again.decks.count(1) == 1
    assert again.location == backend.location


async def no_thread_left(before: set[threading.Thread]) -> bool:
    """No thread started since ``before`` is still running. A backend's worker thread that is
    not a daemon keeps the process alive for ever; closed, it ends on its next turn: give it a
    moment, not a deadline to meet. (Threads of earlier tests ending meanwhile do not count.)"""
    for _ in range(200):
        if not [t for t in threading.enumerate() if t not in before and t.is_alive()]:
            return True
        await asyncio.sleep(0.05)
    return False


async def test_a_corrupt_database_is_refused_in_one_clear_line(backend: Backend) -> None:
    backend.corrupt()
    before = set(threading.enumerate())
    with pytest.raises(DatabaseUnavailable) as caught:
        await backend.storage()
    message = str(caught.value)
    assert message.startswith(f"cannot use the database {backend.location}: ")
    assert "\n" not in message and "not a database" in message
    assert await no_thread_left(before)


async def test_a_schema_newer_than_the_code_is_refused(backend: Backend) -> None:
    await backend.close(await backend.storage())
    backend.make_newer()
    before = set(threading.enumerate())
    with pytest.raises(MigrationError, match="newer than this code"):
        await backend.storage()
    assert await no_thread_left(before)
