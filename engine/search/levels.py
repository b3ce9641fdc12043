"""The strong level of every game that has one, found by game id (``engine/<id>/ai_strong.py``
with ``think(game, state, seat, rng, budget) -> Report``), so that drivers (the arena, the
bot's worker pool) can give it a time budget that ``Game.ai_action`` has no room for."""

from __future__ import annotations

import importlib
from typing import Any

from engine.core import Game, Rng
from engine.search.budget import Budget
from engine.search.flat import Report

STRONG = "strong"


def has_strong(game: Game[Any, Any]) -> bool:
    try:
        importlib.import_module(f"engine.{game.id}.ai_strong")
    except ModuleNotFoundError:
        return False
    return True


def think(game: Game[Any, Any], state: Any, seat: int, rng: Rng, budget: Budget) -> Report:
    """The strong level's search for ``seat``; ``rng`` is the AI's stream, not the match's."""
    module = importlib.import_module(f"engine.{game.id}.ai_strong")
    report: Report = module.think(game, state, seat, rng, budget)
    return report
