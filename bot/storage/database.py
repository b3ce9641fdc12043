"""One aiosqlite connection for the whole process, and a helper that serialises transactions.

SQLite allows one writer; funnelling every transaction through one asyncio lock on one
connection means no coroutine ever sees another's half-done transaction.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

BUSY_TIMEOUT_MS = 5000


class Database:
    def __init__(self, conn: aiosqlite.Connection, path: Path | str) -> None:
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so a transaction is exactly
        # what ``transaction()`` encloses.
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        # execute_fetchall reads each pragma's row, so no statement stays open to block
        # the first COMMIT.
        await conn.execute_fetchall("PRAGMA journal_mode=WAL")
        await conn.execute_fetchall("PRAGMA foreign_keys=ON")
        # NORMAL is durable across application crashes with WAL; only power loss may drop
        # the last commits.
        await conn.execute_fetchall("PRAGMA synchronous=NORMAL")
        await conn.execute_fetchall(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        return cls(conn, path)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Everything inside commits together or not at all."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def exclusive(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection outside a transaction, still serialised: reads, and migrations
        (which manage their own transactions)."""
        async with self._lock:
            yield self._conn

    async def close(self) -> None:
        await self._conn.close()
