"""A publish's delivery marks in one write transaction (``HandWrites.record_delivery``, issue
29.5): the table drawn, the hand DMs sent and the live hands placed, where they were three
kinds of small transaction each. Counted at the adapter's database object, on both backends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot.storage import Storage
from bot.storage.models import ActionRow, Delivered, LiveHand, VersionConflict
from tests.storage.contract.test_matches import lobby


def count_transactions(storage: Storage) -> list[str]:
    """Every write transaction the adapter opens from now on, by kind: SQLite's one-hop
    ``write`` and ``transaction()``; PostgreSQL's ``transaction()`` and its one-statement
    ``execute`` (atomic by itself; ``executemany`` opens a ``transaction()``)."""
    db: Any = storage.matches.db  # type: ignore[attr-defined]
    seen: list[str] = []
    original = db.transaction

    @asynccontextmanager
    async def transaction() -> AsyncIterator[Any]:
        seen.append("transaction")
        async with original() as conn:
            yield conn

    db.transaction = transaction
    one_statement = "execute" if hasattr(db, "pool") else "write"
    alone = getattr(db, one_statement)

    async def counted(*args: Any) -> Any:
        seen.append(one_statement)
        return await alone(*args)

    setattr(db, one_statement, counted)
    return seen


async def two_seat_match(storage: Storage) -> int:
    repo = storage.matches
    match_id = await lobby(repo)
    await repo.add_seat(match_id, 1, 11, "Bo", None)
    row = await repo.match(match_id)
    assert row is not None
    await repo.start_match(match_id, row.version, header={}, ai_seed=1, state={}, deadline_at=None)
    return match_id


async def test_a_publish_marks_everything_it_delivered_in_one_transaction(
    storage: Storage,
) -> None:
    repo = storage.matches
    match_id = await two_seat_match(storage)
    row = await repo.match(match_id)
    assert row is not None
    version = row.version
    ann = LiveHand(match_id, 10, "dm", 500, 501, ping_channel_id=500, ping_id=502)
    bo = LiveHand(match_id, 11, "channel", 2, 700, token="t", token_at=9.5, page=1)
    seen = count_transactions(storage)
    await repo.record_delivery(
        Delivered(
            tables=((match_id, version),),
            hands_sent=((match_id, 10, version), (match_id, 11, version)),
            live_hands=(ann, bo),
        )
    )
    assert len(seen) == 1
    assert await repo.table_version(match_id) == version
    assert await repo.unsent_hands() == []
    assert await repo.live_hands(match_id) == [ann, bo]


async def test_delivery_marks_never_go_back(storage: Storage) -> None:
    """As ``mark_table_drawn`` and ``mark_hand_sent``: an older mark, written late, keeps the
    newer one; a live hand is replaced, as ``save_live_hand`` replaces it."""
    repo = storage.matches
    match_id = await two_seat_match(storage)
    row = await repo.match(match_id)
    assert row is not None
    version = row.version
    await repo.record_delivery(
        Delivered(tables=((match_id, version),), hands_sent=((match_id, 10, version),))
    )
    moved = LiveHand(match_id, 10, "channel", 2, 900, token="u", token_at=1.0)
    await repo.record_delivery(
        Delivered(
            tables=((match_id, version - 1),),
            hands_sent=((match_id, 10, version - 1),),
            live_hands=(LiveHand(match_id, 10, "dm", 500, 501), moved),
        )
    )
    assert await repo.table_version(match_id) == version
    assert [seat for _, seat, _ in await repo.unsent_hands()] == [1]
    assert await repo.live_hands(match_id) == [moved]


@pytest.mark.parametrize("kinds", ["tables", "hands_sent", "live_hands"])
async def test_one_kind_of_mark_alone_is_one_transaction(storage: Storage, kinds: str) -> None:
    match_id = await two_seat_match(storage)
    row = await storage.matches.match(match_id)
    assert row is not None
    marks = {
        "tables": Delivered(tables=((match_id, row.version),)),
        "hands_sent": Delivered(hands_sent=((match_id, 11, row.version),)),
        "live_hands": Delivered(live_hands=(LiveHand(match_id, 11, "dm", 5, 6),)),
    }[kinds]
    seen = count_transactions(storage)
    await storage.matches.record_delivery(marks)
    assert len(seen) == 1


async def test_marks_ride_in_a_moves_transaction_and_not_in_a_refused_one(
    storage: Storage,
) -> None:
    """``record_actions(..., delivered=...)``: the move and the marks held since commit
    together (``bot.core.held_marks``, issue 29.5); a refused move writes none of them."""
    repo = storage.matches
    match_id = await two_seat_match(storage)
    row = await repo.match(match_id)
    assert row is not None
    version = row.version
    bo = LiveHand(match_id, 11, "channel", 2, 700, token="t", token_at=9.5)
    marks = Delivered(
        tables=((match_id, version),), hands_sent=((match_id, 11, version),), live_hands=(bo,)
    )
    with pytest.raises(VersionConflict):
        await repo.record_actions(
            match_id, version - 1, 0, [ActionRow(0, {"kind": "x"})], **MOVE, delivered=marks
        )
    assert await repo.table_version(match_id) is None and await repo.live_hands(match_id) == []
    seen = count_transactions(storage)
    await repo.record_actions(
        match_id, version, 0, [ActionRow(0, {"kind": "x"})], **MOVE, delivered=marks
    )
    assert len(seen) == 1
    assert await repo.table_version(match_id) == version
    # Both seats now owe the new version's hand; Bo's mark says the old one reached him.
    assert {seat: sent for _, seat, sent in await repo.unsent_hands()}[1] == version
    assert await repo.live_hands(match_id) == [bo]
    assert len(await repo.actions(match_id)) == 1


MOVE: dict[str, Any] = {"state": None, "outcome": None, "deadline_at": None}
