"""Racing writers meet on the match's row lock (issue 28.1). A third connection holds the row
while two writers, on connections of their own, send the same move from the same version: both
are then waiting inside their statements. Released, one lands; the other re-reads the row, no
longer finds its version and is refused, with nothing of its move stored."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.storage import Storage, VersionConflict, open_storage
from bot.storage.models import ActionRow
from tests.storage.contract.test_matches import live

WAITING_SQL = (
    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
    " AND wait_event_type = 'Lock' AND query LIKE 'WITH moved AS%'"
)


@pytest.fixture
async def pair(postgres_url: str) -> AsyncIterator[tuple[Storage, Storage]]:
    first, second = await open_storage(postgres_url), await open_storage(postgres_url)
    yield first, second
    await first.close()
    await second.close()


async def both_waiting(url: str) -> None:
    """Watched from a connection outside any transaction: inside one, PostgreSQL would keep
    showing the activity it saw first."""
    watcher = await asyncpg.connect(url)
    try:
        while await watcher.fetchval(WAITING_SQL) < 2:
            await asyncio.sleep(0.01)
    finally:
        await watcher.close()


async def test_two_writers_queued_on_the_row_lock_land_exactly_one_move(
    postgres_url: str, pair: tuple[Storage, Storage]
) -> None:  # issue 28.1
    first, second = pair
    match_id = await live(first.matches)
    row = await first.matches.match(match_id)
    assert row is not None
    locker = await asyncpg.connect(postgres_url)
    try:
        lock = locker.transaction()
        await lock.start()
        await locker.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match_id)
        writers = [
            asyncio.create_task(
                storage.matches.record_action(
                    match_id,
                    row.version,
                    0,
                    ActionRow(0, {"by": writer}),
                    state={"by": writer},
                    outcome=None,
                    deadline_at=None,
                )
            )
            for writer, storage in enumerate(pair)
        ]
        await asyncio.wait_for(both_waiting(postgres_url), timeout=60)
        await lock.rollback()
        results = await asyncio.gather(*writers, return_exceptions=True)
    finally:
        await locker.close()
    landed = [writer for writer, result in enumerate(results) if result is None]
    assert len(landed) == 1 and [type(r) for r in results].count(VersionConflict) == 1
    assert await second.matches.actions(match_id) == [{"by": landed[0]}]
    assert await second.matches.snapshot(match_id) == (1, {"by": landed[0]})
    after = await second.matches.match(match_id)
    assert after is not None and after.version == row.version + 1
