"""The strong level of every game that declares one (``engine.games.Capabilities.strong``: a
``think(game, state, seat, rng, budget) -> Report``), so that drivers (the arena, the bot's
worker pool) can give it a time budget that ``Game.ai_action`` has no room for."""

from __future__ import annotations

from typing import Any

from engine.core import Game, Rng
from engine.games import capabilities
from engine.search.budget import Budget
from engine.search.flat import Report

STRONG = "strong"


def has_strong(game: Game[Any, Any]) -> bool:
    try:
        return capabilities(game.id).strong is not None
    except KeyError:  # a game given to a driver directly (tests), never registered
        return False


def think(game: Game[Any, Any], state: Any, seat: int, rng: Rng, budget: Budget) -> Report:
    """The strong level's search for ``seat``; ``rng`` is the AI's stream, not the match's."""
    strong = capabilities(game.id).strong
    if strong is None:
        raise KeyError(f"{game.id} has no strong level")
    report: Report = strong(game, state, seat, rng, budget)
    return report
