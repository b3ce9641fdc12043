"""The two-player collectible card game (rules: seeds/000, excerpt 002)."""

from collections.abc import Mapping
from typing import Any

from engine import games
from engine.duel import ai_strong, carddoc, scenario
from engine.duel.cards import DuelCard
from engine.duel.decks import Deck
from engine.duel.game import Duel, factory

RULES_VERSION = 3  # 2: issue 14 duel rules (warmup window every turn, clamps, In Play);
# 3: issue 26 (a heal aimed at a card chooses only a damaged one, 000 IV Heal)
"""Bump it with any rules change that alters legal moves or outcomes: a live match started on
another version is replayed on the new rules at restart and ended cleanly if it no longer
reaches the same state (docs/reliability.md, "A deploy under live matches")."""


def definitions(game: Any) -> dict[str, Any]:
    """The cards in the order the game indexes them, and the precons a record may name."""
    assert isinstance(game, Duel)
    return {
        "cards": [card.model_dump(mode="json") for card in game.defs],
        "decks": {stem: deck.to_json() for stem, deck in sorted(game.decks.items())},
    }


def from_definitions(document: Mapping[str, Any]) -> Duel:
    cards = [DuelCard.model_validate(card) for card in document["cards"]]
    decks = {stem: Deck.from_json(deck) for stem, deck in document["decks"].items()}
    return Duel(cards, decks)


def _card_doc(game: Any) -> str:
    """docs/cards/duel.md (``python -m engine.duel.carddoc``)."""
    assert isinstance(game, Duel)
    return carddoc.render(game)


games.register(
    "duel",
    factory,
    definitions=definitions,
    from_definitions=from_definitions,
    rules_version=lambda: RULES_VERSION,
    capabilities=games.Capabilities(
        scenario=scenario.SCENARIO, strong=ai_strong.think, card_doc=_card_doc
    ),
)

__all__ = ["RULES_VERSION", "Duel", "factory", "from_definitions"]
