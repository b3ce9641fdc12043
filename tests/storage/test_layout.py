"""The storage package's shape: every module within the 400-line limit, only the SQLite adapter
names sqlite3 or aiosqlite and only the PostgreSQL adapter asyncpg, only the adapters hold SQL,
and each adapter class is a full implementation of its port."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import bot
import cogs
from bot.storage import ports
from bot.storage.postgres import decks as pg_decks
from bot.storage.postgres import history as pg_history
from bot.storage.postgres import leagues as pg_leagues
from bot.storage.postgres import repository as pg_repository
from bot.storage.postgres import settings as pg_settings
from bot.storage.sqlite import decks, history, leagues, players, repository, settings

STORAGE = Path(ports.__file__).parent
ADAPTER = STORAGE / "sqlite"
POSTGRES = STORAGE / "postgres"
PORTS = {
    "matches": ports.MatchRepository,
    "decks": ports.DeckRepository,
    "leagues": ports.LeagueRepository,
    "settings": ports.SettingsRepository,
    "history": ports.HistoryRepository,
    "players": ports.PlayerRepository,
}
ADAPTERS: dict[str, dict[str, type]] = {
    "sqlite": {
        "matches": repository.Repository,
        "decks": decks.DeckStore,
        "leagues": leagues.LeagueStore,
        "settings": settings.SettingsStore,
        "history": history.HistoryStore,
        "players": players.PlayerStore,
    },
    "postgres": {
        "matches": pg_repository.Repository,
        "decks": pg_decks.DeckStore,
        "leagues": pg_leagues.LeagueStore,
        "settings": pg_settings.SettingsStore,
        "history": pg_history.HistoryStore,
        "players": pg_settings.PlayerStore,
    },
}


def test_every_storage_module_is_within_the_size_limit() -> None:
    for path in STORAGE.rglob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 400, f"{path.name}: {lines} lines"


def test_only_the_sqlite_adapter_names_sqlite() -> None:
    named = re.compile(r"sqlite3|aiosqlite")
    roots = [Path(bot.__file__).parent, Path(cogs.__file__).parent]
    offenders = [
        str(path)
        for root in roots
        for path in root.rglob("*.py")
        if ADAPTER not in path.parents and named.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_only_the_postgres_adapter_names_asyncpg() -> None:  # issue 28.1
    roots = [Path(bot.__file__).parent, Path(cogs.__file__).parent]
    offenders = [
        str(path)
        for root in roots
        for path in root.rglob("*.py")
        if POSTGRES not in path.parents and "asyncpg" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_only_the_adapters_hold_sql() -> None:
    statement = re.compile(r"[\"'](SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM) ")
    roots = [Path(bot.__file__).parent, Path(cogs.__file__).parent]
    offenders = [
        f"{path}: {found.group(0)}"
        for root in roots
        for path in root.rglob("*.py")
        if ADAPTER not in path.parents and POSTGRES not in path.parents
        for found in statement.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_each_adapter_class_has_every_method_of_its_port() -> None:
    pairs = [(PORTS[name], cls) for classes in ADAPTERS.values() for name, cls in classes.items()]
    for port, adapter in pairs:
        wanted = {
            name
            for name, member in inspect.getmembers(port)
            if not name.startswith("_") and inspect.iscoroutinefunction(member)
        }
        assert wanted, port
        missing = {
            name for name in wanted if not inspect.iscoroutinefunction(getattr(adapter, name, None))
        }
        assert not missing, (adapter.__name__, sorted(missing))
