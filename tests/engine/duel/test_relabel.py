"""Issue 26.4: a duel with its card instances numbered otherwise plays the same (the state's
instance list in another order: ``card_of``, ``owner``, damage and tokens permuted, every
instance id renumbered, the Heroes among the rest): the same legal moves, events, views and
outcome. A "none" of -1 read as an instance would be the last one, a Hero's, and differ."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Action, Rng
from engine.duel.effects import TRIGGER_BASE
from engine.duel.game import Duel
from engine.duel.moves import MOVES
from engine.duel.state import Choice, DuelState, Entry
from engine.scenario import rules_for
from tests.engine.relabel import Relabelling, Twins, renumber_args

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "duel"
CARD_ARGS = frozenset({"card", "target"})  # the move table's instance arguments
AVOID = frozenset({"concede"})


def _code(code: int, f: Any) -> int:
    """A trigger code (``iid * TRIGGER_BASE + ability``) renumbered; Bleeding's stays."""
    if code < 0:
        return code
    iid, i = divmod(code, TRIGGER_BASE)
    return int(f(iid)) * TRIGGER_BASE + i


def relabelled_state(s: DuelState, r: Relabelling) -> DuelState:
    f = r.to_new

    def moved(per_card: list[Any]) -> list[Any]:
        out: list[Any] = [None] * len(per_card)
        for i, value in enumerate(per_card):
            out[r.new[i]] = value
        return out

    t = s.clone()
    t.card_of, t.owner = moved(s.card_of), moved(s.owner)
    t.damage, t.tokens = moved(s.damage), moved(s.tokens)
    t.heroes, t.removed = [f(x) for x in s.heroes], [f(x) for x in s.removed]
    for name in ("deck", "hand", "discard", "hoard", "stash"):
        setattr(t, name, [[f(x) for x in zone] for zone in getattr(s, name)])
    t.face_up, t.zapped, t.flaunted = (
        {f(x) for x in s.face_up},
        {f(x) for x in s.zapped},
        {f(x) for x in s.flaunted},
    )
    t.stuck = {f(k): f(v) for k, v in s.stuck.items()}
    t.animated = {f(k): v for k, v in s.animated.items()}
    if t.fight is not None:
        t.fight.card = None if t.fight.card is None else f(t.fight.card)
        t.fight.committed = [f(x) for x in t.fight.committed]
        t.fight.allotted = [f(x) for x in t.fight.allotted]
    t.stack = [e._replace(source=f(e.source), target=f(e.target)) for e in s.stack]
    if s.pending is not None:
        p = s.pending
        t.pending = Choice(p.seat, p.amount, p.kind, tuple(_code(c, f) for c in p.codes))
    return t


def view_to_old(v: Any, r: Relabelling) -> Any:
    """Every instance a view names (``iid``, a stack entry's ``target``) numbered back; a
    pending choice's codes are compared by count."""
    if isinstance(v, dict):
        out = {k: view_to_old(x, r) for k, x in v.items()}
        for key in ("iid", "target"):
            if isinstance(out.get(key), int):
                out[key] = r.to_old(out[key])
        return out
    if isinstance(v, list):
        return [view_to_old(x, r) for x in v]
    return v


def twins(game: Duel, start: DuelState, perm_seed: int) -> Twins:
    r = Relabelling.shuffled(len(start.card_of), perm_seed)

    def to_new(a: Action) -> Action:
        a = renumber_args(MOVES, CARD_ARGS, a, r.to_new)
        if a.kind == "order":
            return Action(a.seat, a.kind, (_code(int(a.args[0]), r.to_new),))
        return a

    moved = relabelled_state(start, r)
    return Twins(game, game, start, moved, r, to_new, view_to_old, 2)


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    perm_seed=st.integers(min_value=0, max_value=2**32),
)
def test_a_duel_plays_the_same_with_its_cards_numbered_otherwise(
    duel: Duel, seed: int, perm_seed: int
) -> None:
    # 000 (every rule): which number a card has is no rule
    start = duel.new(2, seed)
    twins(duel, start, perm_seed).play(400, Rng(seed).fork(3), avoid=AVOID)


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(sorted(p.name for p in SCENARIOS.glob("*.toml"))),
    perm_seed=st.integers(min_value=0, max_value=2**32),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_a_scenario_position_plays_the_same_with_its_cards_numbered_otherwise(
    duel: Duel, name: str, perm_seed: int, seed: int
) -> None:
    # 000 (every rule the scenario files set up: fights, the stack, curses, tokens, damage)
    data = tomllib.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    start = rules_for("duel").build(duel, data)
    twins(duel, start, perm_seed).play(60, Rng(seed), avoid=AVOID)


def test_entries_renumber_with_their_cards() -> None:
    r = Relabelling((1, 0), (1, 0))
    assert _code(0 * TRIGGER_BASE + 3, r.to_new) == 1 * TRIGGER_BASE + 3
    assert _code(-1, r.to_new) == -1  # Bleeding's code names no card
    assert Entry(0, 1, 2, -1, 0, 0)._replace(target=r.to_new(-1)).target == -1
