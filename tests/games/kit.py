"""The conformance kit's playouts: seeded random legal games of any game, with the record
they leave and the checks every game owes after each step.

The chooser is the test's own random stream (never the engine's), so a failure names a seed
that replays it. Free actors (a seat the match is not waiting on that may still act) are
asked too, now and then, so the actions they alone have are met as well.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.plugins import GamePlugin
from engine.core import Action, Event, Game
from engine.core.record import MatchRecord, start_record
from engine.games import load_game

STEPS = 150  # moves per playout: far enough into a game to meet most of its actions
SEEDS = (1, 2, 3)


def seat_counts(plugin: GamePlugin) -> list[int]:
    """The smallest table and a fuller one (capped, so that a big table stays quick)."""
    return sorted({plugin.seats.start, min(plugin.seats.stop - 1, 4)})


def cases(plugin: GamePlugin) -> list[tuple[int, int]]:
    return [(seats, seed) for seats in seat_counts(plugin) for seed in SEEDS]


@dataclass
class Step:
    """One move of a playout: the action, the events it made, the state after it."""

    action: Action | None  # None for the deal
    events: list[Event]
    state: Any


@dataclass
class Playout:
    game: Game[Any, Any]
    seats: int
    seed: int
    record: MatchRecord
    problems: list[str] = field(default_factory=list)


def playout(plugin: GamePlugin, seats: int, seed: int, steps: int = STEPS) -> Iterator[Step]:
    """The deal, then one ``Step`` per random legal move (the state is the live one: read it
    before asking for the next step)."""
    game = load_game(plugin.id)
    state = game.new(seats, seed)
    chooser = random.Random(seed)
    yield Step(None, [], state)
    for _ in range(steps):
        if game.outcome(state) is not None:
            return
        deciders = sorted(game.deciders(state))
        free = sorted(game.free_actors(state) - set(deciders))
        seat = chooser.choice(free) if free and chooser.random() < 0.2 else None
        actions = game.legal_actions(state, seat) if seat is not None else []
        if not actions:
            if not deciders:
                return
            seat = chooser.choice(deciders)
            actions = game.legal_actions(state, seat)
        action = chooser.choice(actions)
        yield Step(action, game.apply(state, action), state)


def record_of(plugin: GamePlugin, seats: int, seed: int) -> tuple[Playout, Any]:
    """A playout's record and final state, with every generic invariant checked on the way."""
    game = load_game(plugin.id)
    out = Playout(game, seats, seed, start_record(game, seats, seed))
    state: Any = None
    for step in playout(plugin, seats, seed):
        state = step.state
        if step.action is not None:
            out.record.append(step.action)
        where = f"seed {seed}, {seats} seats, move {len(out.record.actions)}"
        out.problems += [f"{where}: {p}" for p in invariant_problems(game, state)]
    return out, state


def invariant_problems(game: Game[Any, Any], state: Any) -> list[str]:
    """What every game owes after every move: the match waits on live seats only and they can
    act; the snapshot round-trips; every view is plain JSON; and the game's own invariants
    (``Game.invariants``, an optional capability ``engine.simulate --check`` reads too)."""
    problems: list[str] = []
    snapshot = state.to_json()
    if game.load_state(json.loads(json.dumps(snapshot))).to_json() != snapshot:
        problems.append("the snapshot does not load back to the same state")
    if state.clone().to_json() != snapshot:
        problems.append("a clone differs from its original")
    live = game.live_seats(state)
    if game.outcome(state) is None:
        deciders = game.deciders(state)
        if not deciders <= live:
            problems.append(f"waits on seats that are out: {sorted(deciders - live)}")
        stuck = [s for s in deciders if not game.legal_actions(state, s)]
        if stuck:
            problems.append(f"waits on seats with nothing legal to do: {stuck}")
    for seat in (None, *sorted(live)):
        try:
            json.dumps(game.view(state, seat).to_json())
        except (TypeError, ValueError) as exc:
            problems.append(f"the view for {seat} is not JSON: {exc}")
    problems += [str(p) for p in game.invariants(state)]  # an optional engine capability
    return problems
