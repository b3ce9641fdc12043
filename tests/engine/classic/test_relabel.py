"""Issue 26.4: a classic match with its card instances numbered otherwise plays the same (the
card list pinned in another order: the table's per-instance lists permuted, every card id of
the starting state renumbered): the same legal moves, events, views and outcome."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.classic import Classic
from engine.classic.moves import MOVES
from engine.classic.state import ClassicState
from engine.classic.table import Table
from engine.core import Action, Rng
from engine.scenario import rules_for
from tests.engine.relabel import Relabelling, Twins, renumber_args

DATA = Path(__file__).resolve().parents[3] / "data"
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "classic"
CARD_ARGS = frozenset({"card", "item", "hireling"})  # the move table's card arguments
AVOID = frozenset({"concede"})


def relabelled_table(t: Table, r: Relabelling) -> Table:
    """The same cards, card ``i`` numbered ``r.new[i]``."""

    def moved(per_card: list[Any]) -> list[Any]:
        out: list[Any] = [None] * len(per_card)
        for i, value in enumerate(per_card):
            out[r.new[i]] = value
        return out

    other = Table([])
    other.defs, other.kind, other.is_door = moved(t.defs), moved(t.kind), moved(t.is_door)
    other.bonus, other.run = moved(t.bonus), moved(t.run)
    other.by_id = {c.id: i for i, c in reversed(list(enumerate(other.defs)))}
    return other


def relabelled_state(s: ClassicState, r: Relabelling) -> ClassicState:
    """``s`` (nothing pending, no open offer: their numbers mix cards, seats and coins) with
    every card renumbered."""
    assert not s.pending and not s.open_offers and not any(":" in u for u in s.used)
    f = r.to_new
    t = s.clone()
    for name in ("door", "treasure", "door_discard", "treasure_discard", "corpse"):
        setattr(t, name, [f(x) for x in getattr(s, name)])
    for name in ("hands", "items", "equipped", "roles", "curses", "cheats", "hired"):
        setattr(t, name, [[f(x) for x in v] for v in getattr(s, name)])
    if t.combat is not None:
        t.combat.monsters = [f(x) for x in t.combat.monsters]
        t.combat.played = [f(x) for x in t.combat.played]
        t.combat.deal_win_items = [f(x) for x in t.combat.deal_win_items]
    return t


def view_to_old(v: dict[str, Any], r: Relabelling) -> dict[str, Any]:
    """The view's card ids numbered back (a pending decision's terms mix cards, seats and
    coins: only their count is compared)."""
    f = r.to_old
    for name in ("hand", "corpse"):
        if v[name] is not None:
            v[name] = [f(x) for x in v[name]]
    for name in ("items", "equipped", "roles", "curses", "cheats", "hired"):
        v[name] = [[f(x) for x in seat] for seat in v[name]]
    for name in ("door_discard_top", "treasure_discard_top"):
        v[name] = None if v[name] is None else f(v[name])
    for offer in v["offers"]:
        offer["give"], offer["take"] = f(offer["give"]), f(offer["take"])
    if v["combat"] is not None:
        v["combat"]["monsters"] = [f(x) for x in v["combat"]["monsters"]]
        v["combat"]["played"] = [f(x) for x in v["combat"]["played"]]
    if v["pending"] is not None:
        p = v["pending"]
        p["cards"] = [f(x) for x in p["cards"]]
        for key in ("draft", "offer"):
            if key in p:
                p[key] = len(p[key])
    return v


def twins(game: Classic, start: ClassicState, perm_seed: int) -> Twins:
    r = Relabelling.shuffled(len(game.table), perm_seed)
    other = Classic(game.cards)
    other.table = relabelled_table(game.table, r)

    def to_new(a: Action) -> Action:
        return renumber_args(MOVES, CARD_ARGS, a, r.to_new)

    moved = relabelled_state(start, r)
    return Twins(game, other, start, moved, r, to_new, view_to_old, start.seats)


@settings(max_examples=8, deadline=None)
@given(
    seats=st.integers(min_value=3, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    perm_seed=st.integers(min_value=0, max_value=2**32),
)
def test_a_match_plays_the_same_with_its_cards_numbered_otherwise(
    game: Classic, seats: int, seed: int, perm_seed: int
) -> None:
    # 004 (every rule): which number a card has is no rule
    start = game.new(seats, seed)
    twins(game, start, perm_seed).play(400, Rng(seed).fork(3), avoid=AVOID)


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(sorted(p.name for p in SCENARIOS.glob("*.toml"))),
    perm_seed=st.integers(min_value=0, max_value=2**32),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_a_scenario_position_plays_the_same_with_its_cards_numbered_otherwise(
    game: Classic, name: str, perm_seed: int, seed: int
) -> None:
    # 004 (every rule the scenario files set up: fights, items, roles, curses, hirelings)
    data = tomllib.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    start = rules_for("classic").build(game, data)
    if start.pending or start.open_offers or any(":" in u for u in start.used):
        return  # a pending decision's numbers mix cards, seats and coins
    twins(game, start, perm_seed).play(60, Rng(seed), avoid=AVOID)
