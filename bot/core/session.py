"""One started match held in memory (``MatchSession``) and the store of them (``LiveMatches``).

A session owns what a click is judged against: the game, its state, the record header, the
match's version, the pass floor and the steadiness. ``act`` holds every stale-button rule in
one place; ``play`` applies an action to a copy, so a refused or conflicting move changes
nothing until the caller ``advance``s the session with the step it stored.

The session's ``sight`` (``engine.core.memo.Sight``) answers each seat's legal moves and view
of its state once: the hand drawn after a move and the next click's legality check, the table
and a table button's answer ask it (and a free actor's ``may_act``). It is right because
the session's state is never changed (each move is played on a clone, ``Sight.play``, and
the session is replaced, ``after``), so it goes with every commit, a restore reads a new
session back, and a failed write keeps the old session, its state and its sight as they were.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.core.errors import ServiceError
from bot.core.match_types import SeatInfo
from engine.core import (
    PASS,
    Action,
    Event,
    Game,
    IllegalAction,
    OpenWindow,
    Outcome,
)
from engine.core.memo import Sight
from engine.core.record import RecordHeader


def window_of(game: Game[Any, Any], state: Any) -> OpenWindow | None:
    """The response window the match waits on, as its engine declares it (``Game.window``:
    every game's windows alike, issue 27.1), or None."""
    return game.window(state)


def in_window(game: Game[Any, Any], state: Any) -> bool:
    """True while a response window is what the match waits on."""
    return window_of(game, state) is not None


def passed_in_window(game: Game[Any, Any], state: Any) -> frozenset[int]:
    """The seats that passed in the open response window since its last answer (the table
    and the hands show them); none while no window is what the match waits on."""
    window = window_of(game, state)
    return frozenset() if window is None else window.passed


def ai_levels_of(seats: Iterable[SeatInfo]) -> dict[int, str]:
    return {s.seat: s.ai_level for s in seats if s.ai_level is not None}


@dataclass(frozen=True)
class Step:
    """An action applied to a copy of the session's state, not yet stored."""

    action: Action
    state: Any
    events: list[Event]
    outcome: Outcome | None
    # A move by a seat nobody waited on that leaves the same seats to wait on (a curse on
    # anyone's turn): it keeps their clock and the buttons already drawn.
    free_move: bool
    pass_floor: int
    # Who was deciding outside a response window before it (in a window: who was deciding
    # before the window opened, so whoever decides again once it closes is not told anew:
    # issue 27.1, no ping for a window).
    before: frozenset[int]


@dataclass
class MatchSession:
    """A started match in memory. ``state`` is replaced, never changed in place, by each move
    (``play`` works on a clone), so an ``Update`` may hand it on as a snapshot."""

    game: Game[Any, Any]
    state: Any
    header: RecordHeader
    ai_seed: int
    count: int  # actions in the log
    ai_levels: dict[int, str] = field(default_factory=dict)
    # The version since which only passes were played in the same open window: a Pass drawn
    # at or after it still answers that window, so it is not stale. After a restart it is the
    # current version (older table Passes get a fresh view instead).
    pass_floor: int = 0
    # From the last replay of its log (empty until then): the events of its last actions, so
    # a table redrawn after a restart keeps its "Last moves" lines; and per seat, the action
    # count at which its hand DM last fell due (see ``bot.core.fold.Fold``), so a restart re-sends
    # only a hand that was really lost.
    recent: list[Event] = field(default_factory=list)
    hand_due: dict[int, int] = field(default_factory=dict)
    version: int = 0  # the match's version as stored (every move adds one)
    # The version since which only free actors moved, the same seats deciding throughout
    # (None: since the session began; after a restart every older button is stale).
    steady: int | None = None
    # While a response window is open: who was deciding before it opened (the seats last
    # told, see ``Step.before``). None outside a window.
    told: frozenset[int] | None = None
    # Turns started since the session began (``Game.turn_started``), and per seat the turn
    # its last lapse counted towards being away in: several lapses in one turn count once
    # (``bot.core.clock``). A new mapping on each change. Each write stores the seats that
    # lapsed in the turn being played (``lapsed_now``, ``matches.lapsed_seats``): a restore
    # reads them back as lapsed in its turn 0, so a restart counts none of them again.
    turns: int = 0
    lapsed: Mapping[int, int] = field(default_factory=dict)
    # The memo of ``state`` (``sight``): not copied by ``replace``, so a new session (the next
    # move's, a restore's) starts with none.
    _sight: Sight[Any, Any] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def sight(self) -> Sight[Any, Any]:
        """The legal moves and views of ``state``, each worked out once. A sight is of one
        state object: one assigned in its place (never done: a move replaces the session)
        gets a sight of its own, so no answer of an older state is ever handed out."""
        sight = self._sight
        if sight is None or sight.state is not self.state or sight.game is not self.game:
            sight = self._sight = Sight(self.game, self.state)
        return sight

    # what the match waits on ------------------------------------------------------------------

    def deciders(self) -> frozenset[int]:
        return self.game.deciders(self.state)

    def in_window(self) -> bool:
        return in_window(self.game, self.state)

    def outside(self) -> frozenset[int]:
        """Who decides outside a response window: the deciders, or in a window those
        deciding before it opened (nobody, when the session began in one)."""
        if not self.in_window():
            return self.deciders()
        return self.told if self.told is not None else frozenset()

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def lapsed_now(self) -> frozenset[int]:
        """The seats whose lapse already counted towards being away in the turn now played."""
        return frozenset(seat for seat, turn in self.lapsed.items() if turn == self.turns)

    def may_act(self, action: Action) -> bool:
        """The engine decides: a seat the match waits on, or a free actor (one that may act
        without being waited on, a curse on anyone's turn) whose action is legal now. Anything
        else from a seat that is not deciding reads as "not your move"."""
        game, state = self.game, self.state
        if action.seat in game.deciders(state):
            return True
        return action.seat in game.free_actors(state) and action in self.sight.legal(action.seat)

    # a click ----------------------------------------------------------------------------------

    def act(self, seat: int, key: str, expected_version: int, seats: Iterable[SeatInfo]) -> Step:
        """A player's button drawn at ``expected_version``: refused when stale, unreadable or
        not theirs to press now (``seats`` name who the match waits on), else played on a
        copy."""
        # Buttons drawn before moves nobody waited on (free actors' plays that left the same
        # seats deciding) still count; the engine checks them against the new state.
        steady = self.version if self.steady is None else self.steady
        if (
            self.version != expected_version
            and not (key == PASS and self.pass_floor <= expected_version)
            and not steady <= expected_version
        ) or expected_version > self.version:
            raise ServiceError("stale", version=self.version)
        try:
            action = Action.from_key(seat, key)
        except ValueError:
            raise ServiceError("illegal", reason="bad_key") from None
        if not self.may_act(action):
            deciders = self.deciders()
            waiting = ", ".join(s.name for s in seats if s.seat in deciders)
            raise ServiceError("not_your_move", waiting=waiting)
        return self.play(action)

    def play(self, action: Action) -> Step:
        """``action`` applied to a copy of the state (the engine refuses an illegal one,
        judged against the legal moves the sight already listed)."""
        try:
            state, events = self.sight.play(action)
        except IllegalAction as exc:
            raise ServiceError("illegal", reason=str(exc.reason)) from None
        waited = self.deciders()
        after = self.game.deciders(state)
        # A Pass drawn earlier keeps counting only inside the same window: one that stays
        # open and only shrinks. A window that closed or reopened (a response, or the next
        # one after a resolution) makes every earlier Pass stale.
        same_window = action.kind == PASS and in_window(self.game, state) and after <= waited
        return Step(
            action,
            state,
            events,
            self.game.outcome(state),
            free_move=action.seat not in waited and after == waited,
            pass_floor=self.pass_floor if same_window else self.version + 1,
            before=self.outside(),
        )

    def after(self, step: Step) -> MatchSession:
        """The session once ``step`` is stored (a new object: the old one stays whole)."""
        if step.free_move:
            steady = self.version if self.steady is None else self.steady
        else:
            steady = self.version + 1
        started = sum(1 for e in step.events if self.game.turn_started(e) is not None)
        return replace(
            self,
            state=step.state,
            turns=self.turns + started,
            count=self.count + 1,
            pass_floor=step.pass_floor,
            version=self.version + 1,
            steady=steady,
            told=self.outside() if in_window(self.game, step.state) else None,
        )
