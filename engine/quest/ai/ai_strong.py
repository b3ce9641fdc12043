"""The ``strong`` quest AI: the shared search (``engine.search``) over worlds sampled from the
seat's view (``determinize``), with the heuristic (``planner.py``) as the playout policy and
as the move to beat.

A quest decision has about 15 legal moves on average, most of them housekeeping: dropping an
item or a role, arranging gear, opening a trade, and the choice of card to give away to
Charity; dying on purpose is seldom right and a Cleric's mending (any two cards) has many
variants. The search neither weighs those (``PRUNED``) nor answers Charity itself (the
heuristic's pick stands); what it weighs are where to go, whether to fight, search or end the
turn, which card to play, curse or level-up to give, which die to change. The heuristic's own
choice is always weighed, even when it is one of the pruned kinds."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core import Action, Rng
from engine.quest.ai.ai import choose, choose_free
from engine.quest.ai.determinize import determinize, seat_world
from engine.quest.rules.combat import gear_bonus
from engine.quest.state import QuestState
from engine.quest.stats import max_health
from engine.search import Budget, Report, Tuning, search
from engine.search.playout import playout
from engine.search.problem import ProblemCache

if TYPE_CHECKING:
    from engine.quest.game import Quest

PRUNED = frozenset(
    {
        "drop",
        "drop_role",
        "die",
        "mend",
        "arrange",
        "trade",
        "offer",
        "withdraw",
        "charity_discard",
        "charity_give",
    }
)
WIDTH = 8
"""Candidates weighed at most besides the heuristic's choice (the legal list's first ones:
the rules list a turn's moves first, cards to play after), so that each gets enough pairs."""
PLAYOUT_STEPS = 30
"""Moves a playout runs before the score judges the position: the rest of a turn and a good
part of the next (a two-seat game runs ~700 moves, about 20 a turn)."""
MAX_WORLDS = 24
"""Sampled worlds per decision at most, whatever the time budget (see duel's ``MAX_WORLDS``:
more samples let the position score's small biases through the gate)."""
TUNING = Tuning(margin=0.02)

# The position score: a share of the win by a softmax over the seats' progress. Level is most
# of it (the Boss waits at Level 10, R25); gear counts as strength for the fights to come (a
# Level 20 Boss, R121), Health left keeps a seat alive, the hand and gold are future strength.
SHARPNESS = 0.7
GEAR_WEIGHT = 0.2
HAND_WEIGHT = 0.08
GOLD_WEIGHT = 0.0004  # per gold piece: 1,000 gold buys a level (R131)
HEALTH_WEIGHT = 0.5  # per point of Health left
DEAD_WEIGHT = 1.0  # a dead munchkin loses his turn and comes back at the Entrance


class QuestProblem:
    def __init__(self, game: Quest) -> None:
        self.game = game
        self.content = game.content

    def candidates(self, state: QuestState, seat: int) -> list[Action]:
        if state.pending and state.pending[-1].kind == "charity":
            return []
        legal = self.game.legal_actions(state, seat)
        return [a for a in legal if a.kind not in PRUNED][:WIDTH]

    def baseline(self, state: QuestState, seat: int, rng: Rng) -> Action:
        # Asked of a sampled world, so that not even the move to beat reads a hidden card.
        world = self.determinize(state, seat, rng.fork(0))
        return choose(self.game, world, seat, rng, "normal")

    def determinize(self, state: QuestState, seat: int, rng: Rng) -> QuestState:
        return determinize(self.content, state, seat, rng)

    def play(self, world: QuestState, action: Action) -> None:
        self.game._resolve(world, action)

    def playout(self, world: QuestState, rng: Rng) -> None:
        game = self.game
        playout(
            game,
            world,
            rng,
            PLAYOUT_STEPS,
            lambda s, seat, r: choose(game, s, seat, r, "normal"),
            self.free_move,
        )

    def free_move(self, s: QuestState, seat: int, rng: Rng) -> Action | None:
        """A free actor's move, asked only while the seat still is one: the shared playout
        lists the free actors once per move, and a Wandering Monster played by one of them can
        open the base's die window that makes the next a decider (the fight then still names
        monsters that placing it removed, R51, which the free heuristic must not read)."""
        if seat not in self.game.free_actors(s):
            return None
        return choose_free(self.game, s, seat, rng, "normal")

    def score(self, world: QuestState, seat: int) -> float:
        outcome = self.game.outcome(world)
        if outcome is not None:
            return 1.0 if seat in outcome.winners else 0.0
        if world.out[seat]:
            return 0.0
        weights = []
        mine = 0.0
        for p in range(world.seats):
            if world.out[p]:
                continue
            w = math.exp(SHARPNESS * self.power(world, p))
            weights.append(w)
            if p == seat:
                mine = w
        return mine / sum(weights)

    def power(self, s: QuestState, p: int) -> float:
        c = self.content
        power = s.level[p] + GEAR_WEIGHT * gear_bonus(s, c, None, p)
        power += HAND_WEIGHT * len(s.hand[p]) + GOLD_WEIGHT * s.gold[p]
        power += HEALTH_WEIGHT * (max_health(s, c, p) - s.hits[p])
        return power - DEAD_WEIGHT * s.dead[p]


problem_for: ProblemCache[Quest, QuestProblem] = ProblemCache(QuestProblem)


def think(game: Quest, state: QuestState, seat: int, rng: Rng, budget: Budget) -> Report:
    """Search from the match as ``seat`` knows it (``seat_world``), never from ``state``."""
    capped = replace(budget, iterations=min(budget.iterations, MAX_WORLDS))
    world = seat_world(game.content, state, seat)
    return search(problem_for(game), world, seat, rng, capped, TUNING)


def choose_strong(
    game: Quest, state: QuestState, seat: int, rng: Rng, budget: Budget | None = None
) -> Action:
    return think(game, state, seat, rng, budget or Budget()).action
