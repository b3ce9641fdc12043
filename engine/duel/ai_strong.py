"""The ``strong`` duel AI: the shared search (``engine.search``) over worlds sampled from the
seat's view (``determinize``), the heuristic (``ai.py``) as the playout policy and as the move
to beat. A duel's branching is small (a dozen moves at most), so nothing is pruned."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Action, Rng
from engine.duel.ai import choose
from engine.duel.determinize import determinize
from engine.duel.state import DuelState
from engine.duel.zones import life_of
from engine.search import Budget, Report, Tuning, search
from engine.search.playout import playout

if TYPE_CHECKING:
    from engine.duel.game import Duel

PLAYOUT_STEPS = 60
"""Moves a playout runs before the score judges the position (a whole duel is ~175)."""
HEALTH_WEIGHT = 0.35
LEVEL_WEIGHT = 0.03
CARD_WEIGHT = 0.01
TUNING = Tuning()


class DuelProblem:
    def __init__(self, game: Duel) -> None:
        self.game = game

    def candidates(self, state: DuelState, seat: int) -> list[Action]:
        return self.game.legal_actions(state, seat)

    def baseline(self, state: DuelState, seat: int, rng: Rng) -> Action:
        # Asked of a sampled world, so that not even the move to beat reads a hidden card.
        world = determinize(state, seat, rng.fork(0))
        return choose(self.game, world, seat, rng, "normal")

    def determinize(self, state: DuelState, seat: int, rng: Rng) -> DuelState:
        return determinize(state, seat, rng)

    def play(self, world: DuelState, action: Action) -> None:
        self.game._resolve(world, action)

    def playout(self, world: DuelState, rng: Rng) -> None:
        game = self.game
        playout(game, world, rng, PLAYOUT_STEPS, lambda s, p, r: choose(game, s, p, r, "normal"))

    def score(self, world: DuelState, seat: int) -> float:
        outcome = self.game.outcome(world)
        if outcome is not None:
            return 0.5 if outcome.is_draw else float(seat in outcome.winners)
        defs, other = self.game.defs, 1 - seat

        def health(p: int) -> float:
            hero = world.heroes[p]
            life = max(life_of(defs, world, hero), 1)
            return (life - world.damage[hero]) / life

        def cards(p: int) -> int:
            return len(world.hand[p]) + len(world.hoard[p])

        value = 0.5 + HEALTH_WEIGHT * (health(seat) - health(other))
        value += LEVEL_WEIGHT * (world.level[seat] - world.level[other])
        value += CARD_WEIGHT * (cards(seat) - cards(other))
        return min(0.98, max(0.02, value))


_PROBLEMS: dict[int, DuelProblem] = {}


def problem_for(game: Duel) -> DuelProblem:
    key = id(game)
    if key not in _PROBLEMS:
        _PROBLEMS[key] = DuelProblem(game)
    return _PROBLEMS[key]


def think(game: Duel, state: DuelState, seat: int, rng: Rng, budget: Budget) -> Report:
    return search(problem_for(game), state, seat, rng, budget, TUNING)


def choose_strong(
    game: Duel, state: DuelState, seat: int, rng: Rng, budget: Budget | None = None
) -> Action:
    return think(game, state, seat, rng, budget or Budget()).action
