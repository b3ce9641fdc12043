"""The SQLite adapter's match cache: a read that raced a write never keeps what it read. (That
every write shows in the next read is the contract's: ``tests/storage/contract``.)"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage.sqlite.database import Database
from bot.storage.sqlite.repository import Repository
from tests.storage.sqlite import open_migrated


@pytest.fixture
async def repo(tmp_path: Path) -> AsyncIterator[Repository]:
    db = await open_migrated(tmp_path / "b.sqlite3")
    yield Repository(db)
    await db.close()


async def new_match(repo: Repository) -> int:
    return await repo.create_match(
        guild_id=1, channel_id=2, game="tiny", host_id=10, host_name="Ann", options={}
    )


async def status(repo: Repository, match_id: int) -> str:
    found = await repo.match_with_seats(match_id)
    assert found is not None
    return found[0].status


async def test_a_read_that_raced_a_write_is_not_kept(repo: Repository) -> None:
    match_id = await new_match(repo)
    db: Database = repo.db
    plain_read = db.read

    async def read_then_someone_writes(work: Any) -> Any:
        found = await plain_read(work)
        await repo.set_status(match_id, "cancelled")  # lands after the read, before it returns
        return found

    db.read = read_then_someone_writes  # type: ignore[method-assign]
    assert await status(repo, match_id) == "lobby"  # what was read...
    db.read = plain_read  # type: ignore[method-assign]
    assert await status(repo, match_id) == "cancelled"  # ...was not kept
