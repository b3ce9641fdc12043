"""One schema, two dialects (issue 28.2): the SQLite and the PostgreSQL migration histories
are kept in step by comparing what they build. Both histories have the same migrations by
number and name; migrated to the latest, both have the same tables, the same columns in the
same order with the same types (SQLite INTEGER = BIGINT, REAL = DOUBLE PRECISION, TEXT =
TEXT), nullability, defaults and primary keys, the same named indexes (unique or not) and the
same foreign keys. A migration added to one dialect only fails here."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.storage.postgres.database import Database as PgDatabase
from bot.storage.postgres.migrate import VERSION_TABLE
from bot.storage.postgres.migrate import available_migrations as pg_migrations
from bot.storage.postgres.migrate import migrate as pg_migrate
from bot.storage.sqlite.database import Database
from bot.storage.sqlite.migrate import available_migrations as sqlite_migrations
from bot.storage.sqlite.migrate import migrate as sqlite_migrate
from tests.support.inspect_db import InspectDb
from tests.support.postgres import InspectPg

TYPES = {"INTEGER": "bigint", "REAL": "double precision", "TEXT": "text"}
Column = tuple[str, str, bool, str | None, bool]  # name, type, not null, default, primary key
Schema = dict[str, dict[str, Any]]


def sqlite_schema(db: InspectDb) -> Schema:
    tables = [
        str(r[0])
        for r in db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        if r[0] != "sqlite_sequence"
    ]
    schema: Schema = {}
    for table in tables:
        columns: list[Column] = [
            (str(name), TYPES[str(kind)], bool(notnull) or bool(pk), default, bool(pk))
            for _cid, name, kind, notnull, default, pk in db.rows(f"PRAGMA table_info({table})")
        ]
        indexes = {
            (str(name), bool(unique))
            for _seq, name, unique, origin, _partial in db.rows(f"PRAGMA index_list({table})")
            if origin == "c"
        }
        keys = {
            (str(row[3]), str(row[2]), str(row[4]), str(row[6]))
            for row in db.rows(f"PRAGMA foreign_key_list({table})")
        }
        schema[table] = {"columns": columns, "indexes": indexes, "foreign keys": keys}
    return schema


PG_COLUMNS = (
    "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable = 'NO', c.column_default,"
    " EXISTS (SELECT 1 FROM information_schema.key_column_usage k"
    " JOIN information_schema.table_constraints t ON t.constraint_name = k.constraint_name"
    " AND t.table_schema = k.table_schema WHERE t.constraint_type = 'PRIMARY KEY'"
    " AND k.table_schema = c.table_schema AND k.table_name = c.table_name"
    " AND k.column_name = c.column_name)"
    " FROM information_schema.columns c WHERE c.table_schema = current_schema()"
    " ORDER BY c.table_name, c.ordinal_position"
)
PG_INDEXES = (
    "SELECT i.tablename, i.indexname, i.indexdef FROM pg_indexes i"
    " WHERE i.schemaname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_constraint k"
    " WHERE k.conname = i.indexname AND k.contype = 'p')"
)
PG_FOREIGN_KEYS = (
    "SELECT conrelid::regclass::text, pg_get_constraintdef(oid) FROM pg_constraint"
    " WHERE contype = 'f' AND connamespace = current_schema()::regnamespace"
)
FOREIGN_KEY = re.compile(r"FOREIGN KEY \((\w+)\) REFERENCES (\w+)\((\w+)\)(?: ON DELETE (\w+))?")


def postgres_schema(db: InspectPg) -> Schema:
    schema: Schema = {}
    for table, name, kind, notnull, default, pk in db.rows(PG_COLUMNS):
        if table == VERSION_TABLE:
            continue
        found = schema.setdefault(table, {"columns": [], "indexes": set(), "foreign keys": set()})
        if default is not None:  # '{}'::text reads as SQLite's '{}'
            default = re.sub(r"::[a-z ]+$", "", str(default))
        found["columns"].append((str(name), str(kind), bool(notnull), default, bool(pk)))
    for table, name, definition in db.rows(PG_INDEXES):
        schema[table]["indexes"].add((str(name), str(definition).startswith("CREATE UNIQUE")))
    for table, definition in db.rows(PG_FOREIGN_KEYS):
        parsed = FOREIGN_KEY.fullmatch(str(definition))
        assert parsed is not None, definition
        column, target, target_column, on_delete = parsed.groups()
        schema[table]["foreign keys"].add((column, target, target_column, on_delete or "NO ACTION"))
    return schema


def test_both_histories_have_the_same_migrations() -> None:  # issue 28.2
    names = [m.name for m in sqlite_migrations()]
    assert [m.name for m in pg_migrations()] == names


async def test_both_dialects_build_the_same_schema(
    tmp_path: Path, postgres_url: str
) -> None:  # issue 28.2
    path = tmp_path / "schema.sqlite3"
    db = await Database.open(path)
    try:
        await sqlite_migrate(db)
    finally:
        await db.close()
    pg = await PgDatabase.open(postgres_url)
    try:
        await pg_migrate(pg)
    finally:
        await pg.close()
    sqlite, postgres = sqlite_schema(InspectDb(path)), postgres_schema(InspectPg(postgres_url))
    assert sorted(postgres) == sorted(sqlite)
    for table in sqlite:
        assert postgres[table] == sqlite[table], table
