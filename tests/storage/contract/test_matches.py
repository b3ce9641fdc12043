"""Matches through ``MatchRepository``: typed records round-trip, optimistic versions refuse a
stale write and change nothing, a restart reads everything back, and a match's rows go with it."""

from __future__ import annotations

import pytest

from bot.core.match_types import match_info
from bot.storage import Storage, VersionConflict
from bot.storage.models import ActionRow, LogForked, MatchRow, SeatRow, StoredMatch
from bot.storage.ports import MatchRepository
from tests.storage.contract.conftest import Backend


async def lobby(repo: MatchRepository, **options: object) -> int:
    return await repo.create_match(
        guild_id=1, channel_id=2, host_id=10, host_name="Ann", game="tiny", options=dict(options)
    )


async def live(repo: MatchRepository) -> int:
    match_id = await lobby(repo)
    await repo.add_seat(match_id, 1, None, "Bot", "random")
    row = await repo.match(match_id)
    assert row is not None
    await repo.start_match(
        match_id,
        row.version,
        header={"seed": 7},
        ai_seed=3,
        state={"n": 0},
        deadline_at=1000.0,
        card_set=("abc", "tiny", {"cards": [1, 2]}),
        rules_version=2,
    )
    return match_id


async def test_a_new_match_reads_back_as_typed_records(storage: Storage) -> None:
    repo = storage.matches
    match_id = await lobby(repo, ranked=True)
    found = await repo.match_with_seats(match_id)
    assert found is not None
    row, seats = found
    assert isinstance(row, MatchRow) and all(isinstance(s, SeatRow) for s in seats)
    assert (row.id, row.guild_id, row.channel_id, row.game) == (match_id, 1, 2, "tiny")
    assert (row.status, row.host_id, row.version, row.options) == ("lobby", 10, 0, {"ranked": True})
    assert row.header is None and row.outcome is None and row.deadline_at is None
    assert seats == [SeatRow(match_id, 0, 10, None, "Ann", False, 0, False)]
    assert await repo.match(match_id) == row
    assert await repo.seats(match_id) == seats
    info = match_info(row, seats, deadline=None)
    assert info.ranked and info.seat_of(10) == 0 and info.seats[0].name == "Ann"


async def test_a_missing_match_is_none(storage: Storage) -> None:
    assert await storage.matches.match(404) is None
    assert await storage.matches.match_with_seats(404) is None
    assert await storage.matches.snapshot(404) is None


async def test_start_and_a_move_store_header_log_snapshot_and_pin(storage: Storage) -> None:
    repo = storage.matches
    match_id = await live(repo)
    row = await repo.match(match_id)
    assert row is not None
    assert (row.status, row.header, row.ai_seed, row.card_set, row.rules_version) == (
        "live",
        {"seed": 7},
        3,
        "abc",
        2,
    )
    assert (row.deadline_at, row.deadline_kind) == (1000.0, "turn")
    assert await repo.card_set("abc") == {"cards": [1, 2]}
    assert await repo.snapshot(match_id) == (0, {"n": 0})
    await repo.record_action(
        match_id,
        row.version,
        0,
        ActionRow(0, {"seat": 0, "kind": "hit"}),
        state={"n": 1},
        outcome={"winners": [0]},
        deadline_at=None,
    )
    after = await repo.match(match_id)
    assert after is not None
    assert (after.status, after.version, after.outcome) == (
        "finished",
        row.version + 1,
        {"winners": [0]},
    )
    assert after.deadline_at is None and after.deadline_kind is None
    assert await repo.actions(match_id) == [{"seat": 0, "kind": "hit"}]
    assert await repo.snapshot(match_id) == (1, {"n": 1})


async def test_a_stale_move_is_refused_and_changes_nothing(storage: Storage) -> None:
    repo = storage.matches
    match_id = await live(repo)
    before = await repo.match_with_seats(match_id)
    assert before is not None
    stale = before[0].version - 1
    with pytest.raises(VersionConflict):
        await repo.record_action(
            match_id,
            stale,
            0,
            ActionRow(0, {"kind": "x"}),
            state={"n": 9},
            outcome=None,
            deadline_at=None,
        )
    assert await repo.match_with_seats(match_id) == before
    assert await repo.actions(match_id) == []
    assert await repo.snapshot(match_id) == (0, {"n": 0})


