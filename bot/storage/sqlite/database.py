"""The SQLite adapter's one aiosqlite connection for the whole process, and the helpers that
serialise transactions.

SQLite allows one writer; funnelling every transaction through one asyncio lock on one
connection means no coroutine ever sees another's half-done transaction.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.models import DatabaseUnavailable

PAGE_SIZE = 1024  # bytes, for a new database file (see ``open``)
# The WAL is copied into the file once it holds this much (SQLite's default: 1,000 pages).
# A page written by many moves between two checkpoints is copied once: at 400 busy matches a
# 1 MB WAL (1,000 1 KB pages) filled in about two seconds, too soon for a match's pages to be
# written twice, so every WAL frame was written again at the checkpoint (issue 29.5). 8 MB
# still left 10.6 KB written a click at 1,000 matches (9.0 with 32 MB); the WAL file on disk
# grows to about this much, and a restart reads it once.
CHECKPOINT_BYTES = 32 * 1024 * 1024
BUSY_TIMEOUT_MS = 5000  # then a locked database is refused: "try again" (``busy``)
FOLDER = "it is a folder, not a database file"
THREAD_STOP_SECONDS = 5.0  # aiosqlite's worker thread, after a failed connect
T = TypeVar("T")
Work = Callable[[sqlite3.Connection], T]


class Database:
    def __init__(self, conn: aiosqlite.Connection, path: Path | str) -> None:
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        """Open ``path``, creating its folder (the default ``var/`` does not exist in a fresh
        checkout). Raises ``DatabaseUnavailable`` (one readable line) when the file cannot be
        used: a folder that cannot be created, a corrupt file, a read-only place."""
        if str(path) != ":memory:":
            if Path(path).is_dir():
                raise DatabaseUnavailable(path, IsADirectoryError(FOLDER)) from None
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise DatabaseUnavailable(path, exc) from None
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so a transaction is exactly
        # what ``transaction()`` encloses.
        pending = aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn = await pending
        except sqlite3.Error as exc:
            # aiosqlite stops its worker thread after a failed connect and then tells this
            # loop; raised at once, the loop may be closed by then and the thread prints an
            # "Event loop is closed" traceback after our one line (issue 30.8).
            await asyncio.to_thread(pending._thread.join, THREAD_STOP_SECONDS)
            raise DatabaseUnavailable(path, exc) from None
        try:
            conn.row_factory = aiosqlite.Row
            # A new file's pages are 1 KB, not 4: a write transaction writes every page it
            # dirties whole, to the WAL and again at the checkpoint, and a move dirties a few
            # small rows' pages (issue 29.5: bytes per click). Set before the first table is
            # made; a file that exists keeps its page size (docs/performance.md).
            await conn.execute_fetchall(f"PRAGMA page_size={PAGE_SIZE}")
            # execute_fetchall reads each pragma's row, so no statement stays open to block
            # the first COMMIT.
            await conn.execute_fetchall("PRAGMA journal_mode=WAL")
            [(page,)] = await conn.execute_fetchall("PRAGMA page_size")
            pages = max(1000, CHECKPOINT_BYTES // int(page))
            await conn.execute_fetchall(f"PRAGMA wal_autocheckpoint={pages}")
            await conn.execute_fetchall("PRAGMA foreign_keys=ON")
            # NORMAL is durable across application crashes with WAL; only power loss may
            # drop the last commits.
            await conn.execute_fetchall("PRAGMA synchronous=NORMAL")
            await conn.execute_fetchall(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        except BaseException as exc:
            # aiosqlite's worker thread is not a daemon: left open, it keeps the process
            # alive for ever after the error is printed.
            await conn.close()
            if isinstance(exc, sqlite3.Error):
                raise DatabaseUnavailable(path, exc) from None
            raise
        return cls(conn, path)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Everything inside commits together or not at all."""
        async with self._lock:
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise busy(self.path, exc) from None
            try:
                yield self._conn
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def exclusive(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection outside a transaction, still serialised: reads, and migrations
        (which manage their own transactions)."""
        async with self._lock:
            try:
                yield self._conn
            except sqlite3.OperationalError as exc:
                raise busy(self.path, exc) from None

    async def read(self, work: Work[T]) -> T:
        """``work`` runs on the connection's own thread in one hop, serialised like every other
        use. Several statements then cost one thread round trip instead of one each: under load
        every round trip waits for the event loop (and the GIL) while the lock is held, which
        the load bench measured as the bot's main queue."""
        return await self._one_hop(work)

    async def write(self, work: Work[T]) -> T:
        """``work`` inside BEGIN IMMEDIATE ... COMMIT (ROLLBACK if it raises), in one hop."""

        def transaction(raw: sqlite3.Connection) -> T:
            raw.execute("BEGIN IMMEDIATE")
            try:
                result = work(raw)
            except BaseException:
                _roll_back(raw)
                raise
            raw.execute("COMMIT")
            return result

        return await self._one_hop(transaction)

    async def _one_hop(self, work: Work[T]) -> T:
        if not self._lock.locked():
            # No multi-statement ``transaction()`` is open, and none can open before this hop
            # is queued (nothing awaits in between): aiosqlite runs its queue in order on one
            # thread, so the hop cannot land between someone's BEGIN and COMMIT. Skipping the
            # lock lets hops pipeline instead of each waiting a loop turn for the lock.
            return await self._in_thread(work)
        async with self._lock:
            return await self._in_thread(work)

    async def _in_thread(self, work: Work[T]) -> T:
        # aiosqlite runs every call on its one worker thread; ``_execute`` is how its own
        # methods hand that thread a function (aiosqlite 0.22 has no public equivalent).
        conn: Any = self._conn
        raw: sqlite3.Connection = conn._conn
        try:
            result: T = await conn._execute(work, raw)
        except sqlite3.OperationalError as exc:
            raise busy(self.path, exc) from None
        return result

    async def close(self) -> None:
        await self._conn.close()


def busy(path: Path | str, exc: sqlite3.OperationalError) -> Exception:
    """``DatabaseUnavailable`` for a database another process held locked past
    ``BUSY_TIMEOUT_MS`` (a backup, a second process, an operator's shell): a person is told
    to try again, as when PostgreSQL is unreachable. Any other error is itself (a full disk
    says so)."""
    if getattr(exc, "sqlite_errorcode", 0) & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return DatabaseUnavailable(path, exc)
    return exc


def _roll_back(raw: sqlite3.Connection) -> None:
    """Undo a failed transaction. SQLite rolls some errors back by itself (a full disk:
    SQLITE_FULL), and a second ROLLBACK would then raise "cannot rollback - no transaction is
    active" over the real error; so only roll back what is still open."""
    if raw.in_transaction:
        raw.execute("ROLLBACK")
