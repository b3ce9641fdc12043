"""The SQLite adapter's migrations on a real file: from empty to latest, idempotent, and the
schema's own guards (an append-only log, foreign keys). Refusing a newer schema is the
contract's (``tests/storage/contract/test_opening.py``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage.sqlite.migrate import available_migrations, migrate, schema_version
from tests.storage.sqlite import open_migrated
from tests.support.inspect_db import InspectDb

TABLES = {"guild_settings", "matches", "seats", "actions", "snapshots"}


async def test_empty_file_migrates_to_latest(tmp_path: Path) -> None:
    db = await open_migrated(tmp_path / "b.sqlite3")
    try:
        assert await schema_version(db) == available_migrations()[-1].number
    finally:
        await db.close()
    stored = InspectDb(tmp_path / "b.sqlite3")
    assert stored.tables() >= TABLES and stored.journal_mode() == "wal"


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
