"""What a duel seat played as, for the league's "plays most as": the Hero of the deck it
brought (the decks written into the record, or the precons the engine deals when none were)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.plugins import FinalState
from engine.duel.game import DEFAULT_DECKS, Duel
from engine.games import load_game


def _duel() -> Duel:
    game = load_game(Duel.id)
    assert isinstance(game, Duel)
    return game


def roles(header: Mapping[str, object], final: FinalState | None) -> dict[int, str]:
    precons = _duel().decks
    options = header.get("options")
    chosen = options.get("decks") if isinstance(options, Mapping) else None
    decks = chosen if isinstance(chosen, list) and chosen else list(DEFAULT_DECKS)
    return {
        seat: str(deck["hero"] if isinstance(deck, dict) else precons[deck].hero)
        for seat, deck in enumerate(decks)
    }


def role_name(role: str) -> str | None:
    return next((card.name for card in _duel().defs if card.id == role), None)
