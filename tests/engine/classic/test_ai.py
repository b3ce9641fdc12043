"""The heuristic AI beats random play, and AI choices are always legal."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.carddoc import markdown
from engine.simulate import run


def test_heuristic_beats_three_random_seats() -> None:
    # Issue 3: one heuristic seat against three random seats wins at least 60%.
    summary = run("classic", 4, 40, 100, ["heuristic", "random", "random", "random"])
    assert summary.errors == 0 and summary.completed == 40
    assert summary.wins_by_seat[0] >= 24


def test_simulate_counts_invariant_violations() -> None:
    summary = run("classic", 5, 3, 7, ["random"] * 5, check=True)
    assert summary.errors == 0
    assert summary.invariant_violations == 0
    assert summary.turn_limit_hits == 0


def test_simulate_reports_turn_limit() -> None:
    summary = run("classic", 3, 2, 1, ["random"] * 3, max_actions=5)
    assert summary.turn_limit_hits == 2 and summary.completed == 0


def test_card_list_names_every_card(game: Classic) -> None:
    text = markdown()
    assert all(f"(`{card.id}`)" in text for card in game.cards)
