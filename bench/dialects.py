"""One schema, two dialects (issue 28.2): what each way of writing the storage costs per
committed action, on this machine.

    python bench/dialects.py [--actions 2000] [--postgres URL] [--json]

Compares the hand-written adapters (``bot/storage/sqlite``: one thread hop per move;
``bot/storage/postgres``: one statement per move) with the same move written once in
SQLAlchemy Core 2 for both dialects (over aiosqlite and asyncpg: a transaction of one UPDATE of
the match with its version check, the log row, the snapshot, the seat's timeouts), on the
same migrated schema. Per committed action: the statements the database is sent (BEGIN and
COMMIT counted), the round trips to the database or its thread, and the CPU time of the bot's
process (``time.process_time``; PostgreSQL's own work is in its server process, SQLite's is
in ours). Prints JSON. A benchmark, never a test; needs the ``bench`` extra (SQLAlchemy).

Without ``--postgres`` it uses the server the tests would (``tests/support/postgres.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

Move = Callable[[int, int], Awaitable[None]]
STATE = {"seats": [{"hand": list(range(12)), "level": 3} for _ in range(4)], "turn": 1}


async def hand_written_sqlite(path: Path) -> tuple[Move, dict[str, int], Callable[[], Any]]:
    from bot.storage.models import ActionRow
    from bot.storage.sqlite import Database, bundle
    from bot.storage.sqlite.migrate import migrate

    db = await Database.open(path)
    await migrate(db)
    storage = bundle(db)
    counts = {"statements": 0, "round_trips": 0}

    def trace(raw: Any) -> None:  # the bench counts what reaches SQLite itself
        raw.set_trace_callback(
            lambda _sql: counts.__setitem__("statements", counts["statements"] + 1)
        )

    await db.read(trace)  # on the connection's own thread
    match_id = await _live(storage)
    plain = db._in_thread

    async def counted(work: Any) -> Any:
        counts["round_trips"] += 1
        return await plain(work)

    db._in_thread = counted  # type: ignore[method-assign]

    async def move(version: int, index: int) -> None:
        await storage.matches.record_action(
            match_id,
            version,
            index,
            ActionRow(0, {"i": index}),
            state=STATE,
            outcome=None,
            deadline_at=time.time() + 60,
        )

    return move, counts, storage.close


async def hand_written_postgres(url: str) -> tuple[Move, dict[str, int], Callable[[], Any]]:
    import asyncpg

    from bot.storage.models import ActionRow
    from bot.storage.postgres import Database, bundle
    from bot.storage.postgres.database import pool_options
    from bot.storage.postgres.migrate import migrate

    counts = {"statements": 0, "round_trips": 0}

    def logged(_record: Any) -> None:
        counts["statements"] += 1
        counts["round_trips"] += 1

    async def init(conn: Any) -> None:
        conn.add_query_logger(logged)

    db = Database(await asyncpg.create_pool(url, init=init, **pool_options()), url)
    await migrate(db)
    storage = bundle(db)
    match_id = await _live(storage)

    async def move(version: int, index: int) -> None:
        await storage.matches.record_action(
            match_id,
            version,
            index,
            ActionRow(0, {"i": index}),
            state=STATE,
            outcome=None,
            deadline_at=time.time() + 60,
        )

    return move, counts, storage.close


async def sqlalchemy_core(
    url: str, prepare: Callable[[], Awaitable[int]], connect_args: dict[str, Any] | None = None
) -> tuple[Move, dict[str, int], Callable[[], Any]]:
    """The move as SQLAlchemy Core 2 writes it for any dialect, on a schema our migrations
    made (``prepare`` makes it and returns a live match)."""
    from sqlalchemy import Column, Float, Integer, MetaData, Table, Text, event, insert, update
    from sqlalchemy.ext.asyncio import create_async_engine

    match_id = await prepare()
    meta = MetaData()
    matches = Table(
        "matches",
        meta,
        Column("id", Integer, primary_key=True),
        Column("version", Integer),
        Column("status", Text),
        Column("outcome_json", Text),
        Column("deadline_at", Float),
        Column("deadline_kind", Text),
        Column("updated_at", Float),
    )
    actions = Table(
        "actions",
        meta,
        Column("match_id", Integer),
        Column("idx", Integer),
        Column("seat", Integer),
        Column("action_json", Text),
        Column("by_timeout", Integer),
        Column("by_ai", Integer),
        Column("created_at", Float),
    )
    snapshots = Table(
        "snapshots",
        meta,
        Column("match_id", Integer),
        Column("action_count", Integer),
        Column("state_json", Text),
    )
    seats = Table(
        "seats",
        meta,
        Column("match_id", Integer),
        Column("seat", Integer),
        Column("timeouts", Integer),
    )
    engine = create_async_engine(url, connect_args=connect_args or {})
    counts = {"statements": 0, "round_trips": 0}

    @event.listens_for(engine.sync_engine, "before_cursor_execute")
    def counted(*_args: Any) -> None:
        counts["statements"] += 1
        counts["round_trips"] += 1

    @event.listens_for(engine.sync_engine, "begin")
    def began(*_args: Any) -> None:  # BEGIN and, at the end, COMMIT: two more of each
        counts["statements"] += 2
        counts["round_trips"] += 2

    async def move(version: int, index: int) -> None:
        now = time.time()
        async with engine.begin() as conn:
            moved = await conn.execute(
                update(matches)
                .where(matches.c.id == match_id, matches.c.version == version)
                .values(
                    version=matches.c.version + 1,
                    status="live",
                    outcome_json=None,
                    deadline_at=now + 60,
                    deadline_kind="turn",
                    updated_at=now,
                )
            )
            if moved.rowcount != 1:
                raise RuntimeError("version conflict")
            await conn.execute(
                insert(actions).values(
                    match_id=match_id,
                    idx=index,
                    seat=0,
                    action_json=json.dumps({"i": index}),
                    by_timeout=0,
                    by_ai=0,
                    created_at=now,
                )
            )
            await conn.execute(
                update(snapshots)
                .where(snapshots.c.match_id == match_id)
                .values(action_count=index + 1, state_json=json.dumps(STATE))
            )
            await conn.execute(
                update(seats)
                .where(seats.c.match_id == match_id, seats.c.seat == 0)
                .values(timeouts=0)
            )

    return move, counts, engine.dispose


async def _live(storage: Any) -> int:
    repo = storage.matches
    match_id = int(
        await repo.create_match(
            guild_id=1, channel_id=2, host_id=10, host_name="Ann", game="tiny", options={}
        )
    )
    await repo.add_seat(match_id, 1, None, "Bot", "random")
    row = await repo.match(match_id)
    await repo.start_match(
        match_id, row.version, header={}, ai_seed=1, state=STATE, deadline_at=None
    )
    return match_id


async def measure(
    setup: Awaitable[tuple[Move, dict[str, int], Callable[[], Any]]], n: int, first_version: int
) -> dict[str, float]:
    move, counts, close = await setup
    try:
        for index in range(20):  # warm caches and prepared statements
            await move(first_version + index, index)
        counts["statements"] = counts["round_trips"] = 0
        cpu, wall = time.process_time(), time.perf_counter()
        for index in range(20, 20 + n):
            await move(first_version + index, index)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        await close()
    return {
        "statements_per_action": round(counts["statements"] / n, 2),
        "round_trips_per_action": round(counts["round_trips"] / n, 2),
        "cpu_us_per_action": round(cpu / n * 1e6, 1),
        "wall_us_per_action": round(wall / n * 1e6, 1),
    }


async def main(actions: int, postgres: str | None) -> dict[str, Any]:
    from bot.storage import open_storage
    from tests.support.postgres import find_server

    server = None
    if postgres is None:
        server = find_server()
    folder = Path(tempfile.mkdtemp(prefix="backstab-dialects-"))
    results: dict[str, Any] = {"actions": actions}
    try:

        def schema_url() -> tuple[str, str | None]:
            """A fresh location and its schema; commits wait for the disk, as in production."""
            if server is None:
                assert postgres is not None
                return postgres, None
            url = server.schema_url().replace("&synchronous_commit=off", "")
            return url, url.split("search_path=")[1].split("&")[0]

        version = 2  # after create, add_seat and start
        results["sqlite_hand_written"] = await measure(
            hand_written_sqlite(folder / "hand.sqlite3"), actions, version
        )
        results["postgres_hand_written"] = await measure(
            hand_written_postgres(schema_url()[0]), actions, version
        )

        async def prepared(location: str) -> int:
            storage = await open_storage(location)
            try:
                return await _live(storage)
            finally:
                await storage.close()

        sqlite_file = folder / "core.sqlite3"
        results["sqlite_sqlalchemy_core"] = await measure(
            sqlalchemy_core(
                f"sqlite+aiosqlite:///{sqlite_file}", lambda: prepared(str(sqlite_file))
            ),
            actions,
            version,
        )
        pg, schema = schema_url()
        core_url = pg.replace("postgresql://", "postgresql+asyncpg://").split("?")[0]
        settings = {"server_settings": {"search_path": schema}} if schema else None
        results["postgres_sqlalchemy_core"] = await measure(
            sqlalchemy_core(core_url, lambda: prepared(pg), settings), actions, version
        )
    finally:
        if server is not None:
            server.close()
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--postgres", help="a postgresql:// URL (default: the tests' server)")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main(args.actions, args.postgres)), indent=2))
