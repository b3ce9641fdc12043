"""Storage behind typed ports (``ports.py``) returning frozen records (``models.py``); two
backends, SQLite (``sqlite/``, the default that needs no setup) and PostgreSQL
(``postgres/``). ``open_storage`` is the only way in."""

from __future__ import annotations

from pathlib import Path

from bot.storage.bulk import CopiedTable, CopyRefused, copy_tables
from bot.storage.models import DatabaseUnavailable, MigrationError, VersionConflict
from bot.storage.ports import Storage
from bot.storage.postgres import is_postgres_url, open_postgres, redacted, schema_status
from bot.storage.sqlite import DEFAULT_PATH, file_in, open_sqlite
from bot.storage.sqlite.backup import Backup, BackupRefused
from bot.storage.sqlite.backup import backup as backup_sqlite
from bot.storage.sqlite.pages import Repaged, RepageRefused
from bot.storage.sqlite.pages import repage as repage_sqlite

SQLITE_SCHEME = "sqlite:///"


def sqlite_path(location: Path | str) -> Path | None:
    """The file a SQLite location names (a path, or a ``sqlite:///path`` URL: four slashes
    for an absolute path); None for a PostgreSQL URL."""
    if is_postgres_url(location):
        return None
    text = str(location)
    if text.startswith(SQLITE_SCHEME):
        return Path(text[len(SQLITE_SCHEME) :])
    if "://" in text:
        raise ValueError(
            f"unknown database URL {text.split('://')[0]}://... (use postgresql://... or"
            " sqlite:///path)"
        )
    return Path(text)


def redacted_location(location: Path | str) -> str:
    """The location as log lines and messages may show it: a URL's password is starred."""
    return redacted(location) if isinstance(location, str) else str(location)


async def open_storage(location: Path | str) -> Storage:
    """Open the database at ``location`` and migrate it to the latest schema: PostgreSQL for
    a ``postgresql://`` URL, otherwise a SQLite file (a path or ``sqlite:///path``)."""
    if is_postgres_url(location):
        return await open_postgres(str(location))
    path = sqlite_path(location)
    assert path is not None
    return await open_sqlite(path)


async def move_database(
    source: Path | str, target: Path | str, *, replace: bool = False
) -> list[CopiedTable]:
    """Copy every table from ``source`` to ``target`` (either backend to either), both opened
    and migrated to this code's schema first; ``bot.storage.bulk`` says how it is verified
    and why a failed copy can simply be run again."""
    if redacted_location(source) == redacted_location(target):
        raise CopyRefused("the source and the target are the same database")
    opened = await open_storage(source)
    try:
        into = await open_storage(target)
        try:
            return await copy_tables(opened.tables, into.tables, replace=replace)
        finally:
            await into.close()
    finally:
        await opened.close()


__all__ = [
    "DEFAULT_PATH",
    "Backup",
    "BackupRefused",
    "CopiedTable",
    "CopyRefused",
    "DatabaseUnavailable",
    "MigrationError",
    "RepageRefused",
    "Repaged",
    "Storage",
    "VersionConflict",
    "backup_sqlite",
    "file_in",
    "is_postgres_url",
    "move_database",
    "open_storage",
    "redacted_location",
    "repage_sqlite",
    "schema_status",
    "sqlite_path",
]
