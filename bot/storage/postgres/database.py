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
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.models import DatabaseUnavailable

# Most of a bot's work is one statement at a time, but under load each use holds its
# connection until the event loop comes back to it: at 200 busy matches on this machine a
# pool of 8 made uses queue past ACQUIRE_TIMEOUT_S (refused), 20 did not (docs/operations.md).
# A URL's ``pool_max=N`` sets it (taken out of the URL before asyncpg reads it).
POOL_MIN = 1
POOL_MAX = 20
POOL_MAX_PARAMETER = "pool_max"
MOST_CONNECTIONS = 1000
CONNECT_TIMEOUT_S = 10.0
# How long a use waits for a free connection (all in use, or the server being reconnected to)
# before it is refused: under Discord's 3 s for an interaction's first answer would be
# tighter, but a busy pool's queue must not refuse a click that a moment's wait would serve.
ACQUIRE_TIMEOUT_S = 5.0
# The server cancels a statement running longer (waiting on a lock counts), and the client
# gives up on one whose answer never comes (a server or network gone without a word) a little
# later; either is refused as "try again". No statement of the bot's comes near: a move is
# one statement in about a millisecond. Migrations lift the server's limit (``migrate.py``).
STATEMENT_TIMEOUT_MS = 8000
COMMAND_TIMEOUT_S = 10.0

# What losing the server, or it being too busy to answer in time, looks like to asyncpg:
# reported as ``DatabaseUnavailable`` (one line), which a person is told as "try again".
LOST = (
    OSError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    # the server shutting down, crashed, starting up, or cancelling a statement that ran over
    # its ``statement_timeout``
    asyncpg.OperatorInterventionError,
    asyncpg.InsufficientResourcesError,  # too many connections, a full disk
    asyncpg.InvalidCatalogNameError,
    asyncpg.InvalidAuthorizationSpecificationError,
    asyncpg.InvalidPasswordError,
    TimeoutError,  # no free connection in time, or no answer to a statement in time
    # a connection the server dropped while it sat idle in the pool, which asyncpg took for
    # one still open: its next statement finds the protocol stuck ("another operation is in
    # progress")
    asyncpg.InternalClientError,
)

Record = asyncpg.Record


async def keep_session(_conn: object) -> None:
    """What a connection going back to the pool needs beyond asyncpg's own (which ends any
    open transaction): nothing. The default sends a reset statement (RESET ALL, UNLISTEN,
    advisory unlocks) on every release, a second round trip per one-statement write
    (bench/dialects.py); no store leaves session state behind (migrations unlock their one
    advisory lock themselves)."""


def pool_options(most: int | None = None) -> dict[str, Any]:
    """asyncpg's pool, as this module's limits say (read when a pool is made, so a test may
    tighten them); ``most`` connections at a time (else ``POOL_MAX``)."""
    return {
        "min_size": POOL_MIN,
        "max_size": most if most is not None else POOL_MAX,
        "timeout": CONNECT_TIMEOUT_S,
        "command_timeout": COMMAND_TIMEOUT_S,
        "server_settings": {"statement_timeout": str(STATEMENT_TIMEOUT_MS)},
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


def pool_size(url: str) -> tuple[str, int | None]:
    """The URL without its ``pool_max`` parameter, and that parameter (None when absent);
    ``ValueError`` for one that is not a whole number from 1 to ``MOST_CONNECTIONS``."""
    parts = urlsplit(url)
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    given = [value for key, value in pairs if key == POOL_MAX_PARAMETER]
    if not given:
        return url, None
    kept = urlencode([(k, v) for k, v in pairs if k != POOL_MAX_PARAMETER])
    value = given[-1]
    if not value.isdigit() or not 1 <= int(value) <= MOST_CONNECTIONS:
        raise ValueError(
            f"{POOL_MAX_PARAMETER} must be a whole number from 1 to {MOST_CONNECTIONS},"
            f" not {value!r}"
        )
    return urlunsplit(parts._replace(query=kept)), int(value)


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
            url, most = pool_size(url)
        except ValueError as exc:
            raise DatabaseUnavailable(location, exc) from None
        try:
            pool = await asyncpg.create_pool(url, **pool_options(most))
        except LOST as exc:
            raise DatabaseUnavailable(location, exc) from None
        except asyncpg.PostgresError as exc:
            raise DatabaseUnavailable(location, exc) from None
        return cls(pool, location)

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Conn]:
        """A pooled connection. A connection the server dropped (a restart) is noticed by
        asyncpg and replaced by a new one on the next acquire, so the bot reconnects by
        itself once the server is back; until then each use is refused at once with
        ``DatabaseUnavailable``, and so is a use that finds no free connection within
        ``ACQUIRE_TIMEOUT_S`` (never an endless wait)."""
        try:
            async with self.pool.acquire(timeout=ACQUIRE_TIMEOUT_S) as conn:
                try:
                    yield conn
                except LOST:
                    # Whatever state it is in, it goes: the pool makes a new one for the
                    # next use (the release's reset is ours, a no-op, and would keep it).
                    conn.terminate()
                    raise
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
