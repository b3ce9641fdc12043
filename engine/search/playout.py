"""The playout every game shares: seats act by the heuristic (a waiting window's decider drawn
at random, as ``engine.simulate`` does), free actors get their chance after each move, and
play stops at the match's end or after ``steps`` moves, where the game's score takes over."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Action, Game, Rng

Policy = Callable[[Any, int, Rng], Action]
FreePolicy = Callable[[Any, int, Rng], Action | None]


def playout(
    game: Game[Any, Any],
    world: Any,
    rng: Rng,
    steps: int,
    policy: Policy,
    free_policy: FreePolicy | None = None,
) -> None:
    """Moves are applied unchecked (``_resolve``): each comes from the legal list the policy
    was given, and re-listing every legal action to check it would double a playout's cost."""
    for _ in range(steps):
        if game.outcome(world) is not None:
            return
        deciders = sorted(game.deciders(world))
        if not deciders:
            return
        seat = deciders[rng.below(len(deciders))] if len(deciders) > 1 else deciders[0]
        game._resolve(world, policy(world, seat, rng))
        if free_policy is None:
            continue
        for other in sorted(game.free_actors(world)):
            extra = free_policy(world, other, rng)
            if extra is not None:
                game._resolve(world, extra)
