"""One publish, one write transaction for what it delivered (``bot.delivery.marks``, issue
29.5): the table drawn, the hands sent and the live hands placed during a flush reach the
service as one ``delivered`` (one ``record_delivery`` transaction); outside a flush each mark is
written at once, as before. Counted as service calls (each one transaction)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from bot.core.match_types import Update
from bot.delivery import marks
from bot.delivery.publisher import TablePublisher
from bot.render import Rendered
from bot.storage.models import Delivered, LiveHand
from tests.bot.render_support import make_match


class Service:
    """The service's write doors the marks use; every call is one write transaction."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    async def delivered(self, batch: Delivered) -> None:
        self.calls.append(("delivered", batch))

    async def hand_sent(self, match_id: int, user_id: int, version: int) -> None:
        self.calls.append(("hand_sent", (match_id, user_id, version)))

    async def save_live_hand(self, hand: LiveHand) -> None:
        self.calls.append(("save_live_hand", hand))

    async def quiet(self, match_id: int) -> None:
        return None


HAND = LiveHand(7, 10, "dm", 500, 501)
OTHER = LiveHand(7, 11, "dm", 600, 601)


async def test_marks_outside_a_publish_are_written_at_once() -> None:
    service: Any = Service()
    await marks.table_drawn(service, 7, 3)
    await marks.hand_sent(service, 7, 10, 3)
    await marks.save_live_hand(service, HAND, lambda: HAND)
    assert [name for name, _ in service.calls] == ["delivered", "hand_sent", "save_live_hand"]


async def test_a_publish_writes_its_marks_once_the_newest_of_each() -> None:
    service: Any = Service()
    hands = {(7, 10): HAND, (7, 11): OTHER}
    moved = LiveHand(7, 10, "channel", 2, 700, token="t", token_at=1.0)
    async with marks.batched(service):
        await marks.table_drawn(service, 7, 3)
        await marks.table_drawn(service, 7, 2)  # an older table, marked late, never wins
        await marks.hand_sent(service, 7, 10, 3)
        await marks.hand_sent(service, 7, 11, 3)
        await marks.save_live_hand(service, HAND, lambda: hands.get((7, 10)))
        await marks.save_live_hand(service, OTHER, lambda: hands.get((7, 11)))
        assert service.calls == []
        hands[(7, 10)] = moved  # a click placed the hand again meanwhile: that one is written
        del hands[(7, 11)]  # dropped before the end: not written back
    assert service.calls == [
        ("delivered", Delivered(((7, 3),), ((7, 10, 3), (7, 11, 3)), (moved,))),
    ]


async def test_what_went_out_before_a_fault_is_still_marked_and_a_cancel_marks_nothing() -> None:
    service: Any = Service()
    with pytest.raises(RuntimeError):
        async with marks.batched(service):
            await marks.hand_sent(service, 7, 10, 3)
            raise RuntimeError("the next DM failed")
    assert service.calls == [("delivered", Delivered(hands_sent=((7, 10, 3),)))]
    service.calls.clear()

    async def flush() -> None:
        async with marks.batched(service):
            await marks.hand_sent(service, 7, 10, 4)
            await asyncio.sleep(10)

    task = asyncio.create_task(flush())
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert service.calls == []


async def test_a_task_started_inside_a_publish_marks_at_once_after_it() -> None:
    # A hand's token timer starts inside a flush and copies its context: past the flush,
    # its marks must not land in a batch nobody writes any more.
    service: Any = Service()
    later: list[asyncio.Task[None]] = []
    go = asyncio.Event()

    async def timer() -> None:
        await go.wait()
        await marks.save_live_hand(service, HAND, lambda: HAND)

    async with marks.batched(service):
        later.append(asyncio.create_task(timer()))
    go.set()
    await later[0]
    assert service.calls == [("save_live_hand", HAND)]


async def test_one_flush_of_the_publisher_is_one_delivered_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service = Service()

    def no_lobby(match: Any) -> Rendered:
        raise AssertionError("a started match never draws its lobby")

    publisher = TablePublisher(SimpleNamespace(service=service), no_lobby)
    update = Update(make_match("classic", 3), [], frozenset())
    match = update.match

    async def redraw(update: Update) -> Update:
        await marks.table_drawn(publisher.bot.service, match.id, match.version)
        return update

    async def thread(update: Update) -> None:
        return None

    async def deal(update: Update) -> None:
        for seat in (10, 11):
            hand = LiveHand(match.id, seat, "dm", 5, seat)
            await marks.save_live_hand(publisher.bot.service, hand, current(hand))
            await marks.hand_sent(publisher.bot.service, match.id, seat, match.version)

    monkeypatch.setattr(publisher, "_redraw_table", redraw)
    monkeypatch.setattr(publisher.threads, "flush", thread)
    monkeypatch.setattr(publisher.hands, "deal", deal)
    publisher._latest[match.id] = update
    assert not publisher.carry(match.id, 12, match.version)  # no flush due: written apart
    publisher.schedule(match.id)
    # The clicker's own hand DM, redrawn by the click while the move's flush is due.
    assert publisher.carry(match.id, 12, match.version)
    await asyncio.wait_for(publisher._flushes[match.id], timeout=10)
    # Before issue 29.5: one table mark, two live hands and three hand marks, six transactions.
    assert [name for name, _ in service.calls] == ["delivered"]
    batch = service.calls[0][1]
    assert batch.tables == ((match.id, match.version),)
    assert {user for _, user, _ in batch.hands_sent} == {10, 11, 12}
    assert len(batch.live_hands) == 2
    assert not publisher.knows(match.id) or match.id not in publisher._carried


def current(hand: LiveHand) -> Callable[[], LiveHand | None]:
    return lambda: hand
