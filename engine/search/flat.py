"""Determinized Monte Carlo with paired samples, gated on the heuristic's choice.

Each iteration samples one world consistent with the seat's view (``determinize``) and plays
every candidate move in that same world, followed by a playout driven by the same random
stream (common random numbers). So two candidates are compared on identical hidden cards and
identical dice, and the difference of their scores has far less noise than either score:
this is what lets a few dozen playouts tell moves apart. Candidates clearly worse than the
heuristic's choice stop being sampled (successive elimination); at the end the best one
replaces the heuristic's choice only if its mean gain is above ``gate`` standard errors.
``docs/ai.md`` says why this beats a deeper information-set tree at these budgets."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.core import Action, Rng
from engine.search.budget import Budget
from engine.search.problem import SearchProblem

VARIANCE_FLOOR = 0.0025
"""A standard deviation of at least 0.05 per paired sample: a handful of identical results
must not look like certainty."""


@dataclass(frozen=True, slots=True)
class Tuning:
    """``gate``: standard errors of gain needed to leave the heuristic's move; ``margin``: the
    smallest mean gain worth a change; ``drop``: standard errors below the heuristic's move
    that stop a candidate being sampled; ``min_pairs``: samples before either decision."""

    gate: float = 1.5
    margin: float = 0.01
    drop: float = 2.0
    min_pairs: int = 3
    same: int = 4
    """Pairs with a gain of exactly zero after which a candidate counts as the same move as
    the heuristic's (it led to the same score in every world) and stops being sampled."""
    sure: float = 3.0
    """Standard errors by which the leader must clear the gate, and stand apart from every
    other candidate still sampled, for the search to stop before its budget is spent."""


@dataclass(slots=True)
class Arm:
    action: Action
    pairs: int = 0
    total: float = 0.0
    squares: float = 0.0
    scores: list[float] = field(default_factory=list)

    def add(self, gain: float) -> None:
        self.pairs += 1
        self.total += gain
        self.squares += gain * gain

    @property
    def mean(self) -> float:
        return self.total / self.pairs if self.pairs else 0.0

    @property
    def stderr(self) -> float:
        if self.pairs < 2:
            return math.inf
        var = (self.squares - self.pairs * self.mean**2) / (self.pairs - 1)
        return math.sqrt(max(var, VARIANCE_FLOOR) / self.pairs)


@dataclass(slots=True)
class Report:
    """What one search did (the arena and tests read it)."""

    action: Action
    baseline: Action
    iterations: int
    playouts: int
    arms: list[Arm]


def search(
    problem: SearchProblem,
    state: object,
    seat: int,
    rng: Rng,
    budget: Budget,
    tuning: Tuning | None = None,
) -> Report:
    """The move for ``seat``. ``rng`` is the AI's own stream (never the match's dice)."""
    tune = tuning or Tuning()
    expired = budget.start()
    root = Rng(rng.next_u64())
    base = problem.baseline(state, seat, root.fork(1))
    others = [a for a in problem.candidates(state, seat) if a != base]
    if not others:
        return Report(base, base, 0, 0, [])
    arms = [Arm(a) for a in others]
    active = list(arms)
    iterations = playouts = 0
    while active and iterations < budget.iterations and not expired():
        world = problem.determinize(state, seat, root.fork(2 * iterations + 2))
        dice = root.fork(2 * iterations + 3)
        reference = _value(problem, world, seat, base, dice)
        playouts += 1
        for arm in active:
            if expired():
                break
            arm.add(_value(problem, world, seat, arm.action, dice) - reference)
            playouts += 1
        iterations += 1
        active = [a for a in active if not _clearly_worse(a, tune) and not _same(a, tune)]
        if _settled(active, tune):
            break
    chosen = _verdict(arms, tune)
    return Report(chosen.action if chosen else base, base, iterations, playouts, arms)


def _value(problem: SearchProblem, world: object, seat: int, action: Action, dice: Rng) -> float:
    """Play ``action`` in a copy of ``world``, then the playout from the shared stream."""
    copy = world.clone()  # type: ignore[attr-defined]
    problem.play(copy, action)
    problem.playout(copy, dice.clone())
    return problem.score(copy, seat)


def _clearly_worse(arm: Arm, tune: Tuning) -> bool:
    return arm.pairs >= tune.min_pairs and arm.mean + tune.drop * arm.stderr < 0


def _same(arm: Arm, tune: Tuning) -> bool:
    return arm.pairs >= tune.same and arm.squares == 0.0


def _settled(active: list[Arm], tune: Tuning) -> bool:
    """More samples would not change the move: the leader clears the gate by ``sure`` standard
    errors and every other candidate still sampled lies clearly below it. (With no candidate
    left, the loop ends by itself: the heuristic's move stands.)"""
    ready = [a for a in active if a.pairs >= tune.min_pairs]
    if len(ready) < len(active) or not ready:
        return False
    lead = max(ready, key=lambda a: a.mean)
    if lead.mean < tune.margin or lead.mean - tune.sure * lead.stderr <= 0:
        return False
    floor = lead.mean - tune.drop * lead.stderr
    return all(a.mean + tune.drop * a.stderr < floor for a in ready if a is not lead)


def _verdict(arms: list[Arm], tune: Tuning) -> Arm | None:
    """The best-sampled challenger that beats the heuristic's move on clear evidence."""
    ready = [a for a in arms if a.pairs >= tune.min_pairs]
    if not ready:
        return None
    best = max(ready, key=lambda a: a.mean - a.stderr)
    if best.mean >= tune.margin and best.mean - tune.gate * best.stderr > 0:
        return best
    return None
