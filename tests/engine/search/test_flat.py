"""The search's stopping rules (issue 17): it spends its budget only while the samples could
still change the move. A toy problem stands in for a game: each move's score in a world is
a fixed worth plus that world's noise, so the tests know which move is better."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core import Action, Rng
from engine.duel import ai_strong
from engine.duel.game import Duel
from engine.search import Budget, Tuning, search

from .conftest import positions

BASE = Action(0, "base")


@dataclass
class World:
    noise: float
    played: list[Action] = field(default_factory=list)

    def clone(self) -> World:
        return World(self.noise, list(self.played))


class Toy:
    """Moves worth ``worth[kind]``; a world's noise is shared by every move (paired samples)
    unless ``spread`` makes each move's result depend on the world differently."""

    def __init__(self, worth: dict[str, float], spread: float = 0.0) -> None:
        self.worth = worth
        self.spread = spread

    def candidates(self, state: object, seat: int) -> list[Action]:
        return [BASE, *(Action(0, k) for k in self.worth if k != "base")]

    def baseline(self, state: object, seat: int, rng: Rng) -> Action:
        return BASE

    def determinize(self, state: object, seat: int, rng: Rng) -> World:
        return World(rng.below(1000) / 1000)

    def play(self, world: World, action: Action) -> None:
        world.played.append(action)

    def playout(self, world: World, rng: Rng) -> None:
        pass

    def score(self, world: World, seat: int) -> float:
        kind = world.played[0].kind
        wobble = self.spread * (world.noise - 0.5) * (1 if len(kind) % 2 else -1)
        return 0.3 + self.worth[kind] + 0.2 * world.noise + wobble


CAP = Budget(iterations=200)


def test_moves_that_score_like_the_heuristics_stop_the_search_early() -> None:
    report = search(Toy({"base": 0.0, "same": 0.0, "twin": 0.0}), None, 0, Rng(1), CAP)
    assert report.action == BASE
    assert report.iterations == Tuning().same


def test_a_clearly_better_move_is_played_without_spending_the_whole_budget() -> None:
    toy = Toy({"base": 0.0, "good": 0.3, "bad": -0.2}, spread=0.1)
    report = search(toy, None, 0, Rng(2), CAP)
    assert report.action.kind == "good"
    assert report.iterations < CAP.iterations // 4


def test_two_close_moves_keep_the_search_going_to_its_cap() -> None:
    toy = Toy({"base": 0.0, "good": 0.3, "also": 0.29}, spread=0.1)
    report = search(toy, None, 0, Rng(3), Budget(iterations=40))
    assert report.iterations == 40
    assert report.action.kind in ("good", "also")


def test_without_the_early_stop_the_same_search_runs_to_its_cap() -> None:
    toy = Toy({"base": 0.0, "good": 0.3, "bad": -0.2}, spread=0.1)
    patient = Tuning(same=10**6, sure=10**6)
    report = search(toy, None, 0, Rng(2), Budget(iterations=60), patient)
    assert (report.action.kind, report.iterations) == ("good", 60)


def test_a_duel_decision_samples_at_most_its_cap_of_worlds(
    duel: Duel, monkeypatch: pytest.MonkeyPatch
) -> None:
    # No elimination and no early stop: only the cap can end this search.
    monkeypatch.setattr(ai_strong, "TUNING", Tuning(drop=1e9, same=10**6, sure=1e9))
    options: list[dict[str, Any] | None] = [{"decks": ["bard", "bard"]}]
    s, seat = next(
        (s, seat)
        for s, seat in positions(duel, range(4, 9), 3, options)
        if len(ai_strong.problem_for(duel).candidates(s, seat)) > 1
    )
    report = ai_strong.think(duel, s, seat, Rng(9), Budget(ai_strong.MAX_WORLDS + 5))
    assert report.iterations == ai_strong.MAX_WORLDS
