"""The classic game (rules: seeds/004): 3-6 players, levels 1-10, doors and treasures."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine import games
from engine.cards.loader import load_card_dir
from engine.classic import ai_strong, carddoc, scenario
from engine.classic.cards import ClassicCard
from engine.classic.game import Classic

RULES_VERSION = 3  # 2: issue 14 (hordes, coins, received cards, promises, hirelings);
# 3: issue 26 (a new, different trade offer to the same partner once the last was answered)
"""Bump it with any rules change that alters legal moves or outcomes: a live match started on
another version is replayed on the new rules at restart and ended cleanly if it no longer
reaches the same state (docs/reliability.md, "A deploy under live matches")."""


def factory(data_dir: Path) -> Classic:
    return Classic(load_card_dir(data_dir / "classic", ClassicCard))


def definitions(game: Any) -> dict[str, Any]:
    """The cards in the order the game's instance ids count them (before ``copies``)."""
    assert isinstance(game, Classic)
    return {"cards": [card.model_dump(mode="json") for card in game.cards]}


def from_definitions(document: Mapping[str, Any]) -> Classic:
    return Classic([ClassicCard.model_validate(card) for card in document["cards"]])


def _card_doc(game: Any) -> str:
    """docs/cards/classic.md: the shipped cards (``python -m engine.classic.carddoc``)."""
    return carddoc.markdown()


games.register(
    "classic",
    factory,
    definitions=definitions,
    from_definitions=from_definitions,
    rules_version=lambda: RULES_VERSION,
    capabilities=games.Capabilities(
        scenario=scenario.SCENARIO, strong=ai_strong.think, card_doc=_card_doc
    ),
)

__all__ = ["RULES_VERSION", "Classic", "ClassicCard", "factory", "from_definitions"]
