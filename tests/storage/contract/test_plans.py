"""A plan's moves through ``MatchRepository.record_actions`` (issue 30.5): stored in one
transaction, every one or none, the version moved on once per move as that many
``record_action`` calls would."""

from __future__ import annotations

import pytest

from bot.storage import Storage, VersionConflict
from bot.storage.models import ActionRow
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


async def test_a_plan_that_fails_half_way_stores_none_of_it(storage: Storage) -> None:
    # issue 30.5: the third move's index is taken (written out of turn), so the write fails
    # after two of the plan's rows went in; neither of them may stay.
    repo = storage.matches
    match_id = await live(repo)
    row = await repo.match(match_id)
    assert row is not None
    await repo.record_action(
        match_id,
        row.version,
        2,
        ActionRow(1, {"kind": "z"}),
        state={"n": 9},
        outcome=None,
        deadline_at=None,
    )
    before = await repo.match_with_seats(match_id)
    assert before is not None
    with pytest.raises(Exception):  # noqa: B017 - each backend's own unique-key error
        await repo.record_actions(
            match_id, before[0].version, 0, PLAN, state={"n": 3}, outcome=None, deadline_at=None
        )
    assert await repo.match_with_seats(match_id) == before
    assert await repo.actions(match_id) == [{"kind": "z"}]
    assert await repo.snapshot(match_id) == (3, {"n": 9})


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
