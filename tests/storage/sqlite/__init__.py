"""Tests of the SQLite adapter's own machinery (one thread hop per transaction, SQLite's fault
codes), below the ports. Behaviour every backend must have is in ``tests/storage/contract``."""

from __future__ import annotations

from pathlib import Path

from bot.storage.sqlite.database import Database
from bot.storage.sqlite.migrate import migrate


async def open_migrated(path: Path) -> Database:
    db = await Database.open(path)
    await migrate(db)
    return db
