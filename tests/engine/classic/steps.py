"""Shared steps for the classic rule tests: one legal action by its kind, legality probes,
card ids and random legal playouts."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import find_action
from engine.classic.state import ClassicState
from engine.core import Action, Event, Rng

Step = tuple[ClassicState, Action, list[Event], ClassicState]


def playout(game: Classic, seats: int, seed: int, steps: int) -> list[Step]:
    """A random legal playout: (before, action, events, after) for every step. About one step
    in three is a free actor's optional move, as in the property test. Odd seeds start every
    seat at level 8, so that fights for the win happen."""
    s = game.new(seats, seed)
    if seed % 2:
        s.levels = [8] * seats
    rng = Rng(seed).fork(7)
    out = []
    for _ in range(steps):
        if game.outcome(s) is not None:
            break
        free = sorted(game.free_actors(s))
        seat = (
            rng.choice(free) if free and rng.roll() <= 2 else rng.choice(sorted(game.deciders(s)))
        )
        legal = game.legal_actions(s, seat)
        if not legal:
            continue
        action = rng.choice(legal)
        before = s.clone()
        events = game.apply(s, action)
        out.append((before, action, events, s.clone()))
    return out


PLAYOUTS = [(3 + seed % 4, seed) for seed in range(12)]


def do(game: Classic, s: ClassicState, seat: int, kind: str, *args: object) -> list[Event]:
    action = find_action(game, s, {"seat": seat, "do": kind, "args": list(args)})
    assert action is not None, f"{kind} {args} is not legal for seat {seat}"
    return game.apply(s, action)


def legal(game: Classic, s: ClassicState, seat: int, kind: str, *args: object) -> bool:
    return find_action(game, s, {"seat": seat, "do": kind, "args": list(args)}) is not None


def ids(game: Classic, cards: list[int]) -> list[str]:
    return sorted(game.table.defs[c].id for c in cards)