async def test_a_move_at_another_index_than_the_log_s_length_is_refused(storage: Storage) -> None:
    # issue 30.10: the invariant of every commit; a session behind (or ahead of) the stored
    # log must never write a forked log.
    repo = storage.matches
    match_id = await live(repo)
    before = await repo.match_with_seats(match_id)
    assert before is not None
    for index in (1, 5):
        with pytest.raises(LogForked):
            await repo.record_action(
                match_id,
                before[0].version,
                index,
                ActionRow(0, {"kind": "x"}),
                state={"n": 9},
                outcome=None,
                deadline_at=None,
            )
    assert await repo.match_with_seats(match_id) == before
    assert await repo.actions(match_id) == []
    assert await repo.snapshot(match_id) == (0, {"n": 0})


async def test_a_stale_start_is_refused(storage: Storage) -> None:
    repo = storage.matches
    match_id = await lobby(repo)
    await repo.add_seat(match_id, 1, 11, "Bo", None)  # moves the version on
    with pytest.raises(VersionConflict):
        await repo.start_match(match_id, 0, header={}, ai_seed=1, state={}, deadline_at=None)
    row = await repo.match(match_id)
    assert row is not None and row.status == "lobby"
    assert await repo.snapshot(match_id) is None


async def test_timeouts_count_up_and_a_person_s_own_move_forgives_them(storage: Storage) -> None:
    repo = storage.matches
    match_id = await live(repo)

    async def move(index: int, row: ActionRow) -> None:
        version = (await repo.match(match_id)).version  # type: ignore[union-attr]
        await repo.record_action(
            match_id, version, index, row, state={"n": index}, outcome=None, deadline_at=None
        )

    await move(0, ActionRow(0, {"kind": "x"}, by_timeout=True))
    await move(1, ActionRow(0, {"kind": "x"}, by_timeout=True))
    await move(2, ActionRow(0, {"kind": "x"}, by_timeout=True, afk=False))  # a lapsed window
    assert (await repo.seats(match_id))[0].timeouts == 2
    await move(3, ActionRow(0, {"kind": "x"}))
    assert (await repo.seats(match_id))[0].timeouts == 0


async def test_the_seats_lapsed_this_turn_are_stored_with_the_move(storage: Storage) -> None:
    """The away rule's once a turn (``lapsed``) is written by the move's own write and read
    back by a restart, on and off the log; a move that names none leaves it; a later one
    clears it (a new turn began)."""
    repo = storage.matches
    match_id = await live(repo)
    row = await repo.match(match_id)
    assert row is not None and row.lapsed == frozenset()

    async def move(index: int, lapsed: frozenset[int] | None) -> MatchRow:
        version = (await repo.match(match_id)).version  # type: ignore[union-attr]
        await repo.record_actions(
            match_id,
            version,
            index,
            [ActionRow(0, {"kind": "x"}, by_timeout=True), ActionRow(1, {"kind": "y"}, by_ai=True)],
            state=None,
            outcome=None,
            deadline_at=2000.0,
            lapsed=lapsed,
        )
        found = await repo.match_with_seats(match_id)
        assert found is not None
        return found[0]

    assert (await move(0, frozenset({0, 3}))).lapsed == {0, 3}
    assert (await move(2, None)).lapsed == {0, 3}  # named none: left as it was
    for log in (True, False):  # a restart reads it back, with the log and from the snapshot
        [stored] = await repo.stored_matches(statuses=None, match_id=match_id, log=log)
        assert stored.row.lapsed == {0, 3}
    assert (await move(4, frozenset())).lapsed == frozenset()
    assert (await repo.seats(match_id))[0].timeouts == 3  # the count is the rows' as before


async def test_lobby_seats_renumber_in_joining_order_when_one_leaves(storage: Storage) -> None:
    repo = storage.matches
    match_id = await lobby(repo)
    await repo.add_seat(match_id, 1, 11, "Bo", None)
    await repo.add_seat(match_id, 2, 12, "Cy", None)
    await repo.remove_seat(match_id, 0, new_host=11, cancel=False)
    seats = await repo.seats(match_id)
    assert [(s.seat, s.name) for s in seats] == [(0, "Bo"), (1, "Cy")]
    row = await repo.match(match_id)
    assert row is not None and row.host_id == 11 and row.version == 3


