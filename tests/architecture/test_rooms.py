"""The rooms of ``bot/`` stand in floors, and every import between rooms points down: a room
imports only rooms below it (its own modules aside). Every import counts — at module level,
inside a function, or for types only — since each is a dependency a change must follow
(docs/architecture.md, "The rooms of bot/")."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Bottom first. A room is a package of bot/ (or a top-level module of it), engine or cogs.
FLOORS = (
    "engine",  # the rules: standard library and pydantic only
    "bot.words",  # every generic sentence
    "bot.storage",  # the ports and their records, the SQLite and PostgreSQL adapters
    "bot.config",  # the process's settings, read from the environment
    "bot.core",  # the match core: MatchService and its collaborators
    "bot.render",  # the rendering kit every screen and game renderer builds on
    "bot.plugins",  # the registry of hosted games
    "bot.features",  # league, ratings, history
    "bot.screens",  # the generic screens, each finding its game's renderer in the registry
    "bot.delivery",  # getting a match to people: publisher, hands, components, membership
    # One package per hosted game, plugged in from above: it owns its whole feature (rules'
    # words, renderer, its own commands) and reaches down to the kit and the rooms it needs;
    # nothing below imports a game (tests/test_architecture.py).
    "bot.games",
    "bot.app",  # the composition root: everything built once and handed to the cogs
    "bot.client",  # the Discord client: wires it all at start-up
    "bot.playground",  # the offline playground around the client
    "bot.dbtools",  # the operator's database commands: backup, migrate-db
    "bot.__main__",  # the command line
    "cogs",  # the discord.py handlers
)


def room(module: str) -> str:
    parts = module.split(".")
    return parts[0] if parts[0] != "bot" or len(parts) == 1 else ".".join(parts[:2])


def _imports() -> Iterator[tuple[str, str, int]]:
    """(importing module, imported module, line) for every project import in bot/ and cogs/."""
    for package in ("bot", "cogs"):
        for path in sorted((ROOT / package).rglob("*.py")):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names = [node.module] if node.module != "bot" else []
                    names += [f"{node.module}.{a.name}" for a in node.names]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                else:
                    continue
                for name in names:
                    if name.split(".")[0] in ("bot", "engine", "cogs") and name != "bot":
                        yield module.removesuffix(".__init__"), name, node.lineno


def test_every_room_is_on_a_floor() -> None:
    rooms = {room(module) for module, _, _ in _imports()}
    assert rooms - set(FLOORS) == set()


def test_every_import_between_rooms_points_down() -> None:
    floor = {name: level for level, name in enumerate(FLOORS)}
    upward = sorted(
        f"{module}:{line} imports {name}"
        for module, name, line in _imports()
        if room(name) in floor
        and room(module) != room(name)
        and floor[room(name)] > floor[room(module)]
    )
    assert upward == []
