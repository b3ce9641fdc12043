"""What a publish tells the database it delivered, in one write transaction (issue 29.5).

A flush of the publisher draws the table, posts the log lines and deals the hands; each told
the database apart what it did (``table_version``, ``seats.hand_sent``, ``live_hands``): two to
four small write transactions per click. Inside ``batched`` they are gathered and written
together once the flush is done (``MatchService.delivered``); outside one (a click's own hand
answer, a hand's timer) each is written at once, as before.

These are delivery marks, none part of a match's fold (the action log is): a crash before the
batch is written costs what a crash between a send and its mark always cost, a table redrawn or
a hand dealt again after the restart (``bot.delivery.catch_up``), over a longer window.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from bot.core import service as svc
from bot.storage.models import Delivered, LiveHand

Key = tuple[int, int]  # (match, user)


@dataclass
class _Marks:
    tables: dict[int, int] = field(default_factory=dict)
    sent: dict[Key, int] = field(default_factory=dict)
    # The hand as it stands when the batch is written (the newest this process knows: a click
    # may save it again meanwhile), or None once it was dropped: never an older copy.
    hands: dict[Key, Callable[[], LiveHand | None]] = field(default_factory=dict)
    closed: bool = False

    def frozen(self) -> Delivered:
        hands = (current() for current in self.hands.values())
        return Delivered(
            tables=tuple(self.tables.items()),
            hands_sent=tuple((m, u, v) for (m, u), v in self.sent.items()),
            live_hands=tuple(hand for hand in hands if hand is not None),
        )


# The batch of the flush running in this task. A task started inside it (a hand's timer)
# copies the variable, hence ``closed``: past the flush, its marks are written at once.
_open: ContextVar[_Marks | None] = ContextVar("delivery_marks", default=None)


def _pending() -> _Marks | None:
    marks = _open.get()
    return None if marks is None or marks.closed else marks


@asynccontextmanager
async def batched(service: svc.MatchService) -> AsyncIterator[Batch]:
    """Every mark made inside goes in one transaction at the end, also when a later step
    failed (what went out before the fault was delivered). A cancelled flush (the bot
    stopping, the match gone to another process) writes nothing: a restart deals again."""
    marks = _Marks()
    token = _open.set(marks)
    try:
        yield Batch(marks)
    except asyncio.CancelledError:
        marks.closed = True
        raise
    except BaseException:
        await _write(service, marks)
        raise
    else:
        await _write(service, marks)
    finally:
        marks.closed = True
        _open.reset(token)


class Batch:
    """An open batch, for a mark made in another task (``TablePublisher.carry``)."""

    def __init__(self, marks: _Marks) -> None:
        self._marks = marks

    def hand_sent(self, match_id: int, user_id: int, version: int) -> bool:
        """Marked with the batch; False once it was written (the caller writes it)."""
        if self._marks.closed:
            return False
        key = (match_id, user_id)
        self._marks.sent[key] = max(version, self._marks.sent.get(key, version))
        return True


async def _write(service: svc.MatchService, marks: _Marks) -> None:
    marks.closed = True
    delivered = marks.frozen()
    if delivered:
        await service.delivered(delivered)


async def table_drawn(service: svc.MatchService, match_id: int, version: int) -> None:
    """The public table shows ``version``."""
    marks = _pending()
    if marks is None:
        await service.delivered(Delivered(tables=((match_id, version),)))
    else:
        marks.tables[match_id] = max(version, marks.tables.get(match_id, version))


async def hand_sent(service: svc.MatchService, match_id: int, user_id: int, version: int) -> None:
    """A hand drawn at ``version`` reached ``user_id`` (``seats.hand_sent``)."""
    marks = _pending()
    if marks is None:
        await service.hand_sent(match_id, user_id, version)
    else:
        key = (match_id, user_id)
        marks.sent[key] = max(version, marks.sent.get(key, version))


async def save_live_hand(
    service: svc.MatchService, hand: LiveHand, current: Callable[[], LiveHand | None]
) -> None:
    """``hand`` is the player's live hand; ``current`` reads it again when the batch is
    written (None: dropped since, and then not written back)."""
    marks = _pending()
    if marks is None:
        await service.save_live_hand(hand)
    else:
        marks.hands[(hand.match_id, hand.user_id)] = current
