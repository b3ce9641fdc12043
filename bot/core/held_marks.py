"""Delivery marks held for the next move's write transaction (issue 29.5).

A publish tells the database what it delivered: the table drawn (``table_version``), a hand
DM sent (``seats.hand_sent``), a live hand placed (``live_hands``). Each was a small write
transaction of its own, about one a click. Held here instead, they ride in the next move's
write (``Ledger.store`` hands them to ``record_actions``), whatever match it is: under load
a mark waits milliseconds. With no move to carry them they are written on their own within
``IDLE_SECONDS`` of the first one held, and at shutdown (``close``).

None is part of a match's fold (the action log is), and a mark lost in a crash costs a
redundant redraw or re-send at the restart's catch-up (``bot.delivery.catch_up``;
docs/reliability.md, "Delivery marks held for the next write"). A live hand whose message
changed is not such a mark (a lost one would leave the new message unknown, shown beside
a re-sent one): the caller writes it at once (``write_now``).

Order: a live hand's row is the one kind of mark that is replaced rather than raised, so an
older copy must never land after a newer write. A hand is taken into at most one write at a
time (the next write leaves it held until that one is done), and a direct write of a live
hand (``direct``: a drop) first takes the held one away and waits for the write carrying it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from bot.storage.models import DatabaseUnavailable, Delivered, LiveHand
from bot.storage.ports import HandWrites

log = logging.getLogger(__name__)

IDLE_SECONDS = 10.0
"""The longest a mark is held when no move's write comes to carry it: the crash window in
which a mark may be lost (a redraw at the restart) grows by this. One write for every match's
marks every ten seconds at most is nothing beside the moves' writes; and a timer under the
in-memory Discord's settle time (5 s) would be waited out by every test's settle."""

Key = tuple[int, int]  # (match, user)
Current = Callable[[], LiveHand | None]
"""A live hand as it stands when the write is made (the newest this process knows), or None
once it was dropped: held as a reader, never as an older copy."""


@dataclass
class Carried:
    """Marks taken into one write: given back (``HeldMarks.done``) whether it committed."""

    tables: dict[int, int] = field(default_factory=dict)
    sent: dict[Key, int] = field(default_factory=dict)
    hands: dict[Key, Current] = field(default_factory=dict)
    marks: Delivered = field(default_factory=Delivered)
    finished: asyncio.Event = field(default_factory=asyncio.Event)


class HeldMarks:
    def __init__(self, repo: HandWrites, *, idle_seconds: float = IDLE_SECONDS) -> None:
        self._repo = repo
        self.idle_seconds = idle_seconds
        self._tables: dict[int, int] = {}
        self._sent: dict[Key, int] = {}
        self._hands: dict[Key, Current] = {}
        # Live hands carried by a write not yet done, and that write's end.
        self._carrying: dict[Key, asyncio.Event] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._writing: set[asyncio.Task[None]] = set()

    # holding -----------------------------------------------------------------------------

    def table(self, match_id: int, version: int) -> None:
        """The public table shows ``version``."""
        self._tables[match_id] = max(version, self._tables.get(match_id, version))
        self._arm()

    def sent(self, match_id: int, user_id: int, version: int) -> None:
        """A hand drawn at ``version`` reached ``user_id``."""
        key = (match_id, user_id)
        self._sent[key] = max(version, self._sent.get(key, version))
        self._arm()

    def hand(self, match_id: int, user_id: int, current: Current) -> None:
        """The player's live hand is ``current()`` (read when the write is made)."""
        self._hands[(match_id, user_id)] = current
        self._arm()

    def __bool__(self) -> bool:
        return bool(self._tables or self._sent or self._hands)

    # carrying ----------------------------------------------------------------------------

    def take(self, match_id: int | None = None) -> Carried | None:
        """What is held of ``match_id`` (every match's when None), for a write about to be
        made; None when nothing is. A live hand another write still carries stays held for
        the next one.

        A move's write takes its own match's only: on PostgreSQL two moves' transactions run
        at once, and each holding its match's row while marking the other's would deadlock.
        The idle write takes everything, in key order (``record_delivery``)."""
        if not self:
            return None

        def ours(found: int) -> bool:
            return match_id is None or found == match_id

        tables = {m: v for m, v in self._tables.items() if ours(m)}
        sent = {k: v for k, v in self._sent.items() if ours(k[0])}
        hands = {k: c for k, c in self._hands.items() if ours(k[0]) and k not in self._carrying}
        if not (tables or sent or hands):
            return None
        for m in tables:
            del self._tables[m]
        for k in sent:
            del self._sent[k]
        for k in hands:
            del self._hands[k]
        carried = Carried(tables, sent, hands)
        shown = (current() for current in hands.values())
        carried.marks = Delivered(
            tables=tuple(sorted(tables.items())),
            hands_sent=tuple(sorted((m, u, v) for (m, u), v in sent.items())),
            live_hands=tuple(
                sorted(
                    (hand for hand in shown if hand is not None),
                    key=lambda h: (h.match_id, h.user_id),
                )
            ),
        )
        for key in hands:
            self._carrying[key] = carried.finished
        if not self:
            self._disarm()
        return carried

    def done(self, carried: Carried | None, *, stored: bool) -> None:
        """The write that carried ``carried`` ended; not ``stored``: its marks are held again
        (a newer mark held meanwhile wins; a live hand is read afresh next time)."""
        if carried is None:
            return
        for key in carried.hands:
            if self._carrying.get(key) is carried.finished:
                del self._carrying[key]
        carried.finished.set()
        if stored:
            return
        for match_id, version in carried.tables.items():
            self.table(match_id, version)
        for (match_id, user_id), version in carried.sent.items():
            self.sent(match_id, user_id, version)
        for key, current in carried.hands.items():
            self._hands.setdefault(key, current)
        if self:
            self._arm()

    @asynccontextmanager
    async def direct(self, match_id: int, user_id: int) -> AsyncIterator[None]:
        """A live hand written apart (a drop): the held copy goes, the write that carries one
        ends first, and no write takes the hand until this one is done."""
        key = (match_id, user_id)
        self._hands.pop(key, None)
        while (carrying := self._carrying.get(key)) is not None:
            await carrying.wait()
        mine = asyncio.Event()
        self._carrying[key] = mine
        try:
            yield
        finally:
            if self._carrying.get(key) is mine:
                del self._carrying[key]
            mine.set()

    async def write_now(self) -> None:
        """Write everything held, in one transaction of its own (a live hand whose message
        changed, the idle timer, shutdown). Raises what the write raised, the marks held
        again."""
        for key in list(self._hands):
            while (carrying := self._carrying.get(key)) is not None:
                await carrying.wait()
        carried = self.take()
        if carried is None:
            return
        stored = False
        try:
            if carried.marks:
                await self._repo.record_delivery(carried.marks)
            stored = True
        finally:
            self.done(carried, stored=stored)

    # the idle timer ----------------------------------------------------------------------

    def _arm(self) -> None:
        if self._timer is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a sync test): written by the next write or close
            return
        self._timer = loop.call_later(self.idle_seconds, self._idle)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _idle(self) -> None:
        self._timer = None
        task = asyncio.get_running_loop().create_task(self._write_idle())
        self._writing.add(task)
        task.add_done_callback(self._writing.discard)

    async def _write_idle(self) -> None:
        try:
            await self.write_now()
        except DatabaseUnavailable as exc:
            log.warning("delivery marks wait for the database: %s", exc)
        except Exception:
            log.exception("writing the delivery marks failed")

    # the match leaving, the process stopping ---------------------------------------------

    def knows(self, match_id: int) -> bool:
        """Whether a mark of the match is held (``bot.core.live.MatchState``)."""
        return (
            match_id in self._tables
            or any(m == match_id for m, _ in self._sent)
            or any(m == match_id for m, _ in self._hands)
        )

    def forget(self, match_id: int) -> None:
        """The match went to another process: its marks go (that process catches its table
        and hands up; a live hand written from here could land after its own)."""
        self._tables.pop(match_id, None)
        self._sent = {k: v for k, v in self._sent.items() if k[0] != match_id}
        self._hands = {k: c for k, c in self._hands.items() if k[0] != match_id}
        if not self:
            self._disarm()

    async def close(self) -> None:
        """The bot is stopping: what is held is written (a restart redraws nothing it drew)."""
        self._disarm()
        if self._writing:
            await asyncio.gather(*self._writing, return_exceptions=True)
        try:
            await self.write_now()
        except DatabaseUnavailable as exc:
            log.warning("delivery marks not written at shutdown: %s", exc)
        self._disarm()
