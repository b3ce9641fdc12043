"""Per-game rendering hooks, with a generic fallback that works for any game.

The generic renderer knows nothing about a game: it reads the view's ``to_json()`` and the
actions' kinds and arguments. A game's plugin carries a subclass that words its own cards,
zones and actions; a match whose game has no plugin still renders with the generic one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

from bot.render.controls import Control
from bot.render.drafts import Built, DraftStep
from bot.render.model import Picture
from bot.words import play_texts
from engine import games as registry
from engine.core import Action, Game, GameState, PlayerView

if TYPE_CHECKING:
    from bot.core.match_types import MatchInfo

ViewJson = Mapping[str, object]
"""A view or an event as exported (``to_json``, ``for_viewer``): what the generic render path
carries. A game's renderer reads its typed view back from it (``ClassicView.from_json``)."""

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


Board = Callable[[], ViewJson | None]
"""The spectator view some events left, built on demand (``GameRenderer.event_lines``)."""

# Keys of a view's JSON that are bookkeeping, not something a player wants to read.
_HIDDEN_KEYS = frozenset({"seat", "rng", "seed"})


@dataclass(frozen=True, slots=True)
class Field:
    """One embed field (Discord: 25 per embed, a value up to 1024 characters)."""

    name: str
    value: str
    inline: bool = False


class GameRenderer:
    """The generic renderer. A game's plugin (``bot/plugins.py``) carries a subclass.

    Every ``view`` a table hook receives is the spectator view's JSON; hand hooks receive the
    seat's own view. ``marks[seat]`` is what the table adds after a name (AI, to act)."""

    def table_fields(
        self, view: ViewJson, names: Sequence[str], marks: Sequence[str]
    ) -> list[Field] | None:
        """The table's fields; ``None`` keeps the generic players list and state lines."""
        return None

    def waiting_line(
        self, view: ViewJson, names: Sequence[str], waiting: Sequence[int]
    ) -> str | None:
        """What the match waits for, in words; ``None`` keeps "Waiting for: <names>"."""
        return None

    def table_picture(self, view: ViewJson, names: Sequence[str]) -> Picture | None:
        return None

    def look_label(self, view: ViewJson) -> str | None:
        """The label of a table button answering with a closer look (a larger picture of
        the public state, sent privately); ``None``: the table has no such button."""
        return None

    def look(self, view: ViewJson, names: Sequence[str]) -> tuple[str, Picture] | None:
        """The closer look: a line saying what it shows, and its picture (spectator view)."""
        return None

    def hand_fields(self, view: ViewJson, names: Sequence[str]) -> list[Field]:
        return []

    def seat_details(self, view: ViewJson, names: Sequence[str]) -> list[Field]:
        """What the table's one line per seat leaves out (a phone's width), said in full
        where there is room: in every hand below its cards and in a spectator's look. Public
        only: ``view`` may be the seat's own view, so nothing from its hand belongs here."""
        return []

    def hand_picture(self, view: ViewJson, names: Sequence[str]) -> Picture | None:
        return None

    def hand_decision(self, view: ViewJson, names: Sequence[str]) -> list[str]:
        """What this seat is being asked, said above its hand's controls (a phone's first
        screen); ``hand_lines`` (the cards) come below them."""
        return []

    def control(self, action: Action, view: ViewJson, names: Sequence[str]) -> Control:
        """A legal action as a button or select option (label, group, description)."""
        return Control(action.key, self.action_label(action))

    def builder(
        self,
        match_id: int,
        version: int,
        view: ViewJson,
        actions: Sequence[Action],
        names: Sequence[str],
        draft: str | None,
    ) -> Built | None:
        """The decision composed with a builder at state ``draft`` (``None``: as it opens),
        drawn instead of one control per action; ``None`` when the decision has none."""
        return None

    def draft_step(
        self, key: str, view: ViewJson, actions: Sequence[Action], names: Sequence[str]
    ) -> DraftStep:
        """What a press on a builder (its ``draft-`` key) asks for, read against the legal
        ``actions`` as they stand now."""
        return DraftStep()

    def controls(
        self, actions: Sequence[Action], view: ViewJson, names: Sequence[str]
    ) -> list[Control]:
        """Every legal action as a control, in the order the hand shows them (a game may put
        its main moves first)."""
        return [self.control(action, view, names) for action in actions]

    def table_lines(self, view: ViewJson, names: Sequence[str]) -> list[str]:
        """The public state, one line per item of the spectator view."""
        return [
            f"{_words(key)}: {_value(value)}"
            for key, value in view.items()
            if key not in _HIDDEN_KEYS and value is not None and value != [] and value != {}
        ]

    def hand_lines(self, view: ViewJson, names: Sequence[str]) -> list[str]:
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
