"""Issue 26.4: a quest match with its card instances numbered otherwise plays the same (the
card list pinned in another order: ``Content``'s per-instance tables permuted, every card id of
the starting state renumbered): the same legal moves, events, views and outcome. Quest's 1.1
(``Fight.magic_double = 0`` doubled card instance 0 in every fight, 001 R10) fails it."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.core import Action, Rng
from engine.games import load_game
from engine.quest.content import Content
from engine.quest.game import Quest
from engine.quest.moves import MOVES
from engine.quest.scenario import build
from engine.quest.state import QuestState
from engine.scenario import rules_for
from tests.engine.relabel import Relabelling, Twins, renumber_args

_LOADED = load_game("quest")
assert isinstance(_LOADED, Quest)
GAME: Quest = _LOADED
CARD_ARGS = frozenset({"card", "item", "give", "get"})  # the move table's card arguments
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "quest"
AVOID = frozenset({"concede", "die"})  # a match cut short tests little


def relabelled_content(c: Content, r: Relabelling) -> Content:
    """The same cards, card ``i`` numbered ``r.new[i]``."""

    def moved(per_card: tuple[Any, ...]) -> tuple[Any, ...]:
        out: list[Any] = [None] * len(per_card)
        for i, value in enumerate(per_card):
            out[r.new[i]] = value
        return tuple(out)

    return replace(
        c,
        deck_of=moved(c.deck_of),
        def_of=moved(c.def_of),
        kind=moved(c.kind),
        cid=moved(c.cid),
        big=moved(c.big),
    )


def relabelled_state(s: QuestState, r: Relabelling) -> QuestState:
    """``s`` (no decision pending: its numbers mix cards and seats) with every card renumbered."""
    assert not s.pending
    f = r.to_new
    t = s.clone()
    t.hand = [[f(x) for x in h] for h in s.hand]
    t.gear = [{f(i): z for i, z in g.items()} for g in s.gear]
    t.cheats = [{f(i): f(x) for i, x in g.items()} for g in s.cheats]
    t.roles = [[f(x) for x in v] for v in s.roles]
    t.curses = [[f(x) for x in v] for v in s.curses]
    t.dropped = {cell: [f(x) for x in v] for cell, v in s.dropped.items()}
    t.decks = {k: [f(x) for x in v] for k, v in s.decks.items()}
    t.discards = {k: [f(x) for x in v] for k, v in s.discards.items()}
    for m in t.mons:
        m.card = None if m.card is None else f(m.card)
        m.enh = [f(x) for x in m.enh]
        m.carried = [f(x) for x in m.carried]
    if t.fight is not None:
        t.fight.played = [f(x) for x in t.fight.played]
        md, bi = t.fight.magic_double, t.fight.bribe_item
        t.fight.magic_double = None if md is None else f(md)
        t.fight.bribe_item = None if bi is None else f(bi)
    return t


def view_to_old(v: dict[str, Any], r: Relabelling) -> dict[str, Any]:
    """The view's card ids numbered back (a pending question's numbers mix cards, seats and
    amounts: only their count is compared)."""
    f = r.to_old
    v["hand"] = [f(x) for x in v["hand"]]
    for seat in v["seats"]:
        seat["gear"] = [[f(i), z] for i, z in seat["gear"]]
        for key in ("cheats", "roles", "curses"):
            seat[key] = [f(x) for x in seat[key]]
    v["dropped"] = [[x, y, [f(c) for c in stack]] for x, y, stack in v["dropped"]]
    for m in v["monsters"]:
        m["card"] = f(m["card"])
        m["enh"] = [f(x) for x in m["enh"]]
        m["carried"] = [f(x) for x in m["carried"]]
    if v["fight"] is not None:
        v["fight"]["monsters"] = [None if x is None else f(x) for x in v["fight"]["monsters"]]
        v["fight"]["played"] = [f(x) for x in v["fight"]["played"]]
    v["discard_tops"] = {k: None if x is None else f(x) for k, x in v["discard_tops"].items()}
    if v["pending"] is not None:
        v["pending"]["data"] = len(v["pending"]["data"])
    return v


def twins(start: QuestState, perm_seed: int) -> Twins:
    """``start`` played on quest as loaded and on quest with its cards numbered otherwise."""
    r = Relabelling.shuffled(len(GAME.content.deck_of), perm_seed)
    other = Quest(relabelled_content(GAME.content, r))

    def to_new(a: Action) -> Action:
        return renumber_args(MOVES, CARD_ARGS, a, r.to_new)

    return Twins(
        GAME, other, start, relabelled_state(start, r), r, to_new, view_to_old, start.seats
    )


@settings(max_examples=8, deadline=None)
@given(
    seats=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32),
    perm_seed=st.integers(min_value=0, max_value=2**32),
    quick=st.booleans(),
)
def test_a_match_plays_the_same_with_its_cards_numbered_otherwise(
    seats: int, seed: int, perm_seed: int, quick: bool
) -> None:
    # 001 (every rule): which number a card has is no rule
    start = GAME.new(seats, seed, {"quick": True} if quick else {})
    twins(start, perm_seed).play(400, Rng(seed).fork(3), avoid=AVOID)


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(sorted(p.name for p in SCENARIOS.glob("*.toml"))),
    perm_seed=st.integers(min_value=0, max_value=2**32),
    seed=st.integers(min_value=0, max_value=2**32),
)
# 001 R10 (issue 26 1.1): instance 0, a +2 helm, counted +4 with no Wizard: the fight's totals
# differ once another card is instance 0
@example(name="combat_no_item_doubled_unasked.toml", perm_seed=1, seed=1)
def test_a_scenario_position_plays_the_same_with_its_cards_numbered_otherwise(
    name: str, perm_seed: int, seed: int
) -> None:
    # 001 (every rule the scenario files set up: fights, items in play, monsters on the board)
    data = tomllib.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    start = rules_for("quest").build(GAME, data)
    if start.pending:
        return  # a pending question's numbers mix cards, seats and amounts
    twins(start, perm_seed).play(60, Rng(seed), avoid=AVOID)


def test_items_sold_together_are_discarded_in_the_order_held() -> None:
    # 001 R131 (several items for a level), R31 (the discards are reshuffled into the deck):
    # the pile's order was the card numbers' (which one ends on top: issue 26.4), now the
    # order the seller holds them, hand first
    c = GAME.content
    ring, hat = c.instances("T", "lucky_ring")[0], c.instances("T", "pointy_hat")[0]
    low, high = ("lucky_ring", "pointy_hat") if ring < hat else ("pointy_hat", "lucky_ring")
    s = build(GAME, {"seats": 2}, [{"gold": 0, "items": [low], "hand": [high]}, {}])
    held = [*s.hand[0], *s.gear[0]]
    sale = next(a for a in GAME.legal_actions(s, 0) if a.kind == "buy_level" and len(a.args) == 2)
    GAME.apply(s, sale)
    assert s.discards["T"][-2:] == held and s.level[0] == 2
