"""Every table of a SQLite database whole, for moving it (``bot.storage.bulk``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from bot.storage.bulk import Row
from bot.storage.sqlite.database import Database


class SqliteTables:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def columns(self, table: str) -> list[str]:
        async with self.db.exclusive() as conn:
            return await _columns(conn, table)

    async def count(self, table: str) -> int:
        async with self.db.exclusive() as conn:
            return await _count(conn, table)

    async def rows(
        self, table: str, columns: Sequence[str], key: str, after: Row | None, limit: int
    ) -> list[Row]:
        async with self.db.exclusive() as conn:
            return await _rows(conn, table, columns, key, after, limit)

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[SqliteWriter]:
        async with self.db.transaction() as conn:
            yield SqliteWriter(conn)


class SqliteWriter:
    """The target's side, inside its one transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def columns(self, table: str) -> list[str]:
        return await _columns(self.conn, table)

    async def count(self, table: str) -> int:
        return await _count(self.conn, table)

    async def rows(
        self, table: str, columns: Sequence[str], key: str, after: Row | None, limit: int
    ) -> list[Row]:
        return await _rows(self.conn, table, columns, key, after, limit)

    async def clear(self, tables: Sequence[str]) -> None:
        for table in tables:
            await self.conn.execute(f"DELETE FROM {table}")

    async def insert(self, table: str, columns: Sequence[str], rows: Sequence[Row]) -> None:
        marks = ", ".join("?" for _ in columns)
        await self.conn.executemany(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
        )

    async def finish(self, table: str) -> None:
        """AUTOINCREMENT follows the highest id inserted by itself."""


async def _columns(conn: aiosqlite.Connection, table: str) -> list[str]:
    return [str(r[1]) for r in await conn.execute_fetchall(f"PRAGMA table_info({table})")]


async def _count(conn: aiosqlite.Connection, table: str) -> int:
    rows = list(await conn.execute_fetchall(f"SELECT count(*) FROM {table}"))
    return int(rows[0][0])


async def _rows(
    conn: aiosqlite.Connection,
    table: str,
    columns: Sequence[str],
    key: str,
    after: Row | None,
    limit: int,
) -> list[Row]:
    where = "" if after is None else f" WHERE ({key}) > ({', '.join('?' * len(after))})"
    found: Any = await conn.execute_fetchall(
        f"SELECT {', '.join(columns)} FROM {table}{where} ORDER BY {key} LIMIT ?",
        (*(after or ()), limit),
    )
    return [tuple(r) for r in found]
