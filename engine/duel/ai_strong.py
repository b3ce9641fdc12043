"""The ``strong`` duel AI: the shared search (``engine.search``) over worlds sampled from the
seat's view (``determinize``), the heuristic (``ai.py``) as the playout policy and as the move
to beat. A duel decision has about 11 legal moves on average, many of them the same move with
another amount of gold or another target: the search weighs the ``WIDTH`` moves the
heuristic's own scoring ranks highest (and always its choice), so that a 200 ms budget gives
each of them enough paired samples."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core import Action, Rng
from engine.duel.ai import _score, choose
from engine.duel.determinize import determinize, seat_world
from engine.duel.state import DuelState
from engine.duel.zones import life_of
from engine.search import Budget, Report, Tuning, search
from engine.search.playout import playout
from engine.search.problem import ProblemCache

if TYPE_CHECKING:
    from engine.duel.game import Duel

PLAYOUT_STEPS = 40
"""Moves a playout runs before the score judges the position (a whole duel is ~175)."""
WIDTH = 6
MAX_WORLDS = 8
"""Sampled worlds per decision at most, whatever the time budget. Against ``normal`` with
the iteration cap alone (seeds 1 and 3000 on), 8 worlds won 71 of 88 duels and 48 worlds 24
of 34 (on seed 1's games 27 of 35 against 7 of 15); uncapped at 200 ms, 21 of 36. With more
worlds the gate lets smaller gains through, and those are more often the position score's
bias than a better move. So a duel decision costs about 30 ms, whatever the budget."""
TUNING = Tuning(margin=0.02)
"""A gain of at least two points of win chance: with many samples, a smaller gain is as likely
the position score's bias as a better move."""

# The position score: a logistic model of the chance to win, fitted on 1,400 duels the
# heuristic played against itself (every precon mirrored, a tenth of the positions sampled;
# held-out log loss 0.524, against 0.648 for the hand-set weights it replaced and 0.693 for a
# coin). Each weight is per unit of the difference between the two sides, seat minus other.
HEALTH_WEIGHT = 3.46  # the Hero's health left, as a share of its life
LEVEL_WEIGHT = 0.62  # level 10 also wins outright (# 000 III.B.3)
HAND_WEIGHT = 0.023
PLAY_WEIGHT = 0.167  # cards in play
GOLD_WEIGHT = 0.029
DECK_WEIGHT = 50.0  # times 1 / (1 + cards left in the deck): an empty deck loses (# 000 III.A.1.e)
TURN_WEIGHT = 0.52  # the side whose turn it is


class DuelProblem:
    def __init__(self, game: Duel) -> None:
        self.game = game

    def candidates(self, state: DuelState, seat: int) -> list[Action]:
        # Ranked on a sampled world: the heuristic's scores read only the seat's own cards and
        # public ones, but a world makes sure of it (the fairness tests check the choice).
        legal = self.game.legal_actions(state, seat)
        if len(legal) <= WIDTH:
            return legal
        world = determinize(state, seat, Rng(len(legal)))
        scores = {a: _score(self.game, world, seat, a, False) for a in legal}
        return sorted(legal, key=lambda a: -scores[a])[:WIDTH]

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

        def danger(p: int) -> float:
            return 1.0 / (1 + len(world.deck[p]))

        logit = HEALTH_WEIGHT * (health(seat) - health(other))
        logit += LEVEL_WEIGHT * (world.level[seat] - world.level[other])
        logit += HAND_WEIGHT * (len(world.hand[seat]) - len(world.hand[other]))
        logit += PLAY_WEIGHT * (len(world.hoard[seat]) - len(world.hoard[other]))
        logit += GOLD_WEIGHT * (world.purse[seat] - world.purse[other])
        logit -= DECK_WEIGHT * (danger(seat) - danger(other))
        logit += TURN_WEIGHT * (1 if world.active == seat else -1)
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))


problem_for: ProblemCache[Duel, DuelProblem] = ProblemCache(DuelProblem)


def think(game: Duel, state: DuelState, seat: int, rng: Rng, budget: Budget) -> Report:
    """Search from the match as ``seat`` knows it (``seat_world``), never from ``state``."""
    capped = replace(budget, iterations=min(budget.iterations, MAX_WORLDS))
    return search(problem_for(game), seat_world(state, seat), seat, rng, capped, TUNING)


def choose_strong(
    game: Duel, state: DuelState, seat: int, rng: Rng, budget: Budget | None = None
) -> Action:
    return think(game, state, seat, rng, budget or Budget()).action
