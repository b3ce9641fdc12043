"""Per-game rendering hooks, with a generic fallback that works for any game.

A renderer is typed by the view its hooks read (``GameRenderer[ClassicView]``): the screens
hand it a recipient's view once (``read``: the engine's typed view as it is, an exported one
read back once), and every hook of that drawing receives the same typed value. The generic
renderer (``JsonRenderer``) knows nothing about a game: it reads the view's ``to_json()`` and
the actions' kinds and arguments. A game's plugin carries a subclass that words its own
cards, zones and actions; a match whose game has no plugin still renders with the generic one.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, Protocol, Self, TypeVar

from bot.render.controls import Control
from bot.render.drafts import Built, DraftStep
from bot.render.model import Picture
from bot.words import play_texts
from engine import games as registry
from engine.core import Action, Game, GameState, PlayerView

if TYPE_CHECKING:
    from bot.core.match_types import MatchInfo

ViewJson = Mapping[str, object]
"""A view or an event as exported (``to_json``, ``for_viewer``): what an event line reads,
and a view as a test writes it by hand or a stored record keeps it."""

ViewLike = PlayerView | ViewJson
"""What the screens accept as a recipient's view: the engine's typed view (the live path:
nothing to parse), or its export (read back once, by ``GameRenderer.read``)."""


def exported(view: ViewLike) -> ViewJson:
    """A view's export shape, whichever form it came in."""
    return view if isinstance(view, Mapping) else view.to_json()


class TypedView(PlayerView, Protocol):
    """A game's frozen view that reads back its own export (``ClassicView``, ``DuelView``)."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self: ...


TV = TypeVar("TV", bound=TypedView)


def typed_view(view_type: type[TV], view: ViewLike) -> TV:
    """``view`` as ``view_type``: the engine's own view as it is, an export read back once."""
    return view if isinstance(view, view_type) else view_type.from_json(exported(view))


@dataclass(frozen=True, slots=True)
class JsonView(Mapping[str, Any]):
    """A view known only by its export: what the generic renderer reads (a game without a
    renderer of its own, a test's hand-made view). It reads as the export itself."""

    data: ViewJson

    @property
    def seat(self) -> int | None:
        seat = self.data.get("seat")
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None

    def to_json(self) -> dict[str, Any]:
        return dict(self.data)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


# The game whose cards a render names: the match's pinned card set (engine states and views
# hold ints into that list), set by the render entry points for the match they draw.
_CARDS: ContextVar[Game[GameState, PlayerView] | None] = ContextVar("backstab_cards", default=None)


@contextmanager
def cards_of(match: MatchInfo) -> Iterator[None]:
    """Render ``match`` with the cards it plays on, not whatever ``data/`` holds now."""
    token = _CARDS.set(registry.pinned(match.game, match.card_set))
    try:
        yield
    finally:
        _CARDS.reset(token)


def pinned_game() -> Game[GameState, PlayerView] | None:
    return _CARDS.get()


P = ParamSpec("P")
R = TypeVar("R")


