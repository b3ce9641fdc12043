"""Whatever a backend caches, every write through the port shows in the next read: a match and
its seats are read after each kind of write (the bot reads them for every view and redraw)."""

from __future__ import annotations

from bot.storage import Storage
from bot.storage.models import ActionRow
from tests.storage.contract.test_matches import live, lobby


async def status_and_seats(storage: Storage, match_id: int) -> tuple[str, list[tuple[object, ...]]]:
    found = await storage.matches.match_with_seats(match_id)
    assert found is not None
    return found[0].status, [(s.seat, s.user_id, s.ai_level, s.afk, s.dm_closed) for s in found[1]]


async def test_every_lobby_write_shows_in_the_next_read(storage: Storage) -> None:
    repo = storage.matches
    match_id = await lobby(repo)
    assert await status_and_seats(storage, match_id) == ("lobby", [(0, 10, None, False, False)])
    await repo.add_seat(match_id, 1, None, "AI", "random")
    assert len((await status_and_seats(storage, match_id))[1]) == 2
    await repo.set_host(match_id, 11)
    await repo.set_options(match_id, {"ranked": False})
    await repo.set_deadline(match_id, 50.0, "lobby")
    await repo.set_message(match_id, 77, 88)
    found = await repo.match_with_seats(match_id)
    assert found is not None
    row = found[0]
    assert (row.host_id, row.options, row.deadline_at, row.deadline_kind) == (
        11,
        {"ranked": False},
        50.0,
        "lobby",
    )
    assert (row.message_id, row.thread_id) == (77, 88)
    await repo.set_message(match_id, 78, None)  # a thread once opened stays
    found = await repo.match_with_seats(match_id)
    assert found is not None and (found[0].message_id, found[0].thread_id) == (78, 88)
    await repo.remove_seat(match_id, 1, new_host=None, cancel=True)
    assert await status_and_seats(storage, match_id) == ("cancelled", [(0, 10, None, False, False)])


async def test_every_seat_and_play_write_shows_in_the_next_read(storage: Storage) -> None:
    repo = storage.matches
    match_id = await live(repo)
    await status_and_seats(storage, match_id)  # cached now, if the backend caches
    await repo.hand_to_ai(match_id, 0, "heuristic")
    assert (await status_and_seats(storage, match_id))[1][0] == (0, 10, "heuristic", True, False)
    await repo.reclaim_seat(match_id, 0)
    assert (await status_and_seats(storage, match_id))[1][0] == (0, 10, None, False, False)
    await repo.mark_dm_closed(match_id, 10)
    assert (await status_and_seats(storage, match_id))[1][0][4] is True
    row = await repo.match(match_id)
    assert row is not None
    await repo.record_action(
        match_id,
        row.version,
        0,
        ActionRow(0, {"kind": "a"}),
        state={},
        outcome={"w": 1},
        deadline_at=None,
    )
    assert (await status_and_seats(storage, match_id))[0] == "finished"
    await repo.set_status(match_id, "cancelled")
    assert (await status_and_seats(storage, match_id))[0] == "cancelled"


async def test_moved_deadlines_and_an_ended_match_show_in_the_next_read(storage: Storage) -> None:
    repo = storage.matches
    match_id = await live(repo)
    await status_and_seats(storage, match_id)
    await repo.move_deadlines(10.0, running_at=0.0, now=5.0)
    found = await repo.match_with_seats(match_id)
    assert found is not None and found[0].deadline_at == 1010.0
    await repo.end_match(match_id, "unreadable")
    found = await repo.match_with_seats(match_id)
    assert found is not None and (found[0].status, found[0].ended_reason) == (
        "cancelled",
        "unreadable",
    )


async def test_callers_cannot_change_what_the_next_reader_gets(storage: Storage) -> None:
    repo = storage.matches
    match_id = await lobby(repo, picks=[1])
    found = await repo.match_with_seats(match_id)
    assert found is not None
    found[1].clear()
    found[0].options["picks"].append(2)
    again = await repo.match_with_seats(match_id)
    assert again is not None
    assert again[0].options == {"picks": [1]} and again[1][0].name == "Ann"
