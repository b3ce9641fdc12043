"""The registry of games the bot may host, by id. Each game package registers a factory that
builds its ``Game`` from the data folder; tests may register extra games of their own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core.protocol import Game

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

GameFactory = Callable[[Path], Game[Any, Any]]

_FACTORIES: dict[str, GameFactory] = {}
_LOADED: dict[tuple[str, Path], Game[Any, Any]] = {}


def register(game_id: str, factory: GameFactory) -> None:
    _FACTORIES[game_id] = factory


def unregister(game_id: str) -> None:
    _FACTORIES.pop(game_id, None)
    for key in [k for k in _LOADED if k[0] == game_id]:
        del _LOADED[key]


def available() -> list[str]:
    _register_builtin()
    return sorted(_FACTORIES)


def load_game(game_id: str, data_dir: Path | None = None) -> Game[Any, Any]:
    """The game with its cards loaded (cached per data folder). ``KeyError`` if unknown."""
    _register_builtin()
    folder = (data_dir or DATA_DIR).resolve()
    key = (game_id, folder)
    if key not in _LOADED:
        _LOADED[key] = _FACTORIES[game_id](folder)
    return _LOADED[key]


def _register_builtin() -> None:
    """Built-in games register on first use, so importing the registry stays cheap."""
    for module in ("engine.classic", "engine.duel"):
        try:
            __import__(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
