"""A restart reads each live match without its log (issue 30, ``stored_matches(log=False)``):
the PostgreSQL adapter counts the logs and finds their damaged rows on the server, and sends
no action over the wire. Measured by what the connection hands back (rows and their bytes),
not by time."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import asyncpg
import pytest

from bot.storage.models import ActionRow
from bot.storage.postgres import open_postgres
from tests.storage.contract.test_matches import live
from tests.support.postgres import InspectPg

MOVES = 40
MARK = "restore-probe"  # in every stored action, so a fetched one is seen


@pytest.fixture
def fetched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[Any, ...]]]:
    """Every row any connection's ``fetch`` returns (the pool's connections call it)."""
    rows: list[tuple[Any, ...]] = []
    real = asyncpg.Connection.fetch

    async def counted(self: asyncpg.Connection, *args: Any, **kwargs: Any) -> Any:
        found = await real(self, *args, **kwargs)
        rows.extend(tuple(r) for r in found)
        return found

    monkeypatch.setattr(asyncpg.Connection, "fetch", counted)
    yield rows


async def test_a_restore_without_the_log_fetches_no_action(
    postgres_url: str, fetched: list[tuple[Any, ...]]
) -> None:
    storage = await open_postgres(postgres_url)
    try:
        repo = storage.matches
        match_id = await live(repo)
        row = await repo.match(match_id)
        assert row is not None
        for index in range(MOVES):
            await repo.record_action(
                match_id,
                row.version + index,
                index,
                ActionRow(0, {"kind": "x", "note": MARK * 10}),
                state={"n": index},
                outcome=None,
                deadline_at=None,
            )
        fetched.clear()
        [stored] = await repo.stored_matches(statuses=("live",), log=False)
        assert stored.count == MOVES and stored.damaged == () and stored.actions == ()
        # The match, its seats, one count per log, the snapshot: no row per action, and no
        # action's text.
        assert len(fetched) < 10, fetched
        assert not any(MARK in str(value) for r in fetched for value in r)

        # A row that is not JSON at all is still found (the log is then read, that once).
        InspectPg(postgres_url).execute(
            "ALTER TABLE actions DISABLE TRIGGER USER;"
            f" UPDATE actions SET action_json = '{{not json' WHERE match_id = {match_id}"
            " AND idx = 3; ALTER TABLE actions ENABLE TRIGGER USER"
        )
        [damaged] = await repo.stored_matches(statuses=("live",), log=False)
        assert damaged.count == MOVES and damaged.damaged == ("action 3",)
    finally:
        await storage.close()