async def test_a_restart_reads_every_match_back_whole(storage: Storage) -> None:
    repo = storage.matches
    first, second = await live(repo), await live(repo)
    await lobby(repo)  # not live: not restored
    row = await repo.match(first)
    assert row is not None
    await repo.record_action(
        first,
        row.version,
        0,
        ActionRow(0, {"kind": "a"}),
        state={"n": 1},
        outcome=None,
        deadline_at=None,
    )
    stored = await repo.stored_matches()
    assert [s.id for s in stored] == [first, second]
    assert all(isinstance(s, StoredMatch) for s in stored)
    assert stored[0].actions == ({"kind": "a"},) and stored[0].snapshot == (1, {"n": 1})
    assert [s.name for s in stored[0].seats] == ["Ann", "Bot"] and stored[0].damaged == ()
    assert await repo.stored_matches(statuses=None, match_id=second) == [stored[1]]
    # issue 30.1: a restart reads each log's length, not its actions.
    unread = await repo.stored_matches(log=False)
    assert [(s.id, s.actions, s.count, s.logged) for s in unread] == [
        (first, (), 1, False),
        (second, (), 0, False),
    ]
    assert unread[0].snapshot == (1, {"n": 1}) and stored[0].count == 1 and stored[0].logged
    assert await repo.match_ids(statuses=("live",)) == [first, second]
    assert await repo.match_ids(statuses=("live",), user_id=10, guild_id=1) == [first, second]
    assert await repo.match_ids(statuses=("live",), channel_id=99) == []


async def test_an_unreadable_row_is_reported_never_raised(
    backend: Backend, storage: Storage
) -> None:
    repo = storage.matches
    match_id = await live(repo)
    row = await repo.match(match_id)
    assert row is not None
    await repo.record_action(
        match_id,
        row.version,
        0,
        ActionRow(0, {"kind": "a"}),
        state={"n": 1},
        outcome=None,
        deadline_at=None,
    )
    backend.damage_action(match_id, 0)
    backend.damage_snapshot(match_id)
    [stored] = await repo.stored_matches(statuses=None, match_id=match_id)
    assert stored.damaged == ("action 0",) and stored.snapshot is None
    # issue 30.1: read without its log (a restart from snapshots), the damage is named too.
    [unread] = await repo.stored_matches(statuses=None, match_id=match_id, log=False)
    assert unread.damaged == ("action 0",) and unread.actions == () and unread.count == 1


async def test_deleting_a_match_takes_its_seats_log_and_snapshot(
    backend: Backend, storage: Storage
) -> None:
    match_id = await live(storage.matches)
    assert backend.count_rows_of(match_id) == 3  # two seats and the snapshot
    backend.delete_match(match_id)
    assert backend.count_rows_of(match_id) == 0
    assert await storage.matches.stored_matches(statuses=None, match_id=match_id) == []


async def test_pins_deadlines_and_the_end_of_a_match(storage: Storage) -> None:
    repo = storage.matches
    match_id = await live(repo)
    assert await repo.deadlines("live") == [(match_id, 2, 1000.0)]
    assert await repo.last_alive() is not None
    assert await repo.move_deadlines(50.0, running_at=900.0, now=2000.0) == [match_id]
    row = await repo.match(match_id)
    assert row is not None and row.deadline_at == 1050.0
    await repo.pin_match(match_id, card_set=("def", "tiny", {"cards": []}), rules_version=3)
    row = await repo.match(match_id)
    assert row is not None and (row.card_set, row.rules_version) == ("def", 3)
    await repo.mark_table_drawn(match_id, 5)
    await repo.mark_table_drawn(match_id, 4)  # an older drawing never goes back
    assert await repo.table_version(match_id) == 5
    assert await repo.end_match(match_id, "rules_changed")
    assert not await repo.end_match(match_id, "rules_changed")  # no longer live
    row = await repo.match(match_id)
    assert row is not None and (row.status, row.ended_reason) == ("cancelled", "rules_changed")


async def test_hands_owed_after_a_move_and_marked_when_sent(storage: Storage) -> None:
    repo = storage.matches
    match_id = await lobby(repo)
    await repo.add_seat(match_id, 1, 11, "Bo", None)
    row = await repo.match(match_id)
    assert row is not None
    await repo.start_match(match_id, row.version, header={}, ai_seed=1, state={}, deadline_at=None)
    assert await repo.unsent_hands() == [(match_id, 0, None), (match_id, 1, None)]
    version = row.version + 1
    await repo.mark_hand_sent(match_id, 10, version)
    await repo.mark_hand_sent(match_id, 10, version - 1)  # an older DM never overwrites
    await repo.mark_dm_closed(match_id, 11)
    assert await repo.unsent_hands() == []
