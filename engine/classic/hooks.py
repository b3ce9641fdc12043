"""Named Python hooks for cards the effect vocabulary cannot express.

A card names a hook with ``hook = "name"``; the game refuses to load a card set that names a
hook not registered here, so a typo never becomes a silent no-op. Each hook gets its own test.
The current set needs none: every card is expressed with effect ops.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.classic.state import ClassicState
from engine.core import Event

# (table, state, seat, card, events) -> None; the table is typed loosely to avoid a cycle.
Hook = Callable[[object, ClassicState, int, int, list[Event]], None]

HOOKS: dict[str, Hook] = {}


def register(name: str, hook: Hook) -> None:
    HOOKS[name] = hook
