"""Forward-only migrations for PostgreSQL: ``migrations/NNNN_name.sql`` applied in order, each
in its own transaction (PostgreSQL's DDL is transactional, so a failed one leaves nothing).

The numbers are SQLite's (``bot/storage/sqlite/migrations``): migration N brings both dialects
to the same schema (``tests/storage/postgres/test_schema.py`` compares them), so a schema
version means the same on either and ``migrate-db`` can copy between them. The version lives in
a one-row table, ``backstab_schema``, in the schema the connection's ``search_path`` selects.
An advisory lock per schema keeps two processes starting at once from migrating twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

import asyncpg

from bot.storage.models import DatabaseUnavailable, MigrationError
from bot.storage.postgres.database import Conn, Database

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")

VERSION_TABLE = "backstab_schema"
SCHEMA_SQL = "SELECT current_schema()"
HAS_VERSION_SQL = f"SELECT to_regclass('{VERSION_TABLE}') IS NOT NULL"
TABLES_SQL = "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
CREATE_VERSION_SQL = (
    f"CREATE TABLE {VERSION_TABLE} (version BIGINT NOT NULL);"
    f" INSERT INTO {VERSION_TABLE} VALUES (0)"
)
VERSION_SQL = f"SELECT version FROM {VERSION_TABLE}"
SET_VERSION_SQL = f"UPDATE {VERSION_TABLE} SET version = $1"
NOT_OURS = "its schema holds tables but is not a database Backstab made"
LOCK_SQL = "SELECT pg_advisory_lock(hashtext(current_schema()))"
# A migration may wait for another process's (the lock) and rebuild a big table: the pool's
# statement limits (``database.STATEMENT_TIMEOUT_MS``) are lifted for it, and put back after
# (RESET returns to the connection's own setting, the pool's).
UNLIMITED_SQL = "SET statement_timeout = 0"
LIMITED_SQL = "RESET statement_timeout"
MIGRATION_TIMEOUT_S = 24 * 3600.0
UNLOCK_SQL = "SELECT pg_advisory_unlock(hashtext(current_schema()))"


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    sql: str


def available_migrations() -> list[Migration]:
    folder = resources.files("bot.storage.postgres") / "migrations"
    found: list[Migration] = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda m: m.number)
    for expected, migration in enumerate(found, start=1):
        if migration.number != expected:
            raise MigrationError(f"migration numbers must run 1, 2, 3...: {migration.name}")
    return found


async def migrate(db: Database) -> list[str]:
    """Bring the schema up to the latest; returns the names applied. Refuses a schema newer
    than this code (``MigrationError``) and one that holds tables Backstab did not make
    (``DatabaseUnavailable``: it is not a Backstab database)."""
    migrations = available_migrations()
    latest = migrations[-1].number if migrations else 0
    applied: list[str] = []
    async with db.connection() as conn:
        await _in_a_schema(db, conn)
        await conn.execute(UNLIMITED_SQL)
        await conn.fetchval(LOCK_SQL, timeout=MIGRATION_TIMEOUT_S)
        try:
            current = await _version(db, conn)
            if current is None:
                await conn.execute(CREATE_VERSION_SQL)
                current = 0
            if current > latest:
                raise MigrationError(
                    f"database schema version {current} is newer than this code knows "
                    f"({latest}); upgrade Backstab before opening {db.location}"
                )
            for migration in migrations[current:]:
                try:
                    async with conn.transaction():
                        await conn.execute(migration.sql, timeout=MIGRATION_TIMEOUT_S)
                        await conn.execute(SET_VERSION_SQL, migration.number)
                except asyncpg.PostgresError as exc:
                    raise MigrationError(f"migration {migration.name} failed: {exc}") from exc
                applied.append(migration.name)
        finally:
            await conn.fetchval(UNLOCK_SQL)
            await conn.execute(LIMITED_SQL)
    return applied


async def schema_version(db: Database) -> int:
    return int(await db.fetchval(VERSION_SQL))


async def current_version(db: Database) -> int:
    """The schema's version without changing anything (0 for an empty schema)."""
    async with db.connection() as conn:
        await _in_a_schema(db, conn)
        return await _version(db, conn) or 0


async def _in_a_schema(db: Database, conn: Conn) -> None:
    if await conn.fetchval(SCHEMA_SQL) is None:
        raise DatabaseUnavailable(db.location, ValueError("no schema of its search_path exists"))


async def _version(db: Database, conn: Conn) -> int | None:
    """The stored version; None for an empty schema. Refuses a schema that holds tables
    Backstab did not make."""
    if not await conn.fetchval(HAS_VERSION_SQL):
        if await conn.fetchval(TABLES_SQL):
            raise DatabaseUnavailable(db.location, ValueError(NOT_OURS))
        return None
    try:
        return int(await conn.fetchval(VERSION_SQL))
    except (TypeError, ValueError, asyncpg.PostgresError) as exc:
        raise DatabaseUnavailable(
            db.location, ValueError(f"its schema version is not a database Backstab made: {exc}")
        ) from None
