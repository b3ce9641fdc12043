"""Rewriting an existing SQLite file with this code's page size (issue 29.5, ``python -m bot
migrate-db`` run in place).

A new file is made with ``PAGE_SIZE`` (1 KB) pages; one made before keeps its 4 KB pages, and
every page a move dirties is written whole to the WAL and again at the checkpoint: four times
the bytes. SQLite changes a file's page size only by rebuilding it (``VACUUM``), and not in WAL
mode: the file goes to ``journal_mode=DELETE``, is vacuumed with the new size, and goes back to
WAL. The bot must be stopped: leaving WAL mode needs the only connection, so a bot still
running makes it fail with nothing changed. ``VACUUM`` is a transaction of its own (a crash or
a full disk part-way leaves the file as it was, through the rollback journal); afterwards the
file is checked (``quick_check``) and its rows counted against the counts before.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from bot.storage.sqlite.database import BUSY_TIMEOUT_MS, PAGE_SIZE


@dataclass(frozen=True)
class Repaged:
    path: Path
    before: int  # page size, bytes
    after: int
    bytes_before: int
    bytes_after: int

    @property
    def changed(self) -> bool:
        return self.before != self.after


class RepageRefused(Exception):
    """The file cannot be rewritten now; nothing was changed. One line for the operator."""


def repage(path: Path, page_size: int = PAGE_SIZE) -> Repaged:
    """``path`` (migrated to this code's schema already) with ``page_size`` pages."""
    if not path.is_file():
        raise RepageRefused(f"there is no database at {path}")
    try:
        with closing(sqlite3.connect(path, isolation_level=None)) as conn:
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            before = _value(conn, "PRAGMA page_size")
            size = _bytes(conn)
            if before == page_size:
                return Repaged(path, before, before, size, size)
            counts = _counts(conn)
            mode = str(conn.execute("PRAGMA journal_mode").fetchone()[0])
            if str(conn.execute("PRAGMA journal_mode=DELETE").fetchone()[0]) != "delete":
                raise RepageRefused(
                    f"{path} is in use (it stays in {mode} mode): stop the bot and run it again"
                )
            try:
                conn.execute(f"PRAGMA page_size={page_size}")
                conn.execute("VACUUM")
            finally:
                conn.execute(f"PRAGMA journal_mode={mode}")
            after = _value(conn, "PRAGMA page_size")
            check = str(conn.execute("PRAGMA quick_check").fetchone()[0])
            if check != "ok" or _counts(conn) != counts:
                raise RepageRefused(f"{path} did not check out after the rewrite: {check}")
            return Repaged(path, before, after, size, _bytes(conn))
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise RepageRefused(f"{path} is in use: stop the bot and run it again") from None
        raise RepageRefused(f"{path} could not be rewritten: {exc}") from None
    except sqlite3.Error as exc:
        raise RepageRefused(f"{path} could not be rewritten: {exc}") from None


def _value(conn: sqlite3.Connection, sql: str) -> int:
    return int(conn.execute(sql).fetchone()[0])


def _bytes(conn: sqlite3.Connection) -> int:
    return _value(conn, "PRAGMA page_count") * _value(conn, "PRAGMA page_size")


def _counts(conn: sqlite3.Connection) -> dict[str, int]:
    tables = [
        str(r[0])
        for r in conn.execute(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    return {t: _value(conn, f'SELECT count(*) FROM "{t}"') for t in tables}
