"""What the benches need of either database backend: a throwaway PostgreSQL database per run,
the count of stored actions, and a meter of the statements and round trips the bot sends.

``bench/load.py --database URL`` and ``bench/chaos.py --database URL`` take a PostgreSQL server
to work on; each run makes a database of its own there (``backstab_bench_<pid>_<random>``) and
drops it at the end, so two runs, or a run and the tests, never share one. Round trips are
what the bot waits on: on SQLite each hop to aiosqlite's thread, on PostgreSQL each message
exchange asyncpg logs (a query, an ``executemany``, BEGIN, COMMIT). Statements are what the
database itself runs: SQLite's trace callback, PostgreSQL's logged queries (an ``executemany``
counts its rows).
"""

from __future__ import annotations

import asyncio
import os
import secrets
import sqlite3
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

T = TypeVar("T")
SCHEMES = ("postgresql://", "postgres://")
CONNECT_TIMEOUT_S = 10.0


def is_postgres(location: Path | str) -> bool:
    return isinstance(location, str) and location.startswith(SCHEMES)


def in_thread(work: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine on a loop of its own in a thread of its own: sync code (the bench's
    driver, or a figure taken inside the bot's loop) can then use asyncpg apart from the bot."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(work())  # type: ignore[arg-type]
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=target, name="bench-pg")
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    value: T = box["value"]
    return value


async def _execute(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT_S)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def _value(url: str, sql: str) -> Any:
    import asyncpg

    conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT_S)
    try:
        return await conn.fetchval(sql)
    finally:
        await conn.close()


@contextmanager
def scratch_database(server_url: str) -> Iterator[str]:
    """A fresh, empty database on the server ``server_url`` reaches (it may name any database
    we may ``CREATE DATABASE`` from), dropped on the way out however the run ends."""
    name = f"backstab_bench_{os.getpid()}_{secrets.token_hex(4)}"
    in_thread(lambda: _execute(server_url, f"CREATE DATABASE {name}"))
    try:
        yield urlunsplit(urlsplit(server_url)._replace(path="/" + name))
    finally:
        in_thread(lambda: _execute(server_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


def value(location: Path | str, sql: str) -> Any:
    """One value read apart from the bot (its own connection), on either backend; None when
    the database or its table does not exist yet (a run whose workers all died first)."""
    if is_postgres(location):
        import asyncpg

        try:
            return in_thread(lambda: _value(str(location), sql))
        except asyncpg.UndefinedTableError:
            return None
    if not Path(location).exists():
        return None
    try:
        with sqlite3.connect(f"file:{location}?mode=ro", uri=True) as conn:
            return conn.execute(sql).fetchone()[0]
    except sqlite3.OperationalError:  # no such table
        return None


def count_actions(location: Path | str) -> int:
    return int(value(location, "SELECT count(*) FROM actions") or 0)


Listener = Callable[[str], None]


async def trace_statements(db: Any, listener: Listener) -> None:
    """Call ``listener`` with the SQL of every statement the bot's database runs, either
    backend (SQLite's trace callback on its connection's thread; asyncpg's query logger on
    every pooled connection, an ``executemany`` once per row). Several benches' counters may
    listen at once: SQLite keeps one trace callback, so all of them share it."""
    listeners: list[Listener] | None = getattr(db, "_bench_listeners", None)
    if listeners is None:
        listeners = []
        db._bench_listeners = listeners
        if hasattr(db, "pool"):

            def logged(record: Any) -> None:
                # A query's own arguments arrive as the tuple of ``*args``; an
                # ``executemany``'s as the list of rows it was given (a statement per row).
                rows = len(record.args) if isinstance(record.args, list) else 1
                for _ in range(rows):
                    for each in listeners:
                        each(record.query)

            add_query_logger(db.pool, logged)
        else:

            def traced(sql: str) -> None:
                for each in listeners:
                    each(sql)

            await db.read(lambda raw: raw.set_trace_callback(traced))  # on its own thread
    listeners.append(listener)


def add_query_logger(pool: Any, logged: Callable[[Any], None]) -> None:
    """``logged`` on every connection of an asyncpg pool: those made from now on as they are
    made (the pool's ``init``, asyncpg's hook for a new connection), the open ones now."""
    before = pool._init

    async def init(conn: Any) -> None:
        if before is not None:
            await before(conn)
        conn.add_query_logger(logged)

    pool._init = init
    for holder in pool._holders:
        if holder._con is not None:
            holder._con.add_query_logger(logged)


class Meter:
    """Counts the statements and round trips of the bot's database, either backend."""

    def __init__(self) -> None:
        self.statements = 0
        self.round_trips = 0

    async def attach(self, storage: Any) -> None:
        # Every port shares one database object; the match repository's is the one to reach.
        db = storage.matches.db
        await trace_statements(db, self._count_statement)
        if hasattr(db, "pool"):
            add_query_logger(db.pool, self._round_trip)
            return
        conn = db._conn  # SQLite: each hop to aiosqlite's thread
        hop = conn._execute

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            self.round_trips += 1
            return await hop(fn, *args, **kwargs)

        conn._execute = counted

    def _round_trip(self, _record: Any) -> None:
        self.round_trips += 1

    def _count_statement(self, _sql: str) -> None:
        self.statements += 1
