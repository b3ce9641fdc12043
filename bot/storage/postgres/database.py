"""The PostgreSQL adapter's connection pool (asyncpg) and the helpers every store uses.

Unlike SQLite's one connection behind one lock, PostgreSQL takes many writers at once: each
transaction gets a connection of its own from the pool, and the optimistic ``WHERE version =
$n`` of a match write is what keeps two writers of one match apart (the row lock makes the
second wait, then it sees the new version and matches nothing). A write that is one statement
runs outside ``BEGIN``: PostgreSQL makes each statement atomic by itself, so it costs one round
trip instead of three.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.models import DatabaseUnavailable

# A bot process needs few connections: most of its work is one statement at a time.
POOL_MIN = 1
POOL_MAX = 8
CONNECT_TIMEOUT_S = 10.0

# What losing the server looks like to asyncpg: reported as ``DatabaseUnavailable`` (one line).
LOST = (
    OSError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.CannotConnectNowError,
    asyncpg.InvalidCatalogNameError,
    asyncpg.InvalidAuthorizationSpecificationError,
    asyncpg.InvalidPasswordError,
    TimeoutError,
)

Record = asyncpg.Record


async def keep_session(_conn: object) -> None:
    """What a connection going back to the pool needs beyond asyncpg's own (which ends any
    open transaction): nothing. The default sends a reset statement (RESET ALL, UNLISTEN,
    advisory unlocks) on every release, a second round trip per one-statement write
    (bench/dialects.py); no store leaves session state behind (migrations unlock their one
    advisory lock themselves)."""


POOL_OPTIONS: dict[str, Any] = {
    "min_size": POOL_MIN,
    "max_size": POOL_MAX,
    "timeout": CONNECT_TIMEOUT_S,
    "reset": keep_session,
}
# A pooled connection, what every store's transaction works on.
if TYPE_CHECKING:
    Conn = PoolConnectionProxy[Record]
else:  # the stubs' generic is no runtime subscript
    Conn = PoolConnectionProxy


def redacted(url: str) -> str:
    """The URL without its password, for log lines and messages."""
    parts = urlsplit(url)
    if not parts.password:
        return url
    host = parts.hostname or ""
    if parts.port is not None:
        host += f":{parts.port}"
    user = f"{parts.username}:***@" if parts.username else "***@"
    return urlunsplit(parts._replace(netloc=user + host))


def affected(status: str) -> int:
    """The row count of a command's status (``UPDATE 1`` -> 1)."""
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class Database:
    def __init__(self, pool: asyncpg.Pool, location: str) -> None:
        self.pool = pool
        self.location = location

    @classmethod
    async def open(cls, url: str) -> Database:
        """A pool on ``url`` (query parameters other than libpq's are server settings, such as
        ``search_path``). Raises ``DatabaseUnavailable`` with one line when the server cannot
        be reached or refuses us."""
        location = redacted(url)
        try:
            pool = await asyncpg.create_pool(url, **POOL_OPTIONS)
        except LOST as exc:
            raise DatabaseUnavailable(location, exc) from None
        except asyncpg.PostgresError as exc:
            raise DatabaseUnavailable(location, exc) from None
        return cls(pool, location)

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Conn]:
        try:
            async with self.pool.acquire() as conn:
                yield conn
        except LOST as exc:
            raise DatabaseUnavailable(self.location, exc) from None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Conn]:
        """Everything inside commits together or not at all (READ COMMITTED: the version
        checks in the statements, not the isolation level, refuse a stale write)."""
        async with self.connection() as conn, conn.transaction():
            yield conn

    async def fetch(self, sql: str, *args: Any) -> list[Record]:
        async with self.connection() as conn:
            rows: list[Record] = await conn.fetch(sql, *args)
        return rows

    async def fetchrow(self, sql: str, *args: Any) -> Record | None:
        async with self.connection() as conn:
            row: Record | None = await conn.fetchrow(sql, *args)
        return row

    async def fetchval(self, sql: str, *args: Any) -> Any:
        async with self.connection() as conn:
            return await conn.fetchval(sql, *args)

    async def execute(self, sql: str, *args: Any) -> str:
        """One statement, atomic by itself; returns its status (``UPDATE 1``)."""
        async with self.connection() as conn:
            status: str = await conn.execute(sql, *args)
        return status

    async def executemany(self, sql: str, args: Sequence[Sequence[Any]]) -> None:
        async with self.transaction() as conn:
            await conn.executemany(sql, args)

    async def close(self) -> None:
        await self.pool.close()