def drawn_with_its_cards(
    render: Callable[Concatenate[MatchInfo, P], R],
) -> Callable[Concatenate[MatchInfo, P], R]:
    """A render entry point taking the match first draws with that match's cards."""

    def wrapper(match: MatchInfo, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with cards_of(match):
            return render(match, *args, **kwargs)

    functools.update_wrapper(wrapper, render)
    return wrapper


Board = Callable[[], ViewLike | None]
"""The spectator view some events left, built on demand (``GameRenderer.event_lines``)."""

# Keys of a view's JSON that are bookkeeping, not something a player wants to read.
_HIDDEN_KEYS = frozenset({"seat", "rng", "seed"})


@dataclass(frozen=True, slots=True)
class Field:
    """One embed field (Discord: 25 per embed, a value up to 1024 characters). An empty
    ``name`` draws the value alone: a part whose lines say what they are needs no heading
    line on a phone's screen."""

    name: str
    value: str
    inline: bool = False


ViewT = TypeVar("ViewT", bound=PlayerView)


class GameRenderer(ABC, Generic[ViewT]):
    """The hooks a game's renderer may fill, typed by its view. A game's plugin
    (``bot/plugins.py``) carries a subclass; ``JsonRenderer`` is the generic one.

    Every ``view`` a table hook receives is the spectator view; hand hooks receive the seat's
    own view; both as ``read`` made it, once per drawing. ``marks[seat]`` is what the table
    adds after a name (AI, to act)."""

    @abstractmethod
    def read(self, view: ViewLike) -> ViewT:
        """The typed view every hook of one drawing receives (``typed_view``)."""

    def deciders(self, view: ViewT) -> Sequence[int] | None:
        """The seats the match waits on as the view lists them (a hand tells deciding from
        acting freely); ``None``: the view does not say."""
        listed = view.to_json().get("deciders")
        return [s for s in listed if isinstance(s, int)] if isinstance(listed, list) else None

    def table_fields(
        self, view: ViewT, names: Sequence[str], marks: Sequence[str]
    ) -> list[Field] | None:
        """The table's fields; ``None`` keeps the generic players list and state lines."""
        return None

    def waiting_line(self, view: ViewT, names: Sequence[str], waiting: Sequence[int]) -> str | None:
        """What the match waits for, in words; ``None`` keeps "Waiting for: <names>"."""
        return None

    def table_picture(self, view: ViewT, names: Sequence[str]) -> Picture | None:
        return None

    def look_label(self, view: ViewT) -> str | None:
        """The label of a table button answering with a closer look (a larger picture of
        the public state, sent privately); ``None``: the table has no such button."""
        return None

    def look(self, view: ViewT, names: Sequence[str]) -> tuple[str, Picture] | None:
        """The closer look: a line saying what it shows, and its picture (spectator view)."""
        return None

    def hand_fields(self, view: ViewT, names: Sequence[str]) -> list[Field]:
        return []

    def seat_details(self, view: ViewT, names: Sequence[str]) -> list[Field]:
        """What the table's one line per seat leaves out (a phone's width), said in full
        where there is room: in every hand below its cards and in a spectator's look. Public
        only: ``view`` may be the seat's own view, so nothing from its hand belongs here."""
        return []

    def hand_picture(self, view: ViewT, names: Sequence[str]) -> Picture | None:
        return None

    def hand_decision(
        self, view: ViewT, actions: Sequence[Action], names: Sequence[str]
    ) -> list[str]:
        """What this seat is being asked, said above its hand's controls (a phone's first
        screen); ``hand_lines`` (the cards) come below them. ``actions`` are the seat's legal
        actions (the engine's one answer on legality): what the decision may offer is read
        from them, never worked out again from the view."""
        return []

    def control(self, action: Action, view: ViewT, names: Sequence[str]) -> Control:
        """A legal action as a button or select option (label, group, description)."""
        return Control(action.key, self.action_label(action))

    def builder(
        self,
        match_id: int,
        version: int,
        view: ViewT,
        actions: Sequence[Action],
        names: Sequence[str],
        draft: str | None,
    ) -> Built | None:
        """The decision composed with a builder at state ``draft`` (``None``: as it opens),
        drawn instead of one control per action; ``None`` when the decision has none."""
        return None

    def draft_step(
        self,
        key: str,
        view: ViewT,
        actions: Sequence[Action],
        names: Sequence[str],
        values: Sequence[str] = (),
    ) -> DraftStep:
        """What a press on a builder (its ``draft-`` key) asks for, read against the legal
        ``actions`` as they stand now; ``values``: what a several-value select on it chose
        (``drafts.pressed``)."""
        return DraftStep()

    def controls(
        self, actions: Sequence[Action], view: ViewT, names: Sequence[str]
    ) -> list[Control]:
        """Every legal action as a control, in the order the hand shows them (a game may put
        its main moves first)."""
        return [self.control(action, view, names) for action in actions]

    def table_lines(self, view: ViewT, names: Sequence[str]) -> list[str]:
        """The public state, one line per item of the spectator view."""
        return [
            f"{_words(key)}: {_value(value)}"
            for key, value in view.to_json().items()
            if key not in _HIDDEN_KEYS and value is not None and value != [] and value != {}
        ]

    def hand_lines(self, view: ViewT, names: Sequence[str]) -> list[str]:
        """What this seat alone may see. Generic: every item of its view, public ones included."""
        return self.table_lines(view, names)

    def action_label(self, action: Action) -> str:
        return play_texts.action_label(action.kind, action.args)

    def event_lines(
        self, events: Sequence[ViewJson], board: Board, names: Sequence[str]
    ) -> list[str]:
        """The lines of events that happened together. ``board()`` is the spectator view as
        they left it (``None`` when unknown), for a game whose events name places by where
        they are rather than by what is there; it is built only when called."""
        return [self.event_line(event, names) for event in events]

    def event_line(self, event: ViewJson, names: Sequence[str]) -> str:
        fields = dict(event)
        seat = fields.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(names):
            fields["seat_name"] = names[seat]
        else:
            fields.setdefault("seat_name", "?")
        return play_texts.event_line(str(event.get("kind", "")), fields)


class JsonRenderer(GameRenderer[JsonView]):
    """The generic renderer: every hook reads the view's export."""

    def read(self, view: ViewLike) -> JsonView:
        return JsonView(exported(view))

    def deciders(self, view: JsonView) -> Sequence[int] | None:
        listed = view.get("deciders")
        return [s for s in listed if isinstance(s, int)] if isinstance(listed, list) else None


def _words(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_value(v) for v in value) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items()) or "-"
    return str(value)
