"""AI-versus-AI duels: one game, or a batch with a JSON summary.

The engine has no clock, so games per second are measured by
``tests/engine/duel/bench_selfplay.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Outcome, Rng
from engine.duel.game import Duel

MAX_ACTIONS = 5000


def play(
    game: Duel,
    seed: int,
    ais: Sequence[str] = ("random", "random"),
    decks: Sequence[str] = ("warrior", "thief"),
) -> tuple[Outcome | None, int]:
    """One game to the end (or ``MAX_ACTIONS``); returns the outcome and the action count."""
    s = game.new(2, seed, {"decks": list(decks)})
    thinking = Rng(seed).fork(99)
    steps = 0
    while steps < MAX_ACTIONS:
        if game.outcome(s) is not None:
            break
        deciders = sorted(game.deciders(s))
        seat = deciders[thinking.below(len(deciders))]
        game.apply(s, game.ai_action(s, seat, thinking, ais[seat]))
        steps += 1
    return game.outcome(s), steps


def batch(
    game: Duel, games: int, seed: int, ais: Sequence[str], decks: Sequence[str]
) -> dict[str, Any]:
    wins = [0, 0]
    draws = unfinished = steps = 0
    for i in range(games):
        # Swap seats every other game so neither AI always has the same deck.
        flip = i % 2 == 1
        order = (ais[1], ais[0]) if flip else (ais[0], ais[1])
        out, n = play(game, seed + i, order, decks)
        steps += n
        if out is None:
            unfinished += 1
        elif not out.winners:
            draws += 1
        else:
            w = out.winners[0]
            wins[1 - w if flip else w] += 1
    return {
        "games": games,
        "ai": list(ais),
        "wins": wins,
        "draws": draws,
        "unfinished": unfinished,
        "avg_actions": steps / max(1, games),
        "win_rate_first_ai": wins[0] / max(1, games),
    }
