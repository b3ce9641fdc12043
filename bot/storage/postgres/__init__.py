"""The PostgreSQL backend: an asyncpg pool, forward-only migrations numbered as SQLite's, and
one class per storage port. Nothing outside this package names asyncpg (``tests/storage``)."""

from __future__ import annotations

from bot.storage.ports import Storage
from bot.storage.postgres.bulk import PostgresTables
from bot.storage.postgres.database import Database, redacted
from bot.storage.postgres.decks import DeckStore
from bot.storage.postgres.history import HistoryStore
from bot.storage.postgres.leagues import LeagueStore
from bot.storage.postgres.migrate import available_migrations, current_version, migrate
from bot.storage.postgres.repository import Repository
from bot.storage.postgres.settings import PlayerStore, SettingsStore

SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(location: object) -> bool:
    return isinstance(location, str) and location.startswith(SCHEMES)


async def open_postgres(url: str) -> Storage:
    """Connect, migrate to the latest schema, then wrap every port around the one pool."""
    db = await Database.open(url)
    try:
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return bundle(db)


async def schema_status(url: str) -> tuple[int, int]:
    """(the schema version the database is at, the one this code brings it to), changing
    nothing (``python -m bot --check``)."""
    db = await Database.open(url)
    try:
        current = await current_version(db)
    finally:
        await db.close()
    migrations = available_migrations()
    return current, migrations[-1].number if migrations else 0


def bundle(db: Database) -> Storage:
    return Storage(
        matches=Repository(db),
        decks=DeckStore(db),
        leagues=LeagueStore(db),
        settings=SettingsStore(db),
        history=HistoryStore(db),
        players=PlayerStore(db),
        tables=PostgresTables(db),
        location=db.location,
        closer=db.close,
    )


__all__ = [
    "Database",
    "bundle",
    "is_postgres_url",
    "open_postgres",
    "redacted",
    "schema_status",
]
