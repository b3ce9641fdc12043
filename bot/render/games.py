"""Per-game rendering hooks, with a generic fallback that works for any game.

The generic renderer knows nothing about a game: it reads the view's ``to_json()`` and the
actions' kinds and arguments. A game registers a subclass (by game id) to word its own cards,
zones and actions; until it does, its matches still render and play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot import texts
from engine.core import Action

# Keys of a view's JSON that are bookkeeping, not something a player wants to read.
_HIDDEN_KEYS = frozenset({"seat", "rng", "seed"})


class GameRenderer:
    """The generic renderer. Subclass and ``register_renderer`` to specialise a game."""

    def table_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        """The public state, one line per item of the spectator view."""
        return [
            f"{_words(key)}: {_value(value)}"
            for key, value in view.items()
            if key not in _HIDDEN_KEYS and value is not None and value != [] and value != {}
        ]

    def hand_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        """What this seat alone may see. Generic: every item of its view, public ones included."""
        return self.table_lines(view, names)

    def action_label(self, action: Action) -> str:
        return texts.action_label(action.kind, action.args)

    def event_line(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        fields = dict(event)
        seat = fields.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(names):
            fields["seat_name"] = names[seat]
        else:
            fields.setdefault("seat_name", "?")
        return texts.event_line(str(event.get("kind", "")), fields)


_RENDERERS: dict[str, GameRenderer] = {}
_GENERIC = GameRenderer()


def register_renderer(game_id: str, renderer: GameRenderer) -> None:
    _RENDERERS[game_id] = renderer


def unregister_renderer(game_id: str) -> None:
    _RENDERERS.pop(game_id, None)


def renderer_for(game_id: str) -> GameRenderer:
    return _RENDERERS.get(game_id, _GENERIC)


def _words(key: str) -> str:
    return key.replace("_", " ").capitalize()


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_value(v) for v in value) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items()) or "-"
    return str(value)
