"""SQLite storage: one connection, forward-only migrations, every SQL string in this package."""

from __future__ import annotations

from pathlib import Path

from bot.storage.database import Database
from bot.storage.migrate import MigrationError, migrate


async def open_database(path: Path | str) -> Database:
    """Open (creating if needed) and migrate to the latest schema."""
    db = await Database.open(path)
    try:
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return db


__all__ = ["Database", "MigrationError", "migrate", "open_database"]
