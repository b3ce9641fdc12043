"""The backends the contract runs against, and the faults a contract test may inject.

Each backend is a ``Backend``: how to open storage on a fresh location, and how to damage what
it stores (the only backend-specific knowledge a contract test needs): SQLite in a file of the
test's folder, PostgreSQL in a schema of its own on the run's server (``postgres_server``,
``tests/support/postgres.py``; issue 28.3).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.storage import Storage, file_in, open_storage
from tests.support.inspect_db import InspectDb
from tests.support.postgres import InspectPg

BACKENDS = ["sqlite", "postgres"]
MATCH_TABLES = ("seats", "actions", "snapshots")


@dataclass
class Backend:
    name: str
    location: str
    # Open storage at ``location`` (created and migrated on first use).
    open: Callable[[], Awaitable[Storage]]
    # The location then holds something that is not a database of this backend.
    corrupt: Callable[[], None]
    # A schema newer than this code's: opening must refuse.
    make_newer: Callable[[], None]
    # The stored action (match, index) or a match's snapshot no longer reads.
    damage_action: Callable[[int, int], None]
    damage_snapshot: Callable[[int], None]
    # Drop a match and everything that belongs to it (the only delete a match has is an
    # operator's): its seats, log and snapshot must go with it.
    delete_match: Callable[[int], None]
    count_rows_of: Callable[[int], int]
    # An action row at (match, index) written behind the port's back (no version, no
    # snapshot): a log the port itself can no longer write (issue 30.10's invariant).
    stray_action: Callable[[int, int], None]
    opened: list[Storage] = field(default_factory=list)

    async def storage(self) -> Storage:
        opened = await self.open()
        self.opened.append(opened)
        return opened

    async def close(self, storage: Storage) -> None:
        self.opened.remove(storage)
        await storage.close()


def sqlite_backend(folder: Path) -> Backend:
    path = file_in(folder, "contract")
    db = InspectDb(path)

    def damage_action(match_id: int, index: int) -> None:
        db.script("DROP TRIGGER IF EXISTS actions_append_only_update;")
        db.execute(
            "UPDATE actions SET action_json = '{not json' WHERE match_id = ? AND idx = ?",
            (match_id, index),
        )

    def rows_of(match_id: int) -> int:
        return sum(
            int(db.value(f"SELECT COUNT(*) FROM {table} WHERE match_id = ?", (match_id,)))
            for table in MATCH_TABLES
        )

    return Backend(
        name="sqlite",
        location=str(path),
        open=lambda: open_storage(path),
        corrupt=lambda: db.write_bytes(b"this is not a database at all " * 40),
        make_newer=lambda: db.set_schema_version(db.schema_version() + 100),
        damage_action=damage_action,
        damage_snapshot=lambda match_id: db.execute(
            "UPDATE snapshots SET state_json = 'garbage' WHERE match_id = ?", (match_id,)
        ),
        delete_match=lambda match_id: db.script(
            f"PRAGMA foreign_keys = ON; DELETE FROM matches WHERE id = {int(match_id)};"
        ),
        count_rows_of=rows_of,
        stray_action=lambda match_id, index: db.execute(
            "INSERT INTO actions (match_id, idx, seat, action_json, by_timeout, by_ai,"
            ' created_at) VALUES (?, ?, 1, \'{"kind": "z"}\', 0, 0, 0)',
            (match_id, index),
        ),
    )


def postgres_backend(url: str) -> Backend:
    db = InspectPg(url)
    schema = db.schema()

    def damage_action(match_id: int, index: int) -> None:
        db.execute("DROP TRIGGER IF EXISTS actions_append_only_update ON actions")
        db.execute(
            "UPDATE actions SET action_json = '{not json' WHERE match_id = $1 AND idx = $2",
            (match_id, index),
        )

    def rows_of(match_id: int) -> int:
        return sum(
            int(db.value(f"SELECT count(*) FROM {table} WHERE match_id = $1", (match_id,)))
            for table in MATCH_TABLES
        )

    return Backend(
        name="postgres",
        location=url,
        open=lambda: open_storage(url),
        # Somebody else's tables where Backstab's should be.
        corrupt=lambda: db.execute(
            f"DROP SCHEMA {schema} CASCADE; CREATE SCHEMA {schema};"
            f" CREATE TABLE {schema}.invoices (id int)"
        ),
        make_newer=lambda: db.execute("UPDATE backstab_schema SET version = version + 100"),
        damage_action=damage_action,
        damage_snapshot=lambda match_id: db.execute(
            "UPDATE snapshots SET state_json = 'garbage' WHERE match_id = $1", (match_id,)
        ),
        delete_match=lambda match_id: db.execute("DELETE FROM matches WHERE id = $1", (match_id,)),
        count_rows_of=rows_of,
        stray_action=lambda match_id, index: db.execute(
            "INSERT INTO actions (match_id, idx, seat, action_json, by_timeout, by_ai,"
            ' created_at) VALUES ($1, $2, 1, \'{"kind": "z"}\', 0, 0, 0)',
            (match_id, index),
        ),
    )


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    if request.param == "sqlite":
        found = sqlite_backend(tmp_path)
    elif request.param == "postgres":
        found = postgres_backend(request.getfixturevalue("postgres_url"))
    else:  # pragma: no cover - a backend listed without a branch here
        raise AssertionError(f"no contract fixture for backend {request.param}")
    yield found
    for storage in found.opened:
        await storage.close()


@pytest.fixture
async def storage(backend: Backend) -> Storage:
    """Storage on a fresh, migrated location of the backend under test."""
    return await backend.storage()
