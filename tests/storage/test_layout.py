"""The storage package's shape: every module within the 400-line limit, only the SQLite adapter
names sqlite3 or aiosqlite or holds SQL, and each adapter class is a full implementation of its
port."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import bot
import cogs
from bot.storage import ports
from bot.storage.sqlite.decks import DeckStore
from bot.storage.sqlite.history import HistoryStore
from bot.storage.sqlite.leagues import LeagueStore
from bot.storage.sqlite.repository import Repository
from bot.storage.sqlite.settings import SettingsStore

STORAGE = Path(ports.__file__).parent
ADAPTER = STORAGE / "sqlite"
PAIRS = [
    (ports.MatchRepository, Repository),
    (ports.DeckRepository, DeckStore),
    (ports.LeagueRepository, LeagueStore),
    (ports.SettingsRepository, SettingsStore),
    (ports.HistoryRepository, HistoryStore),
]


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


def test_only_the_sqlite_adapter_holds_sql() -> None:
    statement = re.compile(r"[\"'](SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM) ")
    roots = [Path(bot.__file__).parent, Path(cogs.__file__).parent]
    offenders = [
        f"{path}: {found.group(0)}"
        for root in roots
        for path in root.rglob("*.py")
        if ADAPTER not in path.parents
        for found in statement.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_each_adapter_class_has_every_method_of_its_port() -> None:
    for port, adapter in PAIRS:
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
