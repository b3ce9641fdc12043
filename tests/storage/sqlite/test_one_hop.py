"""The SQLite adapter's one-hop reads and writes (``Database.read``/``write``): a write commits
all or nothing, and a hop never lands inside an open transaction. (A stale ``record_action``
changing nothing is the contract's: ``tests/storage/contract/test_matches.py``.)"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage.sqlite.database import Database
from bot.storage.sqlite.repository import Repository
from tests.storage.sqlite import open_migrated


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    opened = await open_migrated(tmp_path / "b.sqlite3")
    yield opened
    await opened.close()


async def live_match(repo: Repository) -> int:
    match_id = await repo.create_match(
        guild_id=1, channel_id=2, game="tiny", host_id=10, host_name="Ann", options={}
    )
    found = await repo.match_with_seats(match_id)
    assert found is not None
    await repo.start_match(
        match_id, found[0].version, header={}, ai_seed=1, state={"n": 0}, deadline_at=None
    )
    return match_id


async def test_a_write_that_raises_commits_nothing(db: Database) -> None:
    def half_then_fail(raw: sqlite3.Connection) -> None:
        raw.execute("INSERT INTO guild_settings (guild_id, settings_json) VALUES (1, '{}')")
        raise RuntimeError("midway")

    with pytest.raises(RuntimeError):
        await db.write(half_then_fail)
    count = await db.read(lambda raw: raw.execute("SELECT count(*) FROM guild_settings").fetchone())
    assert count[0] == 0
    await db.write(lambda raw: raw.execute("INSERT INTO guild_settings VALUES (2, '{}')"))
    count = await db.read(lambda raw: raw.execute("SELECT count(*) FROM guild_settings").fetchone())
    assert count[0] == 1  # the connection is usable after the rollback


async def test_a_hop_waits_for_an_open_transaction_and_never_lands_inside_it(db: Database) -> None:
    def insert(guild: int) -> Any:
        return lambda raw: raw.execute("INSERT INTO guild_settings VALUES (?, '{}')", (guild,))

    writer: asyncio.Task[Any] | None = None
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO guild_settings VALUES (1, '{}')")
            writer = asyncio.create_task(db.write(insert(2)))
            for _ in range(20):
                await asyncio.sleep(0)  # the hop is asked for while BEGIN..COMMIT is open
            assert not writer.done()
            raise RuntimeError("roll the open transaction back")
    assert writer is not None
    await writer
    rows = await db.read(lambda raw: raw.execute("SELECT guild_id FROM guild_settings").fetchall())
    assert [r[0] for r in rows] == [2]  # the hop committed on its own; the rollback took only 1
