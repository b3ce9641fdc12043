"""Storage behind typed ports (``ports.py``) returning frozen records (``models.py``); the one
backend today is SQLite (``sqlite/``). ``open_storage`` is the only way in."""

from __future__ import annotations

from pathlib import Path

from bot.storage.models import DatabaseUnavailable, MigrationError, VersionConflict
from bot.storage.ports import Storage
from bot.storage.sqlite import DEFAULT_PATH, file_in, open_sqlite


async def open_storage(location: Path | str) -> Storage:
    """Open the database at ``location`` and migrate it to the latest schema. A second backend
    would be chosen here by the location's form (a ``postgresql://`` URL)."""
    return await open_sqlite(location)


__all__ = [
    "DEFAULT_PATH",
    "DatabaseUnavailable",
    "MigrationError",
    "Storage",
    "VersionConflict",
    "file_in",
    "open_storage",
]
