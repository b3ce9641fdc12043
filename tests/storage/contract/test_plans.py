"""A plan's moves through ``MatchRepository.record_actions`` (issue 30.5): stored in one
transaction, every one or none, the version moved on once per move as that many
``record_action`` calls would."""

from __future__ import annotations

import pytest

from bot.storage import Storage, VersionConflict
from bot.storage.models import ActionRow
from tests.storage.contract.conftest import Backend
from tests.storage.contract.test_matches import live

PLAN = (ActionRow(0, {"kind": "a"}), ActionRow(0, {"kind": "b"}), ActionRow(0, {"kind": "c"}))


async def test_a_plan_is_stored_whole_in_order(storage: Storage) -> None:
    repo = storage.matches
    match_id = await live(repo)
    row = await repo.match(match_id)
    assert row is not None
    await repo.record_actions(
        match_id, row.version, 0, PLAN, state={"n": 3}, outcome=None, deadline_at=2000.0
    )
    after = await repo.match(match_id)
    assert after is not None
    assert (after.version, after.status, after.deadline_at) == (row.version + 3, "live", 2000.0)
    assert await repo.actions(match_id) == [{"kind": "a"}, {"kind": "b"}, {"kind": "c"}]
    assert await repo.snapshot(match_id) == (3, {"n": 3})


async def test_a_plan_that_fails_half_way_stores_none_of_it(
    backend: Backend, storage: Storage
) -> None:
    # issue 30.5: the plan's second index is taken (a row written out of turn, behind the
    # port: the port itself refuses a move at any index but the log's length, issue 30.10),
    # so the write fails after one of the plan's rows went in; none of them may stay.
    repo = storage.matches
    match_id = await live(repo)
    row = await repo.match(match_id)
    assert row is not None
    await repo.record_action(
        match_id,
        row.version,
        0,
        ActionRow(1, {"kind": "y"}),
        state={"n": 1},
        outcome=None,
        deadline_at=None,
    )
    backend.stray_action(match_id, 3)  # the log counts 2 rows: 0 and 3
    before = await repo.match_with_seats(match_id)
    assert before is not None
    with pytest.raises(Exception):  # noqa: B017 - each backend's own unique-key error
        await repo.record_actions(
            match_id, before[0].version, 2, PLAN, state={"n": 3}, outcome=None, deadline_at=None
        )
    assert await repo.match_with_seats(match_id) == before
    assert await repo.actions(match_id) == [{"kind": "y"}, {"kind": "z"}]
    assert await repo.snapshot(match_id) == (1, {"n": 1})


async def test_a_stale_plan_is_refused_and_changes_nothing(storage: Storage) -> None:
    repo = storage.matches
    match_id = await live(repo)
    row = await repo.match(match_id)
    assert row is not None
    with pytest.raises(VersionConflict):
        await repo.record_actions(
            match_id, row.version - 1, 0, PLAN, state={"n": 3}, outcome=None, deadline_at=None
        )
    assert await repo.actions(match_id) == [] and await repo.snapshot(match_id) == (0, {"n": 0})
