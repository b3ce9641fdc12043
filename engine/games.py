"""The registry of games the bot may host, by id. Each game package registers a factory that
builds its ``Game`` from the data folder; tests may register extra games of their own.

A game that can be *pinned* also registers how to write its card definitions out as one JSON
document (``definitions``) and how to build the same ``Game`` back from such a document
(``from_definitions``). Engine states hold ints into the card list a ``Game`` was built from,
so a live match must keep playing on exactly the definitions it started with, whatever the
data folder holds after a deploy: the bot stores the document once per digest and rebuilds the
match's ``Game`` from it. ``rules_version`` is the game's ``RULES_VERSION``: a rules change
that alters legal moves or outcomes bumps it (see docs/reliability.md).
"""

from __future__ import annotations

import hashlib
import json
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.protocol import Game

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

GameFactory = Callable[[Path], Game[Any, Any]]
Definitions = dict[str, Any]


@dataclass(frozen=True)
class Capabilities:
    """What a game declares beyond play, each ``None`` when it lacks it, so drivers find it in
    the registry rather than by a module named after the game: its scenario dialect (an
    ``engine.scenario.ScenarioRules``; the registry stays below that module, so it is typed
    there), its strong AI's ``think(game, state, seat, rng, budget) -> Report``
    (``engine.search.levels``), and its card list as Markdown (``docs/cards/<id>.md``)."""

    scenario: object | None = None
    strong: Callable[..., Any] | None = None
    card_doc: Callable[[Game[Any, Any]], str] | None = None


@dataclass(frozen=True)
class _Entry:
    factory: GameFactory
    definitions: Callable[[Game[Any, Any]], Definitions] | None
    from_definitions: Callable[[Mapping[str, Any]], Game[Any, Any]] | None
    rules_version: Callable[[], int]
    capabilities: Capabilities


# The engine's own games, by package; each registers itself (with its capabilities) on import.
BUILT_IN = ("engine.classic", "engine.duel", "engine.quest")
_FACTORIES: dict[str, _Entry] = {}
_LOADED: dict[tuple[str, Path], Game[Any, Any]] = {}
_FOLDERS: dict[Path, Path] = {}  # a data folder as given -> resolved
_BUILT_IN_READY: list[bool] = []  # set once the built-in games registered
_PINNED: dict[tuple[str, str], Game[Any, Any]] = {}
# A game's definitions' digest, computed once (games are immutable).
_DIGESTS: weakref.WeakKeyDictionary[Game[Any, Any], str] = weakref.WeakKeyDictionary()


def register(
    game_id: str,
    factory: GameFactory,
    *,
    definitions: Callable[[Game[Any, Any]], Definitions] | None = None,
    from_definitions: Callable[[Mapping[str, Any]], Game[Any, Any]] | None = None,
    rules_version: Callable[[], int] = lambda: 1,
    capabilities: Capabilities | None = None,
) -> None:
    _FACTORIES[game_id] = _Entry(
        factory, definitions, from_definitions, rules_version, capabilities or Capabilities()
    )


def unregister(game_id: str) -> None:
    _FACTORIES.pop(game_id, None)
    for key in [k for k in _LOADED if k[0] == game_id]:
        del _LOADED[key]
    for pin in [k for k in _PINNED if k[0] == game_id]:
        del _PINNED[pin]


def available() -> list[str]:
    _register_builtin()
    return sorted(_FACTORIES)


def load_game(game_id: str, data_dir: Path | None = None) -> Game[Any, Any]:
    """The game with its cards loaded (cached per data folder). ``KeyError`` if unknown."""
    _register_builtin()
    given = data_dir or DATA_DIR
    # Resolved once per folder: ``Path.resolve`` asks the file system on every call, and the
    # bot and its leak checks call this per drawing, on the event loop (84 µs a call).
    folder = _FOLDERS.get(given)
    if folder is None:
        folder = _FOLDERS[given] = given.resolve()
    key = (game_id, folder)
    if key not in _LOADED:
        _LOADED[key] = _FACTORIES[game_id].factory(folder)
    return _LOADED[key]


def rules_version(game_id: str) -> int:
    """The rules version the running code plays ``game_id`` by. ``KeyError`` if unknown."""
    _register_builtin()
    return _FACTORIES[game_id].rules_version()


def capabilities(game_id: str) -> Capabilities:
    """What ``game_id`` declares beyond play (nothing for a game registered without them).
    ``KeyError`` if unknown."""
    _register_builtin()
    return _FACTORIES[game_id].capabilities


def definitions(game: Game[Any, Any]) -> Definitions | None:
    """Everything ``game`` was built from, as plain JSON in the order the engine indexes it;
    ``None`` for a game that cannot be pinned (test games with no cards)."""
    _register_builtin()
    entry = _FACTORIES.get(game.id)
    if entry is None or entry.definitions is None or entry.from_definitions is None:
        return None
    return entry.definitions(game)


def digest_of(document: Mapping[str, Any]) -> str:
    """The content address of a definitions document: it changes when any card is added,
    removed, reordered or renumbered (unlike ``Game.card_set_digest``, which ignores order)."""
    blob = json.dumps(document, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(blob).hexdigest()[:24]


def pin(game: Game[Any, Any]) -> tuple[str, Definitions] | None:
    """(digest, definitions) of ``game``, remembered so that ``pinned`` finds it again."""
    document = definitions(game)
    if document is None:
        return None
    digest = _DIGESTS.get(game)
    if digest is None:
        digest = _DIGESTS[game] = digest_of(document)
    _PINNED.setdefault((game.id, digest), game)
    return digest, document


def from_definitions(game_id: str, digest: str, document: Mapping[str, Any]) -> Game[Any, Any]:
    """The game built from pinned definitions (cached by digest). Raises ``KeyError`` for an
    unknown game, ``ValueError`` when the document's digest is not ``digest``, and whatever
    the game raises for definitions this code can no longer build (a removed hook)."""
    _register_builtin()
    key = (game_id, digest)
    found = _PINNED.get(key)
    if found is not None:
        return found
    entry = _FACTORIES[game_id]
    if entry.from_definitions is None:
        raise KeyError(game_id)
    if digest_of(document) != digest:
        raise ValueError(f"the stored card set of {game_id!r} does not match its digest")
    game = entry.from_definitions(document)
    _DIGESTS[game] = digest
    _PINNED[key] = game
    return game


def pinned(game_id: str, digest: str | None) -> Game[Any, Any] | None:
    """The game already built for ``digest`` (by ``pin`` or ``from_definitions``), if any."""
    if digest is None:
        return None
    return _PINNED.get((game_id, digest))


def _register_builtin() -> None:
    """Built-in games register on first use, so importing the registry stays cheap."""
    if _BUILT_IN_READY:
        return
    for module in BUILT_IN:
        try:
            __import__(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
    _BUILT_IN_READY.append(True)
