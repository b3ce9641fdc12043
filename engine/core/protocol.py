"""The game protocol every Backstab game implements (the shape OpenSpiel and python-chess share).

``Game.apply`` asks ``Game.check`` before it changes anything, and ``check`` asks
``legal_actions``: that list is the only source of legality for buttons, AI and validation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from engine.core.actions import Action, Event, Outcome
from engine.core.errors import IllegalAction, Reason
from engine.core.moves import MoveTable
from engine.core.rng import Rng
from engine.core.window import OpenWindow, ResponseWindow

CONCEDE = "concede"
"""Any live seat may concede at any moment, whoever is deciding; games resolve it in
``_resolve`` like any other action so that it is recorded and replayed."""

PASS = "pass"
"""The kind of a seat's "nothing to add" in a response window. A game that opens windows
must call its pass this: the bot offers it on the table (anyone may press it without opening
a hand) and the default timeout action picks it."""


class GameState(Protocol):
    """What a game's state must offer. Games keep their state flat (ids into immutable card
    definitions) so that ``clone`` is cheap enough for AI playouts."""

    def clone(self) -> Self: ...

    def to_json(self) -> dict[str, Any]: ...


class WindowedState(GameState, Protocol):
    """A state that may hold an open response window (classic and duel do): ``Game.window``'s
    default reads it. ``pending`` is truthy while a single-seat choice is owed in front of the
    window."""

    window: ResponseWindow | None
    pending: Any


def waits_on_window(game: Game[Any, Any], state: object) -> bool:
    """True while a response window is what the match waits on (``Game.window``)."""
    return game.window(state) is not None


class PlayerView(Protocol):
    """What one seat (or a spectator, ``seat is None``) may know. Never holds hidden cards.
    Games give typed, frozen views (renderers and AI read their fields); ``to_json`` is the
    stable export shape (replay files, the generic renderer)."""

    @property
    def seat(self) -> int | None: ...

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=GameState)
V = TypeVar("V", bound=PlayerView)

Legal = Callable[[int], Sequence[Action]]
"""A seat's legal actions in the state being checked, when the caller has them already
(``engine.core.memo.Sight.legal``: a state nobody has changed since they were listed)."""


class Game(ABC, Generic[S, V]):
    """Immutable rules and cards for one game. All state lives in ``S``."""

    id: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    # Every action kind ``legal_actions`` may list, with its arguments by name in wire order
    # (``engine/core/moves.py``): renderers and tests read the arguments through it, and the
    # conformance kit fails a game that declares none.
    moves: ClassVar[MoveTable[Any]] = {}
    # Optional capability: the switches a lobby may set in ``new``'s ``options`` (the only
    # options a match's record keeps: the bot's own, such as ranked, stay out of the engine).
    match_options: ClassVar[tuple[str, ...]] = ()
    # Optional capability: the action kinds that cannot be taken back (declaring yourself
    # dead, giving up a race, a class or a level): the bot asks "Yes, ..." once before one is
    # played (issue 27.2). A concession is always one of them.
    irreversible: ClassVar[frozenset[str]] = frozenset({CONCEDE})
    # Optional capability: the named ways to play a lobby's host may pick, each with the
    # ``match_options`` switches it sets; the first is the default (quest's quick game).
    variants: ClassVar[tuple[tuple[str, Mapping[str, Any]], ...]] = ()

    @property
    @abstractmethod
    def card_set_digest(self) -> str:
        """A hash of the card definitions, stored with every match so a replay can tell when
        the cards under it changed."""

    @abstractmethod
    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        """A fresh match. ``options`` may carry decks and variant switches."""

    @abstractmethod
    def deciders(self, state: S) -> frozenset[int]:
        """The seats the match is waiting on (several while a response window is open): play
        does not go on until one of them acts, so timers and "waiting for" lines follow them."""

    def asked_by_name(self, event: Event) -> frozenset[int]:
        """The seats ``event`` puts a question to by name that they answer whenever they like,
        with nobody waiting on them (a trade offered to them): a host shows them a fresh hand,
        since nothing else tells them; and the seats it asks by name to decide now (asked for
        help): the bot pings both like a turn's start (issue 27.3). Public: it reads only the
        event. Default: nobody."""
        return frozenset()

    def free_actors(self, state: S) -> frozenset[int]:
        """Seats that MAY act now without being waited on (a card playable at any time, on
        anyone's turn). Nobody is timed for them and play never waits for them; a free actor's
        ``legal_actions`` holds only its optional actions (possibly none: this set must not
        depend on hidden cards). Disjoint from ``deciders``. Default: nobody."""
        return frozenset()

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; empty when it may not act. For a free actor
        (``free_actors``) only its optional actions. Conceding is not listed here: it is
        always open to a live seat (see ``check``)."""

    @abstractmethod
    def live_seats(self, state: S) -> frozenset[int]:
        """Seats still in the match (not conceded, eliminated or dead for good)."""

    @abstractmethod
    def _resolve(self, state: S, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may see; ``None`` is a spectator."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the match is live."""

    @abstractmethod
    def load_state(self, data: Mapping[str, Any]) -> S:
        """The inverse of ``state.to_json()``."""

    def window(self, state: S) -> OpenWindow | None:
        """The response window the match waits on now, or ``None`` (issue 27.1): several seats
        are asked whether they answer, each may pass, and the bot gives it the window clock
        and auto-pass, never counts a lapse as being away and pings nobody for it. Its
        ``eligible`` and ``passed`` never depend on hidden cards. Default: the state's open
        ``ResponseWindow`` (``WindowedState``) when no single-seat choice is pending in front
        of it and its waiting seats are the deciders; a game whose windows live elsewhere in
        its state declares them here."""
        window = getattr(state, "window", None)
        if not isinstance(window, ResponseWindow) or getattr(state, "pending", None):
            return None
        if self.deciders(state) != window.waiting_on():
            return None
        return OpenWindow.of(window)

    def window_answers(self, state: S, seat: int) -> list[Action]:
        """The moves of ``seat`` that answer the open window (issue 27.2): a card or ability
        that acts on what the window is about, never an any-time move the window also allows
        (a gear change, a gift, a trade). A seat with none is one auto-pass passes for. Empty
        when no window is open or ``seat`` is not asked in it. Default: every legal move but
        ``PASS`` (and a concession, which is never listed)."""
        window = self.window(state)
        if window is None or seat not in window.waiting_on():
            return []
        return [a for a in self.legal_actions(state, seat) if a.kind not in (PASS, CONCEDE)]

    def default_action(self, state: S, seat: int) -> Action:
        """The safe choice played for a seat whose timer ran out. Games override this with
        something better than the first legal action (passing, declining, running away)."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction(Reason.NOT_A_DECIDER, seat=seat)
        for action in legal:
            if action.kind == PASS:
                return action
        return legal[0]

    def ai_action(self, state: S, seat: int, rng: Rng, level: str = "normal") -> Action:
        """The AI seat's choice. Games override this with a real player that looks only at
        ``view(state, seat)``; ``rng`` is a stream of its own, so thinking never changes the
        match's dice. The choice is recorded like any other action, so replays need no AI."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction(Reason.NOT_A_DECIDER, seat=seat)
        return rng.choice(legal)

    def ai_free_action(self, state: S, seat: int, rng: Rng, level: str = "normal") -> Action | None:
        """What an AI seat that is a free actor (not waited on) chooses to do now, or ``None``
        to let play go on. Drivers ask it between moves; every answer must use up something
        (a card, an offer) so that asking again and again ends. Default: never."""
        return None

    def turn_started(self, event: Event) -> int | None:
        """The seat whose turn ``event`` starts, or ``None`` (issue 27.3: the bot pings a
        person at the start of their turn, not for every decision in it). Default: a public
        ``turn`` event naming its ``seat``, as classic, duel and quest emit."""
        seat = event.data.get("seat") if event.kind == "turn" else None
        return seat if isinstance(seat, int) else None

    def invariants(self, state: S) -> list[str]:
        """Optional capability: what is broken in ``state`` (a card in two places, a negative
        purse), checked after every action by ``engine.simulate --check`` and the conformance
        kit (``tests/games/``). Default: no checks, nothing broken."""
        return []

    def check(self, state: S, action: Action, legal: Legal | None = None) -> None:
        """The one legality decision. Raises ``IllegalAction`` with a reason code. ``legal``
        gives the seat's ``legal_actions`` in ``state`` when the caller already knows them
        (a memo of a state unchanged since: ``engine.core.memo``); else they are listed here."""
        if self.outcome(state) is not None:
            raise IllegalAction(Reason.GAME_OVER)
        if action.kind == CONCEDE:
            if action.args or action.seat not in self.live_seats(state):
                raise IllegalAction(Reason.SEAT_OUT, seat=action.seat)
            return
        seat = action.seat
        if seat not in self.deciders(state) and seat not in self.free_actors(state):
            raise IllegalAction(Reason.NOT_A_DECIDER, seat=seat)
        listed = self.legal_actions(state, seat) if legal is None else legal(seat)
        if action not in listed:
            raise IllegalAction(Reason.NOT_LEGAL_NOW, action=action.key)

    def is_legal(self, state: S, action: Action) -> bool:
        try:
            self.check(state, action)
        except IllegalAction:
            return False
        return True

    def apply(self, state: S, action: Action, legal: Legal | None = None) -> list[Event]:
        """Check (``legal`` as for ``check``), then resolve: ``state`` is changed in place. A
        refused action leaves ``state`` untouched."""
        self.check(state, action, legal)
        return self._resolve(state, action)
