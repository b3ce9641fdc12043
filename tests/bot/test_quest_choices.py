"""The quest hand offers the choices issue 26's rule fixes need (SPEC 4.1): several items sold
together for one level (R131) as one labelled choice, and a dropped stack taken card by card
(R153): each card a choice under "Pick the item…", "Leave the rest" a button."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.quest import words
from bot.plugins import plugin
from bot.render.controls import layout
from bot.screens import render_hand
from engine.core import Action, Rng
from engine.games import load_game
from engine.quest.scenario import SCENARIO
from tests.bot.render_support import make_match


def _hand_after(data: dict[str, Any], steps: list[str], seat: int = 0) -> tuple[Any, list[str]]:
    game = load_game("quest")
    state = SCENARIO.build(game, data)
    for text in steps:
        who, kind, *args = text.split()
        game.apply(state, SCENARIO.action(game, state, int(who), kind, [*args]))
    legal = game.legal_actions(state, seat)
    hand = render_hand(make_match("quest", 2), game.view(state, seat).to_json(), legal)
    labels = [b.label for b in hand.buttons]
    labels += [o.label for menu in hand.selects for o in menu.options]
    return legal, labels


def test_two_items_sold_together_for_a_level_are_one_choice() -> None:
    # 001 F25 (R131): 600 on the table and 500 in the hand, no gold
    data = {
        "setup": {"seats": 2},
        "seat": [{"gold": 0, "items": ["pointy_hat"], "hand": ["lucky_ring"]}, {}],
    }
    legal, labels = _hand_after(data, [])
    sales = [a for a in legal if a.kind == "buy_level"]
    assert len(sales) == 1 and len(sales[0].args) == 2
    assert "Level: sell Pointy Hat + Lucky Ring" in labels, labels


def test_a_dropped_stack_is_taken_card_by_card() -> None:
    # 001 F17 (R153): any of the stack, then leave the rest
    data = {
        "setup": {"seats": 2, "rooms": [{"room": "r01a", "x": 1, "y": 0}]},
        "seat": [{"at": [1, 0], "items": ["bucket_helm", "quilted_vest"]}, {}],
    }
    steps = ["0 drop bucket_helm", "0 drop quilted_vest", "0 pick_up"]
    legal, labels = _hand_after(data, steps)
    assert {a.kind for a in legal} == {"pick", "pick_done"}
    assert words.LABELS["pick_done"] in labels
    assert {"Take Bucket Helm", "Take Quilted Vest"} <= set(labels), labels
    assert Action(0, "pick_done") in legal


@pytest.mark.parametrize(("seed", "kind"), [(1, "mend"), (5, "buy_level")])
def test_no_hand_of_a_long_heuristic_match_offers_every_combination(seed: int, kind: str) -> None:
    """Issue 27.5: the two seeded four-seat heuristic matches whose hands offered the most
    (``bench/quest_choices.py``: 416 alternatives, 378 of them pairs to mend with, R31; 621,
    558 of them sales for a level, R131) never offer more than 70 in one hand now, on one
    page: many sales are one Buy a level… entry, many pairs one Mend…."""
    game = load_game("quest")
    renderer = plugin("quest").renderer
    names = ["Alice", "Bob", "Carol", "Dave"]
    state = game.new(4, seed, {})
    scheduler = Rng(seed).fork(7919)
    thinkers = [Rng(seed).fork(1000 + k) for k in range(4)]
    most, widest = 0, 0
    for _ in range(20000):
        if game.outcome(state) is not None:
            break
        deciders = sorted(game.deciders(state))
        for seat in deciders:
            actions = game.legal_actions(state, seat)
            widest = max(widest, sum(1 for a in actions if a.kind == kind))
            view = renderer.read(game.view(state, seat).to_json())
            found = renderer.controls(actions, view, names)
            most = max(most, len(found))
            assert layout(42, 7, found).count == 1, (seed, len(found))
        seat = deciders[scheduler.below(len(deciders))]
        game.apply(state, game.ai_action(state, seat, thinkers[seat], "heuristic"))
    assert game.outcome(state) is not None
    assert widest > 300, widest  # the builder had work to do: hundreds of moves of its kind
    assert 40 < most <= 70, most
