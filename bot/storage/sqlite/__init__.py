"""The SQLite backend: one aiosqlite connection, forward-only migrations, and one class per
storage port. Nothing outside this package names sqlite3 or aiosqlite (``bot.storage.ports``)."""

from __future__ import annotations

from pathlib import Path

from bot.storage.ports import Storage
from bot.storage.sqlite.bulk import SqliteTables
from bot.storage.sqlite.database import Database
from bot.storage.sqlite.decks import DeckStore
from bot.storage.sqlite.history import HistoryStore
from bot.storage.sqlite.leagues import LeagueStore
from bot.storage.sqlite.migrate import migrate
from bot.storage.sqlite.players import PlayerStore
from bot.storage.sqlite.repository import Repository
from bot.storage.sqlite.settings import SettingsStore

# The file a fresh checkout uses (``bot.config``), and the suffix of every database file the
# bot, its benches and its tests name.
SUFFIX = ".sqlite3"
DEFAULT_PATH = Path("var/backstab" + SUFFIX)


def file_in(folder: Path | str, stem: str) -> Path:
    """A database file named ``stem`` in ``folder`` (scratch databases of benches and checks)."""
    return Path(folder) / (stem + SUFFIX)


async def open_sqlite(path: Path | str) -> Storage:
    """Open (creating if needed) and migrate to the latest schema, then wrap every port
    around the one connection."""
    db = await Database.open(path)
    try:
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return bundle(db)


def bundle(db: Database) -> Storage:
    return Storage(
        matches=Repository(db),
        decks=DeckStore(db),
        leagues=LeagueStore(db),
        settings=SettingsStore(db),
        history=HistoryStore(db),
        players=PlayerStore(db),
        tables=SqliteTables(db),
        location=str(db.path),
        closer=db.close,
    )


__all__ = ["DEFAULT_PATH", "Database", "bundle", "file_in", "open_sqlite"]
