"""Storage on a real SQLite file: migrations from empty to latest, idempotent, refuse newer."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import MigrationError, open_storage
from bot.storage.sqlite.migrate import available_migrations, migrate, schema_version
from tests.storage.sqlite import open_migrated

TABLES = {"guild_settings", "matches", "seats", "actions", "snapshots"}


async def test_empty_file_migrates_to_latest(tmp_path: Path) -> None:
    db = await open_migrated(tmp_path / "b.sqlite3")
    try:
        assert await schema_version(db) == available_migrations()[-1].number
    finally:
        await db.close()
    with sqlite3.connect(tmp_path / "b.sqlite3") as raw:
        names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert names >= TABLES
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_migrating_twice_is_a_no_op(tmp_path: Path) -> None:
    db = await open_migrated(tmp_path / "b.sqlite3")
    try:
        assert await migrate(db) == []
    finally:
        await db.close()
    db = await open_migrated(tmp_path / "b.sqlite3")  # reopening applies nothing either
    try:
        assert await migrate(db) == []
    finally:
        await db.close()


async def test_database_newer_than_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "b.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA user_version = 999")
    with pytest.raises(MigrationError, match="newer than this code"):
        await open_storage(path)


async def test_action_log_is_append_only(tmp_path: Path) -> None:
    db = await open_migrated(tmp_path / "b.sqlite3")
    try:
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO matches (guild_id, channel_id, game, status, host_id, created_at,"
                " updated_at) VALUES (1, 1, 'tiny', 'live', 1, 0, 0)"
            )
            await conn.execute(
                "INSERT INTO actions (match_id, idx, seat, action_json, created_at)"
                " VALUES (1, 0, 0, '{}', 0)"
            )
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            async with db.transaction() as conn:
                await conn.execute("UPDATE actions SET seat = 1")
    finally:
        await db.close()


async def test_foreign_keys_are_enforced(tmp_path: Path) -> None:
    db = await open_migrated(tmp_path / "b.sqlite3")
    try:
        with pytest.raises(sqlite3.IntegrityError):
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO seats (match_id, seat, name) VALUES (42, 0, 'x')")
    finally:
        await db.close()
