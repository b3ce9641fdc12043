"""What a publish delivered is held for the next write (``bot.delivery.marks``, issue 29.5):
the table drawn, the hands sent and the live hands placed during a flush reach the service's
``HeldMarks`` and no transaction of their own; a live hand whose message changed is written by
the end of the flush (or at once outside one), with everything held, in one transaction.
Counted as ``record_delivery`` calls (each one transaction)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from bot.core.held_marks import HeldMarks
from bot.core.match_types import Update
from bot.delivery import marks
from bot.delivery.publisher import TablePublisher
from bot.render import Rendered
from bot.storage.models import Delivered, LiveHand
from tests.bot.render_support import make_match


class Repo:
    def __init__(self) -> None:
        self.calls: list[Delivered] = []

    async def record_delivery(self, batch: Delivered) -> None:
        self.calls.append(batch)


class Service:
    """The service's door the marks use: its held marks, over a repository that counts."""

    def __init__(self) -> None:
        self.repo = Repo()
        self.held = HeldMarks(self.repo, idle_seconds=60)  # type: ignore[arg-type]
        self.calls = self.repo.calls

    async def quiet(self, match_id: int) -> None:
        return None


HAND = LiveHand(7, 10, "dm", 500, 501)
OTHER = LiveHand(7, 11, "dm", 600, 601)


async def test_marks_outside_a_publish_are_held_but_a_moved_hand_is_written_at_once() -> None:
    service: Any = Service()
    await marks.table_drawn(service, 7, 3)
    await marks.hand_sent(service, 7, 10, 3)
    await marks.save_live_hand(service, HAND, lambda: HAND, moved=False)  # a token, a page
    assert service.calls == [] and service.held.knows(7)
    await marks.save_live_hand(service, OTHER, lambda: OTHER, moved=True)  # a new message
    assert service.calls == [Delivered(((7, 3),), ((7, 10, 3),), (HAND, OTHER))]
    assert not service.held


async def test_a_publish_holds_its_marks_the_newest_of_each() -> None:
    service: Any = Service()
    hands = {(7, 10): HAND, (7, 11): OTHER}
    moved = LiveHand(7, 10, "channel", 2, 700, token="t", token_at=1.0)
    async with marks.batched(service):
        await marks.table_drawn(service, 7, 3)
        await marks.table_drawn(service, 7, 2)  # an older table, marked late, never wins
        await marks.hand_sent(service, 7, 10, 3)
        await marks.hand_sent(service, 7, 11, 3)
        await marks.save_live_hand(service, HAND, lambda: hands.get((7, 10)), moved=False)
        await marks.save_live_hand(service, OTHER, lambda: hands.get((7, 11)), moved=False)
        hands[(7, 10)] = moved  # a click placed the hand again meanwhile: that one is written
        del hands[(7, 11)]  # dropped before the end: not written back
    assert service.calls == []  # held for the match's next move
    await service.held.write_now()
    assert service.calls == [Delivered(((7, 3),), ((7, 10, 3), (7, 11, 3)), (moved,))]


async def test_a_moved_hand_in_a_publish_is_written_at_its_end_also_after_a_fault() -> None:
    service: Any = Service()
    with pytest.raises(RuntimeError):
        async with marks.batched(service):
            await marks.hand_sent(service, 7, 10, 3)
            await marks.save_live_hand(service, HAND, lambda: HAND, moved=True)
            assert service.calls == []
            raise RuntimeError("the next DM failed")
    assert service.calls == [Delivered(hands_sent=((7, 10, 3),), live_hands=(HAND,))]
    service.calls.clear()

    async def flush() -> None:
        async with marks.batched(service):
            await marks.save_live_hand(service, OTHER, lambda: OTHER, moved=True)
            await asyncio.sleep(10)

    task = asyncio.create_task(flush())
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert service.calls == [] and service.held  # a cancelled flush writes nothing itself


async def test_a_task_started_inside_a_publish_writes_a_moved_hand_at_once_after_it() -> None:
    # A hand's token timer starts inside a flush and copies its context: past the flush,
    # its marks must not wait for a batch end that already came.
    service: Any = Service()
    later: list[asyncio.Task[None]] = []
    go = asyncio.Event()

    async def timer() -> None:
        await go.wait()
        await marks.save_live_hand(service, HAND, lambda: HAND, moved=True)

    async with marks.batched(service):
        later.append(asyncio.create_task(timer()))
    go.set()
    await later[0]
    assert service.calls == [Delivered(live_hands=(HAND,))]


def test_a_hand_moved_is_one_naming_another_message_or_ping() -> None:
    assert marks.moved(None, HAND)
    assert not marks.moved(HAND, LiveHand(7, 10, "dm", 500, 501, page=2, draft="x"))
    assert marks.moved(HAND, LiveHand(7, 10, "dm", 500, 502))
    assert marks.moved(HAND, LiveHand(7, 10, "dm", 500, 501, ping_channel_id=500, ping_id=9))
    ephemeral = LiveHand(7, 10, "channel", 2, 700, token="t", token_at=1.0)
    assert not marks.moved(ephemeral, LiveHand(7, 10, "channel", 2, 700, token="u", token_at=2.0))


async def test_one_flush_of_the_publisher_holds_everything_for_one_write(
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
            await marks.save_live_hand(publisher.bot.service, hand, current(hand), moved=False)
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
    # Before issue 29.5: one table mark, two live hands and three hand marks, six transactions;
    # now none of its own (they ride in the match's next move), here written as one.
    assert service.calls == []
    await service.held.write_now()
    [batch] = service.calls
    assert batch.tables == ((match.id, match.version),)
    assert {user for _, user, _ in batch.hands_sent} == {10, 11, 12}
    assert len(batch.live_hands) == 2
    assert not publisher.knows(match.id) or match.id not in publisher._carried


def current(hand: LiveHand) -> Callable[[], LiveHand | None]:
    return lambda: hand
