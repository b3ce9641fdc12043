"""The outer layers' shape, checked: a game's knowledge lives in its own plugin package
(``bot/games/<id>/``), cogs never reach into a game's engine, and every sentence written down
for people is shown somewhere."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _sources(*folders: str) -> Iterator[tuple[Path, ast.Module]]:
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def _game_ids() -> set[str]:
    """Every game the engine has (``engine/<id>/game.py``), hosted or not yet."""
    return {p.parent.name for p in (ROOT / "engine").glob("*/game.py")}


def _imported(tree: ast.Module) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


def _owner(path: Path) -> str | None:
    """The game whose plugin package ``path`` is in, if any."""
    parts = path.relative_to(ROOT).parts
    return parts[2] if parts[:2] == ("bot", "games") and len(parts) > 3 else None


def test_the_known_games_are_found() -> None:
    assert {"classic", "duel", "quest"} <= _game_ids()


def _engine_game(module: str) -> str | None:
    """The game ``module`` belongs to when it is part of ``engine/<game>/``."""
    parts = module.split(".")
    games = _game_ids()
    return parts[1] if parts[0] == "engine" and len(parts) > 1 and parts[1] in games else None


def test_no_cog_imports_a_games_engine() -> None:
    # A cog asks the plugin registry (bot/plugins.py), never engine/<game>/.
    found = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, tree in _sources("cogs")
        for module in _imported(tree)
        if _engine_game(module) is not None
    ]
    assert not found, found


def test_outside_its_plugin_package_bot_code_imports_no_games_engine() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, tree in _sources("bot")
        for module in _imported(tree)
        if _engine_game(module) not in (None, _owner(path))
    ]
    assert not found, found


def test_nothing_outside_a_games_package_imports_it() -> None:
    """A game owns its whole feature (its commands, lobby pick, words and screens): the rest of
    the bot reaches it through its plugin, and only the hosting list (bot/games/__init__.py)
    names the package."""
    hosting = ROOT / "bot/games/__init__.py"
    games = _game_ids()
    found = [
        f"{path.relative_to(ROOT)}: {module}"
        for path, tree in _sources("bot", "cogs")
        for module in _imported(tree)
        if path != hosting
        and module.startswith("bot.games.")
        and module.split(".")[2] in games
        and module.split(".")[2] != _owner(path)
    ]
    assert not found, found


def test_only_a_games_plugin_package_names_its_id() -> None:
    games = _game_ids()
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}"
        for path, tree in _sources("bot", "cogs")
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in games and _owner(path) != node.value
    ]
    assert not found, found


def _constants(tree: ast.Module) -> Iterator[str]:
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        if isinstance(target, ast.Name) and target.id.isupper():
            yield target.id


def test_every_words_constant_is_used() -> None:
    # A sentence nobody is shown is dead: it drifts from the code and misleads a translator.
    word_files = [
        ROOT / "bot/words/texts.py",
        *sorted((ROOT / "bot/words").glob("*_texts.py")),
        *sorted((ROOT / "bot/games").glob("*/*words.py")),  # words.py, duel's deck_words.py
    ]
    code = {path: path.read_text(encoding="utf-8") for path, _ in _sources("bot", "cogs")}
    unused = []
    for words in word_files:
        for name in _constants(ast.parse(code[words])):
            use = re.compile(rf"\b{name}\b")
            elsewhere = any(use.search(text) for path, text in code.items() if path != words)
            if not elsewhere and len(use.findall(code[words])) < 2:
                unused.append(f"{words.relative_to(ROOT)}: {name}")
    assert not unused, unused
