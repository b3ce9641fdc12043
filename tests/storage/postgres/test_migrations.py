"""The PostgreSQL adapter's migrations on a real server: from empty to latest, idempotent, safe
when two processes start at once, and the schema's own guards (an append-only log, foreign
keys). A URL whose schema does not exist is refused in one line. (Refusing a newer schema or a
database Backstab did not make is the contract's: ``tests/storage/contract/test_opening.py``.)"""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.storage import DatabaseUnavailable, open_storage
from bot.storage.postgres.database import Database
from bot.storage.postgres.migrate import available_migrations, migrate, schema_version
from tests.support.postgres import with_schema

LATEST = available_migrations()[-1].number


async def test_an_empty_schema_migrates_to_latest_and_twice_is_a_no_op(postgres_url: str) -> None:
    db = await Database.open(postgres_url)
    try:
        assert len(await migrate(db)) == LATEST
        assert await schema_version(db) == LATEST
        assert await migrate(db) == []
    finally:
        await db.close()


async def test_two_processes_starting_at_once_migrate_once(postgres_url: str) -> None:
    opened = await asyncio.gather(open_storage(postgres_url), open_storage(postgres_url))
    try:
        match_id = await opened[0].matches.create_match(
            guild_id=1, channel_id=2, host_id=3, host_name="Ann", game="tiny", options={}
        )
        assert await opened[1].matches.match(match_id) is not None
    finally:
        for storage in opened:
            await storage.close()


async def test_the_log_is_append_only_and_foreign_keys_hold(postgres_url: str) -> None:
    storage = await open_storage(postgres_url)
    try:
        match_id = await storage.matches.create_match(
            guild_id=1, channel_id=2, host_id=3, host_name="Ann", game="tiny", options={}
        )
        conn = await asyncpg.connect(postgres_url)
        try:
            await conn.execute(
                "INSERT INTO actions (match_id, idx, seat, action_json, created_at)"
                " VALUES ($1, 0, 0, '{}', 0)",
                match_id,
            )
            with pytest.raises(asyncpg.RaiseError, match="append-only"):
                await conn.execute("UPDATE actions SET seat = 1")
            with pytest.raises(asyncpg.ForeignKeyViolationError):
                await conn.execute("INSERT INTO seats (match_id, seat, name) VALUES (42, 0, 'x')")
        finally:
            await conn.close()
    finally:
        await storage.close()


async def test_a_schema_that_does_not_exist_is_refused_in_one_line(postgres_url: str) -> None:
    missing = with_schema(postgres_url.split("?")[0], "nowhere")
    with pytest.raises(DatabaseUnavailable) as caught:
        await open_storage(missing)
    assert str(caught.value) == (
        f"cannot use the database {missing}: no schema of its search_path exists"
    )
