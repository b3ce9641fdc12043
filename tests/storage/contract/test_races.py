"""Two writers racing on one match (issue 28.1): each with storage of its own on the same
location (its own connection, as another process would have), both moving from the same
version. Exactly one move lands each time; the other is refused with ``VersionConflict`` and
leaves no trace in the log or the snapshot."""

from __future__ import annotations

import asyncio

from bot.storage import VersionConflict
from bot.storage.models import ActionRow
from tests.storage.contract.conftest import Backend
from tests.storage.contract.test_matches import live

ROUNDS = 8


async def test_two_writers_racing_on_one_match_land_one_move_each_round(
    backend: Backend,
) -> None:  # issue 28.1
    first, second = await backend.storage(), await backend.storage()
    match_id = await live(first.matches)
    start = await first.matches.match(match_id)
    assert start is not None
    winners: list[int] = []
    for index in range(ROUNDS):
        row = await first.matches.match(match_id)
        assert row is not None
        results = await asyncio.gather(
            *(
                storage.matches.record_action(
                    match_id,
                    row.version,
                    index,
                    ActionRow(0, {"by": writer, "index": index}),
                    state={"by": writer, "index": index},
                    outcome=None,
                    deadline_at=None,
                )
                for writer, storage in enumerate((first, second))
            ),
            return_exceptions=True,
        )
        landed = [writer for writer, result in enumerate(results) if result is None]
        refused = [r for r in results if isinstance(r, VersionConflict)]
        assert len(landed) == 1 and len(refused) == 1, results
        winners.append(landed[0])
    log = await second.matches.actions(match_id)
    assert log == [{"by": w, "index": i} for i, w in enumerate(winners)]
    assert await second.matches.snapshot(match_id) == (
        ROUNDS,
        {"by": winners[-1], "index": ROUNDS - 1},
    )
    after = await second.matches.match(match_id)
    assert after is not None and after.version == start.version + ROUNDS
