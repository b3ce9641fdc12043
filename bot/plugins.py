"""The plugin seam: everything the bot knows about one game, declared in one object.

A game's bot side is a package (``bot/games/<id>/``) exporting one ``GamePlugin``; the list of
hosted games is ``bot/games/__init__.py`` (one line each) and tests register their own. Generic
code asks the registry here (``plugins()``, ``plugin(game_id)``) and never names a game. A
capability a game lacks is ``None``, so a reader sees every hook in this file, not by reading
both games.

The bot hosts a game iff its plugin is registered: an engine that is still being built (the
quest engine) is loadable for tests but is never offered to people.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bot.render.games import GameRenderer
from engine.core import Game

_GENERIC = GameRenderer()


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """One hosted game's bot side.

    ``engine`` is the engine's game class (its ``id`` and seat range are the plugin's); the
    engine itself is loaded through ``engine.games`` so matches keep their pinned cards."""

    engine: type[Game[Any, Any]]
    title: str
    renderer: GameRenderer

    @property
    def id(self) -> str:
        return self.engine.id

    @property
    def seats(self) -> range:
        """The table sizes the game plays with."""
        return range(self.engine.min_seats, self.engine.max_seats + 1)


_PLUGINS: dict[str, GamePlugin] = {}


def register(plugin: GamePlugin) -> None:
    _PLUGINS[plugin.id] = plugin


def unregister(game_id: str) -> None:
    _PLUGINS.pop(game_id, None)


@contextmanager
def registered(plugin: GamePlugin) -> Iterator[GamePlugin]:
    """``plugin`` hosted for the duration of a ``with`` block (tests)."""
    register(plugin)
    try:
        yield plugin
    finally:
        unregister(plugin.id)


def plugins() -> tuple[GamePlugin, ...]:
    """Every hosted game, in registration order."""
    return tuple(_PLUGINS.values())


def find(game_id: str) -> GamePlugin | None:
    return _PLUGINS.get(game_id)


def plugin(game_id: str) -> GamePlugin:
    """The plugin of a hosted game; ``KeyError`` for a game the bot does not host."""
    return _PLUGINS[game_id]


def renderer_for(game_id: str) -> GameRenderer:
    """The game's renderer, or the generic one (a stored match of a game no longer hosted
    still renders)."""
    found = _PLUGINS.get(game_id)
    return found.renderer if found is not None else _GENERIC


def title(game_id: str) -> str:
    """The game's name as people read it; an unknown id reads as itself."""
    found = _PLUGINS.get(game_id)
    return found.title if found is not None else game_id
