"""SQLite faults (issue 13, items 3 and 8): a path that cannot hold the file raises one readable
``DatabaseUnavailable``, and a full disk reports the disk, not "cannot rollback". (A corrupt
file is the contract's: ``tests/storage/contract/test_opening.py``.)"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import DatabaseUnavailable, open_storage
from bot.storage.models import ActionRow
from bot.storage.sqlite.database import Database
from bot.storage.sqlite.repository import Repository
from tests.storage.sqlite import open_migrated

FULL = "database or disk is full"


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    opened = await open_migrated(tmp_path / "b.sqlite3")
    yield opened
    await opened.close()


async def test_a_missing_folder_is_created(tmp_path: Path) -> None:
    path = tmp_path / "var" / "deeper" / "backstab.sqlite3"
    db = await open_storage(path)
    await db.close()
    assert path.is_file()


async def test_a_folder_that_is_a_file_raises_one_line(tmp_path: Path) -> None:
    (tmp_path / "var").write_text("not a folder")
    path = tmp_path / "var" / "backstab.sqlite3"
    with pytest.raises(DatabaseUnavailable, match=f"cannot use the database {path}: "):
        await open_storage(path)


async def fill_the_disk(db: Database) -> None:
    """SQLite's own page limit stands in for a full disk: the same SQLITE_FULL, which SQLite
    answers by rolling the transaction back itself."""
    count = (await db.read(lambda raw: raw.execute("PRAGMA page_count").fetchone()))[0]
    await db.read(lambda raw: raw.execute(f"PRAGMA max_page_count={count + 2}").fetchall())


def big_rows(raw: sqlite3.Connection) -> None:
    for guild in range(1, 200):
        raw.execute(
            "INSERT INTO guild_settings (guild_id, settings_json) VALUES (?, ?)",
            (guild, "x" * 4000),
        )


async def test_a_full_disk_is_reported_as_such_by_write(db: Database) -> None:
    await fill_the_disk(db)
    with pytest.raises(sqlite3.OperationalError, match=FULL):
        await db.write(big_rows)
    # Nothing was half-written, and the connection still works.
    rows = await db.read(lambda raw: raw.execute("SELECT COUNT(*) FROM guild_settings").fetchone())
    assert rows[0] == 0


async def test_a_full_disk_is_reported_as_such_by_transaction(db: Database) -> None:
    await fill_the_disk(db)
    with pytest.raises(sqlite3.OperationalError, match=FULL):
        async with db.transaction() as conn:
            for guild in range(1, 200):
                await conn.execute(
                    "INSERT INTO guild_settings (guild_id, settings_json) VALUES (?, ?)",
                    (guild, "x" * 4000),
                )
    async with db.exclusive() as conn:
        rows = await conn.execute_fetchall("SELECT COUNT(*) FROM guild_settings")
    assert next(iter(rows))[0] == 0


async def test_a_full_disk_during_a_move_keeps_the_match_as_it_was(db: Database) -> None:
    repo = Repository(db)
    match_id = await repo.create_match(
        guild_id=1, channel_id=2, game="tiny", host_id=10, host_name="Ann", options={}
    )
    found = await repo.match_with_seats(match_id)
    assert found is not None
    await repo.start_match(
        match_id, found[0].version, header={}, ai_seed=1, state={"n": 0}, deadline_at=None
    )
    version = (await repo.match(match_id)).version  # type: ignore[union-attr]
    await fill_the_disk(db)
    with pytest.raises(sqlite3.OperationalError, match=FULL):
        await repo.record_action(
            match_id,
            version,
            0,
            ActionRow(0, {"seat": 0, "kind": "x"}),
            state={"n": 1, "pad": "x" * 40000},
            outcome=None,
            deadline_at=None,
        )
    assert (await repo.match(match_id)).version == version  # type: ignore[union-attr]
    assert await repo.actions(match_id) == []
