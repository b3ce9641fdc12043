"""Forward-only migrations: ``migrations/NNNN_name.sql`` applied in order, tracked by
``PRAGMA user_version``, each in its own transaction."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

import aiosqlite

from bot.storage.models import MigrationError
from bot.storage.sqlite.database import Database

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    sql: str


def available_migrations() -> list[Migration]:
    folder = resources.files("bot.storage.sqlite") / "migrations"
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
    """Bring the database up to the latest schema; returns the names applied."""
    migrations = available_migrations()
    latest = migrations[-1].number if migrations else 0
    applied: list[str] = []
    async with db.exclusive() as conn:
        current = await _user_version(conn)
        if current > latest:
            raise MigrationError(
                f"database schema version {current} is newer than this code knows "
                f"({latest}); upgrade Backstab before opening {db.path}"
            )
        for migration in migrations[current:]:
            # executescript runs the BEGIN..COMMIT as one transaction; on failure we roll back.
            script = (
                f"BEGIN IMMEDIATE;\n{migration.sql}\n"
                f"PRAGMA user_version = {migration.number};\nCOMMIT;"
            )
            try:
                await conn.executescript(script)
            except Exception as exc:
                if conn.in_transaction:
                    await conn.execute("ROLLBACK")
                raise MigrationError(f"migration {migration.name} failed: {exc}") from exc
            applied.append(migration.name)
    return applied


async def schema_version(db: Database) -> int:
    async with db.exclusive() as conn:
        return await _user_version(conn)


async def _user_version(conn: aiosqlite.Connection) -> int:
    # Read every row so no statement is left open when a migration commits.
    rows = await conn.execute_fetchall("PRAGMA user_version")
    return int(next(iter(rows))[0])
