"""What each engine game declares beyond play is found in the registry (issue 25.4), never by a
module named after the game: its scenario dialect, its strong AI and its card list."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine import games
from engine.games import capabilities, load_game
from engine.scenario import ScenarioRules, rules_for
from engine.search.levels import has_strong

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("classic", "duel", "quest")


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_declares_its_dialect_strong_ai_and_card_list(game_id: str) -> None:
    declared = capabilities(game_id)
    assert isinstance(declared.scenario, ScenarioRules) and rules_for(game_id) is declared.scenario
    assert declared.strong is not None and has_strong(load_game(game_id))
    assert declared.card_doc is not None


@pytest.mark.parametrize("game_id", GAMES)
def test_the_card_list_in_docs_is_the_declared_one(game_id: str) -> None:
    # docs/cards/<id>.md is generated from the data: regenerate with python -m engine.<id>.carddoc
    declared = capabilities(game_id).card_doc
    assert declared is not None
    text = (ROOT / "docs" / "cards" / f"{game_id}.md").read_text(encoding="utf-8")
    assert text == declared(load_game(game_id))


def test_a_game_without_capabilities_has_none_of_them() -> None:
    games.register("bare", lambda folder: load_game("classic"))
    try:
        assert capabilities("bare") == games.Capabilities()
        with pytest.raises(KeyError):
            rules_for("bare")
    finally:
        games.unregister("bare")


def test_nothing_in_the_engine_imports_a_module_by_a_games_name() -> None:
    """``import_module(f"engine.{id}...")`` is how a capability used to be found by name."""
    found = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "import_module":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
