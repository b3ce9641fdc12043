"""The AIs finish games; the heuristic beats random (issue 4: at least 70%)."""

from __future__ import annotations

from engine.duel.game import Duel
from engine.duel.selfplay import batch, play


def test_random_playouts_between_precons_finish(duel: Duel) -> None:
    for seed in range(10):
        out, steps = play(duel, seed, ("random", "random"))
        assert out is not None and steps > 0


def test_heuristic_beats_random_with_seats_swapped(duel: Duel) -> None:
    summary = batch(duel, 20, 1, ("heuristic", "random"), ("warrior", "thief"))
    assert summary["unfinished"] == 0
    assert summary["win_rate_first_ai"] >= 0.7


def test_heuristic_against_itself_finishes(duel: Duel) -> None:
    summary = batch(duel, 4, 3, ("heuristic", "heuristic"), ("thief", "warrior"))
    assert summary["unfinished"] == 0
