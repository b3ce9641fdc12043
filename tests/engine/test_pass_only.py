"""A seat whose only move is Pass (a concession aside) is always in a declared response
window (``Game.window``), in every game (issue 27.1, 27.9): the bot asks nobody Pass alone,
and a hand drops a lone Pass (``bot/screens/table.py``) knowing the table's window shows it."""

from __future__ import annotations

import pytest

from engine.core import CONCEDE, PASS, Rng
from engine.games import load_game

SEATS = {"classic": 4, "duel": 2, "quest": 4}
STEPS = 300


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_pass_alone_is_asked_only_in_a_window(game_id: str) -> None:
    game = load_game(game_id)
    for seed in range(2):
        state = game.new(SEATS[game_id], seed)
        thinkers = [Rng(seed).fork(k) for k in range(SEATS[game_id])]
        for _ in range(STEPS):
            if game.outcome(state) is not None:
                break
            deciders = sorted(game.deciders(state))
            if not deciders:
                break
            for seat in deciders:
                kinds = {a.kind for a in game.legal_actions(state, seat)}
                if PASS in kinds and kinds <= {PASS, CONCEDE}:
                    window = game.window(state)
                    assert window is not None and seat in window.waiting_on(), (seed, seat)
            seat = deciders[0]
            game.apply(state, game.ai_action(state, seat, thinkers[seat], "heuristic"))
