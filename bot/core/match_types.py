"""The plain values MatchService hands to the Discord layer (never discord objects)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.core.errors import ServiceError
from bot.storage.models import MatchRow, SeatRow
from engine.core import Action, Event, Game, Outcome, PlayerView
from engine.core.memo import Sight

__all__ = ["Listener", "MatchInfo", "SeatInfo", "ServiceError", "StartHook", "Update"]


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    user_id: int | None
    ai_level: str | None
    name: str
    dm_closed: bool
    timeouts: int = 0
    afk: bool = False  # handed to the AI after AFK_TIMEOUTS turn timeouts in a row


@dataclass(frozen=True)
class MatchInfo:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    thread_id: int | None
    game: str
    status: str
    host_id: int
    version: int
    seats: tuple[SeatInfo, ...]
    options: dict[str, Any]
    outcome: Outcome | None
    deadline: float | None  # the running loop's time (what renderers compare against)
    deadline_at: float | None = None  # wall-clock epoch seconds (for Discord's <t:..:R>)
    deadline_kind: str | None = None  # 'turn', 'window' or 'lobby'
    card_set: str | None = None  # the digest of the card set it plays on (engine.games.pin)
    ended_reason: str | None = None  # why the bot ended it with no result (bot.core.restore)

    @property
    def ranked(self) -> bool:
        return bool(self.options.get("ranked"))

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None


@dataclass(frozen=True)
class Update:
    match: MatchInfo
    events: list[Event]
    deciders: frozenset[int]
    window: bool = False  # the deciders answer a response window (all may pass)
    started: bool = False  # the first update of a match: every player gets their hand
    # Who was deciding (outside a response window) before this update: a seat in ``deciders``
    # but not here has just started to decide, so the publisher DMs it, restart or not.
    before: frozenset[int] = frozenset()
    # The match as it stands after this update, for the publisher to draw from with no call
    # back into the service: the game and its state (a snapshot: a session's state is
    # replaced, never changed in place, by each move). None for a lobby or a match that is
    # no longer in memory (finished, cancelled, quarantined).
    game: Game[Any, Any] | None = None
    state: Any = None
    quarantined: bool = False
    # The events of the match's last actions as of its restore (the table's "Last moves"
    # when a publisher first sees the match after a restart).
    recent: list[Event] = field(default_factory=list)
    # The session's memo of ``state`` (``MatchSession.sight``): each seat's view and legal
    # moves worked out once, shared with the session's next click. None with no state.
    sight: Sight[Any, Any] | None = field(default=None, compare=False, repr=False)

    def view_of(self, seat: int | None) -> PlayerView:
        """What ``seat`` (None: a spectator) sees of ``state``, from the memo."""
        view: PlayerView = self._sight().view(seat)
        return view

    def legal_of(self, seat: int) -> list[Action]:
        """``seat``'s legal moves in ``state``, from the memo."""
        return self._sight().legal(seat)

    def _sight(self) -> Sight[Any, Any]:
        if self.sight is not None:
            return self.sight
        if self.game is None or self.state is None:
            raise ValueError(f"match {self.match.id}: the update holds no state to look at")
        # An update built by hand (tests) with a state but no memo: a sight of its own.
        return Sight(self.game, self.state)


def seat_info(row: SeatRow) -> SeatInfo:
    return SeatInfo(
        seat=row.seat,
        user_id=row.user_id,
        ai_level=row.ai_level,
        name=row.name,
        dm_closed=row.dm_closed,
        timeouts=row.timeouts,
        afk=row.afk,
    )


def match_info(row: MatchRow, seats: Sequence[SeatRow], deadline: float | None) -> MatchInfo:
    """What the service hands out for a stored match. ``deadline`` is ``row.deadline_at`` on
    the running loop's clock (the caller owns that clock)."""
    outcome = row.outcome_json
    return MatchInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        message_id=row.message_id,
        thread_id=row.thread_id,
        game=row.game,
        status=row.status,
        host_id=row.host_id,
        version=row.version,
        seats=tuple(seat_info(s) for s in seats),
        options=row.options,
        outcome=Outcome.from_json(json.loads(outcome)) if outcome else None,
        deadline=deadline,
        deadline_at=row.deadline_at,
        deadline_kind=row.deadline_kind,
        card_set=row.card_set,
        ended_reason=row.ended_reason,
    )


Listener = Callable[[Update], Awaitable[None]]
StartHook = Callable[[MatchInfo], Awaitable[dict[str, Any]]]
"""Options added to a match as it starts (each seat's duel deck); may refuse with ServiceError."""
