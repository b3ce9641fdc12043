"""``inspect_db``: the one way a test looks inside the bot's database file, beside the bot.

Tests assert on what is stored and inject faults (a damaged row, a file that is not a database)
through this object instead of opening SQLite themselves, so the knowledge of the backend
behind a test sits here. It opens a short-lived connection per call, which works while the bot
holds its own (the database runs in WAL mode) and leaves nothing open when the test fails.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

Row = tuple[Any, ...]


class InspectDb:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query, as tuples (read-only: a query cannot change the file)."""
        with closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)) as conn:
            return [tuple(r) for r in conn.execute(sql, params).fetchall()]

    def value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row (None when there is no row)."""
        found = self.rows(sql, params)
        return found[0][0] if found else None

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """One statement, committed (fault injection: back-date, damage, drop)."""
        with closing(sqlite3.connect(self.path)) as conn, conn:
            conn.execute(sql, params)

    def script(self, sql: str) -> None:
        """Several statements, committed together."""
        with closing(sqlite3.connect(self.path)) as conn:
            conn.executescript(sql)

    def tables(self) -> set[str]:
        return {r[0] for r in self.rows("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def schema_version(self) -> int:
        return int(self.value("PRAGMA user_version"))

    def set_schema_version(self, version: int) -> None:
        """Pretend a newer (or older) code wrote this file."""
        with closing(sqlite3.connect(self.path)) as conn:
            conn.execute(f"PRAGMA user_version = {int(version)}")

    def journal_mode(self) -> str:
        return str(self.value("PRAGMA journal_mode"))

    def write_bytes(self, data: bytes) -> None:
        """Replace the whole file (a corrupt database, a disk that returned garbage)."""
        self.path.write_bytes(data)
