"""Every table of a PostgreSQL schema whole, for moving a database (``bot.storage.bulk``):
rows go in with ``COPY`` (the fastest way in), and the identity sequences are moved past the
ids copied, so the next match or deck gets a fresh id."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from bot.storage.bulk import Row
from bot.storage.postgres.database import Conn, Database

COLUMNS_SQL = (
    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
    " AND table_name = $1 ORDER BY ordinal_position"
)
IDENTITY_SQL = (
    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
    " AND table_name = $1 AND is_identity = 'YES'"
)


class PostgresTables:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def columns(self, table: str) -> list[str]:
        async with self.db.connection() as conn:
            return await _columns(conn, table)

    async def count(self, table: str) -> int:
        async with self.db.connection() as conn:
            return await _count(conn, table)

    async def rows(
        self, table: str, columns: Sequence[str], key: str, after: Row | None, limit: int
    ) -> list[Row]:
        async with self.db.connection() as conn:
            return await _rows(conn, table, columns, key, after, limit)

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[PostgresWriter]:
        async with self.db.transaction() as conn:
            yield PostgresWriter(conn)


class PostgresWriter:
    """The target's side, inside its one transaction."""

    def __init__(self, conn: Conn) -> None:
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
        await self.conn.execute(f"TRUNCATE {', '.join(tables)}")

    async def insert(self, table: str, columns: Sequence[str], rows: Sequence[Row]) -> None:
        await self.conn.copy_records_to_table(table, records=rows, columns=list(columns))

    async def finish(self, table: str) -> None:
        for row in await self.conn.fetch(IDENTITY_SQL, table):
            column = str(row[0])
            await self.conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                f" COALESCE(MAX({column}), 0) + 1, false) FROM {table}"
            )


async def _columns(conn: Conn, table: str) -> list[str]:
    return [str(r[0]) for r in await conn.fetch(COLUMNS_SQL, table)]


async def _count(conn: Conn, table: str) -> int:
    return int(await conn.fetchval(f"SELECT count(*) FROM {table}"))


async def _rows(
    conn: Conn, table: str, columns: Sequence[str], key: str, after: Row | None, limit: int
) -> list[Row]:
    after = after or ()
    marks = ", ".join(f"${n}" for n in range(2, len(after) + 2))
    where = f" WHERE ({key}) > ({marks})" if after else ""
    found = await conn.fetch(
        f"SELECT {', '.join(columns)} FROM {table}{where} ORDER BY {key} LIMIT $1",
        limit,
        *after,
    )
    return [tuple(r) for r in found]
