"""The ``strong`` classic AI: the shared search (``engine.search``) over worlds sampled from
the seat's view (``determinize``), with the heuristic (``ai.py``) as the playout policy and
as the move to beat.

Most of a classic decision's branching is trading and gear housekeeping (offers for every
pair of items, unequipping, dropping a role): the search neither weighs nor plays those
(``PRUNED``), which also makes its playouts several times faster. The heuristic's own choice
is always weighed, even when it is one of them."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.classic.ai import choose
from engine.classic.ai_free import choose_free
from engine.classic.determinize import determinize, seat_world
from engine.classic.rules import combat, free, turn
from engine.classic.state import ClassicState, waiting_on
from engine.core import Action, Rng
from engine.search import Budget, Report, Tuning, search
from engine.search.playout import playout
from engine.search.problem import ProblemCache

if TYPE_CHECKING:
    from engine.classic.game import Classic

PRUNED = frozenset(
    {"offer", "deal", "give_gold", "unequip", "drop_role", "cancel", "add_gold", "ask_gold"}
)
PLAYOUT_STEPS = 40
"""Moves a playout runs before the score judges the position: about the rest of a turn and
the next one, time for a fight's rewards or Bad Stuff to show (a whole game is ~400)."""
SHARPNESS = 0.8
"""How much one level of lead counts in the score's share of the win (a softmax)."""
GEAR_WEIGHT = 0.25
HAND_WEIGHT = 0.1
TUNING = Tuning()


class SearchClassic:
    """The rules as the search sees them: the real legal lists without the pruned kinds."""

    def __init__(self, game: Classic) -> None:
        self.game = game
        self.table = game.table

    def legal(self, s: ClassicState, seat: int) -> list[Action]:
        t = self.table
        if seat not in waiting_on(s):
            if seat not in self.game.free_actors(s):
                return []
            return free.anytime_actions(t, s, seat)
        if s.pending:
            full = self.game.legal_actions(s, seat)
            return [a for a in full if a.kind not in PRUNED] or full
        if s.window is not None:
            return combat.window_actions(t, s, seat)
        out = turn.phase_actions(t, s, seat) + free.own_turn_actions(t, s, seat)
        out += free.anytime_actions(t, s, seat)
        return [a for a in out if a.kind not in PRUNED]


class _PrunedGame:
    """What the heuristic asks of a game, answered with the pruned lists."""

    def __init__(self, rules: SearchClassic) -> None:
        self.table = rules.table
        self.legal_actions = rules.legal


class ClassicProblem:
    def __init__(self, game: Classic) -> None:
        self.game = game
        self.rules = SearchClassic(game)
        self.pruned: Classic = _PrunedGame(self.rules)  # type: ignore[assignment]

    def candidates(self, state: ClassicState, seat: int) -> list[Action]:
        return [a for a in self.game.legal_actions(state, seat) if a.kind not in PRUNED]

    def baseline(self, state: ClassicState, seat: int, rng: Rng) -> Action:
        # Asked of a sampled world, so that not even the move to beat reads a hidden card.
        world = self.determinize(state, seat, rng.fork(0))
        return choose(self.game, world, seat, rng, "normal")

    def determinize(self, state: ClassicState, seat: int, rng: Rng) -> ClassicState:
        return determinize(self.game.table, state, seat, rng)

    def play(self, world: ClassicState, action: Action) -> None:
        self.game._resolve(world, action)

    def playout(self, world: ClassicState, rng: Rng) -> None:
        pruned = self.pruned
        playout(
            self.game,
            world,
            rng,
            PLAYOUT_STEPS,
            lambda s, seat, r: choose(pruned, s, seat, r, "normal"),
            lambda s, seat, r: choose_free(pruned, s, seat, r, "normal"),
        )

    def score(self, world: ClassicState, seat: int) -> float:
        outcome = self.game.outcome(world)
        if outcome is not None:
            return 1.0 if seat in outcome.winners else 0.0
        if world.out[seat]:
            return 0.0
        t = self.game.table
        weights = []
        mine = 0.0
        for p in range(world.seats):
            if world.out[p]:
                continue
            gear = t.player_strength(world, p, None) - world.levels[p]
            power = world.levels[p] + GEAR_WEIGHT * gear + HAND_WEIGHT * len(world.hands[p])
            w = math.exp(SHARPNESS * power)
            weights.append(w)
            if p == seat:
                mine = w
        return mine / sum(weights)


problem_for: ProblemCache[Classic, ClassicProblem] = ProblemCache(ClassicProblem)


def think(game: Classic, state: ClassicState, seat: int, rng: Rng, budget: Budget) -> Report:
    """Search from the match as ``seat`` knows it (``seat_world``), never from ``state``."""
    world = seat_world(game.table, state, seat)
    return search(problem_for(game), world, seat, rng, budget, TUNING)


def choose_strong(
    game: Classic, state: ClassicState, seat: int, rng: Rng, budget: Budget | None = None
) -> Action:
    return think(game, state, seat, rng, budget or Budget()).action
