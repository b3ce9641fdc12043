"""A move is one statement on PostgreSQL, one round trip (issue 28.2): the version check, the
log row, the snapshot and the timeouts go together, and the pool sends nothing more when the
connection goes back (asyncpg's default reset statement would be a second round trip)."""

from __future__ import annotations

from typing import Any

from bot.storage.models import ActionRow
from bot.storage.postgres import open_postgres
from bot.storage.postgres.database import POOL_MIN
from bot.storage.postgres.repository import Repository
from tests.storage.contract.test_matches import live


async def test_a_move_sends_one_statement(postgres_url: str) -> None:
    storage = await open_postgres(postgres_url)
    try:
        repo = storage.matches
        assert isinstance(repo, Repository)
        match_id = await live(repo)
        row = await repo.match(match_id)
        assert row is not None
        sent: list[str] = []

        def logged(record: Any) -> None:
            sent.append(str(record.query))

        # One caller at a time: the pool has opened its one connection only (POOL_MIN).
        assert repo.db.pool.get_size() == POOL_MIN
        async with repo.db.pool.acquire() as conn:
            conn.add_query_logger(logged)
        for index in range(2):  # the first also asks the server about the array types, once
            sent.clear()
            await repo.record_action(
                match_id,
                row.version + index,
                index,
                ActionRow(0, {"kind": "x"}),
                state={"n": index},
                outcome=None,
                deadline_at=None,
            )
        assert len(sent) == 1 and sent[0].startswith("WITH moved AS"), sent
    finally:
        await storage.close()
