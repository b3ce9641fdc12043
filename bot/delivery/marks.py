"""What a publish tells the database it delivered (issue 29.5).

A flush of the publisher draws the table, posts the log lines and deals the hands; each told
the database apart what it did (``table_version``, ``seats.hand_sent``, ``live_hands``): two to
four small write transactions per click. Now every mark is held by the service
(``bot.core.held_marks``) and rides in the match's next move's write transaction, or in one
written for every match within ten seconds when no move follows.

These are delivery marks, none part of a match's fold (the action log is): a crash before
one is written costs what a crash between a send and its mark always cost, a table redrawn or
a hand dealt again after the restart (``bot.delivery.catch_up``), over a window up to
ten seconds longer (docs/reliability.md, "Delivery marks held for the next write").

One mark is not of that kind: a live hand whose message changed (a new hand DM, a new
ephemeral hand, a new ping). Lost, the restart would edit the message before it and send
another beside the new one. Inside ``batched`` (a publisher flush, a click's own hand) it is
written with everything held at the end of the batch, before the next one starts; outside, at
once (``HeldMarks.write_now``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from bot.core import service as svc
from bot.storage.models import LiveHand

Key = tuple[int, int]  # (match, user)


@dataclass
class _Batch:
    urgent: bool = False  # a live hand whose message changed: written at the end
    closed: bool = False


# The batch of the flush running in this task. A task started inside it (a hand's timer)
# copies the variable, hence ``closed``: past the flush, its urgent marks are written at once.
_open: ContextVar[_Batch | None] = ContextVar("delivery_marks", default=None)


def _pending() -> _Batch | None:
    batch = _open.get()
    return None if batch is None or batch.closed else batch


@asynccontextmanager
async def batched(service: svc.MatchService) -> AsyncIterator[Batch]:
    """The marks made inside are held; a live hand whose message changed is written at the
    end with everything held, also when a later step failed (what went out before the fault
    was delivered). A cancelled flush (the bot stopping, the match gone to another process)
    writes nothing itself: what it held is written at shutdown, or forgotten with the match."""
    batch = _Batch()
    token = _open.set(batch)
    try:
        yield Batch(batch, service)
    except asyncio.CancelledError:
        batch.closed = True
        raise
    except BaseException:
        await _end(service, batch)
        raise
    else:
        await _end(service, batch)
    finally:
        batch.closed = True
        _open.reset(token)


class Batch:
    """An open batch, for a mark made in another task (``TablePublisher.carry``)."""

    def __init__(self, batch: _Batch, service: svc.MatchService) -> None:
        self._batch = batch
        self._service = service

    def hand_sent(self, match_id: int, user_id: int, version: int) -> bool:
        """Marked with the batch; False once it ended (the caller marks it)."""
        if self._batch.closed:
            return False
        self._service.held.sent(match_id, user_id, version)
        return True


async def _end(service: svc.MatchService, batch: _Batch) -> None:
    batch.closed = True
    if batch.urgent:
        await service.held.write_now()


async def table_drawn(service: svc.MatchService, match_id: int, version: int) -> None:
    """The public table shows ``version``."""
    service.held.table(match_id, version)


async def hand_sent(service: svc.MatchService, match_id: int, user_id: int, version: int) -> None:
    """A hand drawn at ``version`` reached ``user_id`` (``seats.hand_sent``)."""
    service.held.sent(match_id, user_id, version)


async def save_live_hand(
    service: svc.MatchService,
    hand: LiveHand,
    current: Callable[[], LiveHand | None],
    *,
    moved: bool,
) -> None:
    """``hand`` is the player's live hand; ``current`` reads it again when it is written
    (None: dropped since, and then not written back). ``moved``: its message (or its ping's)
    is another than the stored one's, so it is written by the end of the batch, or now."""
    service.held.hand(hand.match_id, hand.user_id, current)
    if not moved:
        return
    batch = _pending()
    if batch is None:
        await service.held.write_now()
    else:
        batch.urgent = True


def moved(before: LiveHand | None, after: LiveHand) -> bool:
    """Whether ``after`` names another message than ``before`` (the hand's or its ping's):
    a row a restart must find as it is, not as it was (see the module's docstring)."""
    if before is None:
        return True
    where = (after.place, after.channel_id, after.message_id)
    ping = (after.ping_channel_id, after.ping_id)
    return (before.place, before.channel_id, before.message_id) != where or (
        before.ping_channel_id,
        before.ping_id,
    ) != ping
