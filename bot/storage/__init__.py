"""Storage behind typed ports (``ports.py``) returning frozen records (``models.py``); two
backends, SQLite (``sqlite/``, the default that needs no setup) and PostgreSQL
(``postgres/``). ``open_storage`` is the only way in."""

from __future__ import annotations

from pathlib import Path

from bot.storage.models import DatabaseUnavailable, MigrationError, VersionConflict
from bot.storage.ports import Storage
from bot.storage.postgres import is_postgres_url, open_postgres, redacted, schema_status
from bot.storage.sqlite import DEFAULT_PATH, file_in, open_sqlite

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


__all__ = [
    "DEFAULT_PATH",
    "DatabaseUnavailable",
    "MigrationError",
    "Storage",
    "VersionConflict",
    "file_in",
    "is_postgres_url",
    "open_storage",
    "redacted_location",
    "schema_status",
    "sqlite_path",
]
