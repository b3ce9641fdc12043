"""Quest's "Buy a level…" is built (issue 27.5; R131: items from the hand or in play at face
value, gold topping up, no change, never the winning level): past three sales the hand lists
one entry, not one option per set of items; every legal sale is reached in at most three taps
from the hand as it opens and Buy plays exactly it; a set that buys nothing (too little, an
item not needed) or is forged or stale is refused in words and nothing is played."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.quest import level_sale
from bot.games.quest import level_words as lw
from bot.games.quest.cards import content
from bot.plugins import plugin
from bot.render.drafts import DRAFT_PREFIX, pressed
from bot.render.ids import parse_custom_id
from bot.render.model import Rendered
from bot.screens import render_hand
from engine.core import Action
from engine.games import load_game
from engine.quest.scenario import SCENARIO
from tests.bot.render_support import make_match

NAMES = ["Alice", "Bob"]  # make_match's seats
QUEST = load_game("quest")
HAND = ["pointy_hat", "lucky_ring", "sword_of_meh", "bucket_helm", "rusty_dagger", "rusty_dagger"]
RICH = {"gold": 300, "items": ["chain_shirt", "halo_band"], "hand": HAND}


def _state(seat: dict[str, Any]) -> Any:
    return SCENARIO.build(QUEST, {"setup": {"seats": 2}, "seat": [seat, {}]})


def _drawn(rendered: Rendered) -> list[tuple[str, tuple[str, ...], bool]]:
    out = [(b.custom_id, (), not b.disabled) for b in rendered.buttons]
    return out + [(s.custom_id, tuple(o.value for o in s.options), True) for s in rendered.selects]


def _labels(rendered: Rendered) -> list[str]:
    return [b.label for b in rendered.buttons] + [
        o.label for s in rendered.selects for o in s.options
    ]


def _press(state: Any, custom_id: str, values: tuple[str, ...] | None) -> Any:
    renderer = plugin("quest").renderer
    parsed = parse_custom_id(custom_id)
    assert parsed is not None
    key, chosen = pressed(parsed.key, list(values or ()))
    view = renderer.read(QUEST.view(state, 0))
    return renderer.draft_step(key, view, QUEST.legal_actions(state, 0), NAMES, chosen)


def _step(state: Any, draft: str, tail: str, values: tuple[str, ...] = ()) -> Any:
    parsed = level_sale.parse(draft)
    assert parsed is not None
    renderer = plugin("quest").renderer
    view = renderer.read(QUEST.view(state, 0))
    key = level_sale.key(parsed[0], tail)
    return renderer.draft_step(key, view, QUEST.legal_actions(state, 0), NAMES, values)


def test_many_sales_are_one_entry_and_gold_alone_stays_an_option() -> None:
    state = _state({**RICH, "gold": 1200})
    actions = QUEST.legal_actions(state, 0)
    sales = [a for a in actions if a.kind == "buy_level"]
    assert len(sales) > 30  # one per set of items that pays, and gold alone
    hand = render_hand(make_match("quest", 2), QUEST.view(state, 0), actions)
    labels = _labels(hand)
    assert labels.count(lw.LS_ENTRY) == 1
    assert "Buy a level: 1,000 gold" in labels  # gold alone: one tap, as before
    assert not [label for label in labels if label.startswith("Level: sell")]


def test_every_legal_sale_is_built_in_three_taps_and_buy_plays_it() -> None:
    state = _state(RICH)
    match = make_match("quest", 2)
    actions = QUEST.legal_actions(state, 0)
    targets = [a for a in actions if a.kind == "buy_level" and a.args]
    assert len(targets) > 30
    for target in targets:
        rendered, taps = render_hand(match, QUEST.view(state, 0), actions), 0
        for _ in range(5):
            press = level_sale.next_press(_drawn(rendered), target.key)
            assert press is not None, (target.key, _labels(rendered))
            step = _press(state, press.custom_id, press.values)
            taps += 1
            if press.plays:
                assert step.play == (target.key,), (target.key, step)
                break
            assert step.draft is not None and step.refusal is None, step
            rendered = render_hand(match, QUEST.view(state, 0), actions, draft=step.draft)
            assert all(len(label) <= 40 for label in _labels(rendered)), _labels(rendered)
        assert taps == 3, (target.key, taps)  # the entry, the items, Buy


def test_the_draft_shows_the_chosen_total_against_the_price() -> None:
    state = _state(RICH)  # 300 gold
    match = make_match("quest", 2)
    view, actions = QUEST.view(state, 0), QUEST.legal_actions(state, 0)
    opened = render_hand(match, view, actions, draft=level_sale.key(()))
    [items] = opened.selects
    assert (items.placeholder, items.min_values, items.max_values) == (lw.LS_CHOOSE, 1, 8)
    by_name = {o.label: o for o in items.options}
    assert by_name["Pointy Hat"].description == "600 gold · in your hand"
    assert by_name["Halo Band"].description == "500 gold · in play"
    assert "You have 300 gold" in opened.text
    buy = next(b for b in opened.buttons if b.label == lw.LS_SEND)
    assert buy.disabled  # nothing chosen yet
    hat, ring = by_name["Pointy Hat"].value, by_name["Sword of Meh"].value
    step = _step(state, level_sale.key(()), "c0", (hat, ring))
    built = render_hand(match, view, actions, draft=step.draft)
    said = "Sell Pointy Hat and Sword of Meh: worth 1,000 of the 1,000 gold a level costs."
    assert said in built.text, built.text
    assert not next(b for b in built.buttons if b.label == lw.LS_SEND).disabled
    assert [o.label for o in built.selects[0].options if o.default] == [
        "Pointy Hat",
        "Sword of Meh",
    ]
    lucky = by_name["Lucky Ring"].value
    step = _step(state, level_sale.key(()), "c0", (lucky,))
    short = render_hand(match, view, actions, draft=step.draft)
    assert "worth 500 of the 1,000" in short.text
    assert "Your gold pays the other 500 (you have 300)." not in short.text  # 200 short
    assert "with your 300 gold that is 200 short of 1,000" in short.text, short.text


def test_a_set_that_buys_nothing_is_refused_in_words_and_nothing_played() -> None:
    """R131: items give no change (a set holding an item the others pay without is not one of
    the engine's sales), and gold tops up only what the seat has."""
    state = _state(RICH)
    view = QUEST.view(state, 0)
    ids = {n: c for c, n in ((c, content().cid[c]) for c in view.hand)}
    dagger, ring = ids["rusty_dagger"], ids["lucky_ring"]
    short = _step(state, level_sale.key((dagger,)), level_sale.SEND)
    assert short.refusal == lw.LS_SHORT.format(gold="300", short="600") and not short.play
    hat, sword = ids["pointy_hat"], ids["sword_of_meh"]
    extra = _step(state, level_sale.key((hat, sword, dagger)), level_sale.SEND)
    assert extra.refusal == lw.LS_EXTRA.format(card="Rusty Dagger") and not extra.play
    assert _step(
        state, level_sale.key((ring, dagger)), level_sale.SEND
    ).refusal == lw.LS_SHORT.format(gold="300", short="100")
    nothing = _step(state, level_sale.key(()), level_sale.SEND)
    assert nothing.refusal == lw.LS_GONE and not nothing.play


def test_a_forged_or_stale_press_is_refused_and_changes_nothing() -> None:
    state = _state(RICH)
    view = QUEST.view(state, 0)
    mine = [str(c) for c in view.hand]
    opened = level_sale.key(())
    for values in ((), ("9999",), ("x1",), (mine[0], mine[0]), ("169",)):
        assert _step(state, opened, "c0", values).refusal == lw.LS_GONE, values
    assert _step(state, opened, "c7", (mine[0],)).refusal == lw.LS_GONE  # no such select
    hat = next(c for c in view.hand if content().cid[c] == "pointy_hat")
    sword = next(c for c in view.hand if content().cid[c] == "sword_of_meh")
    drafted = level_sale.key((hat, sword))
    assert _step(state, drafted, level_sale.SEND).play  # legal as things stand
    # The hat played meanwhile (in play, still sellable) and then dropped (gone): the draft's
    # press is refused in words, nothing played.
    QUEST.apply(state, Action(0, "play", (hat,)))
    QUEST.apply(state, Action(0, "drop", (hat,)))
    gone = _step(state, drafted, level_sale.SEND)
    assert gone.refusal == lw.LS_GONE and not gone.play
    back = _step(state, level_sale.key(()), level_sale.BACK)
    assert back.draft == DRAFT_PREFIX


def test_no_builder_once_no_sale_is_left() -> None:
    """R131: never the winning level (at Level 9 no sale is legal): a press on the builder is
    stale, answered with the fresh hand, nothing played."""
    state = _state({**RICH, "level": 9})
    actions = QUEST.legal_actions(state, 0)
    assert not [a for a in actions if a.kind == "buy_level"]
    step = _step(state, level_sale.key(()), level_sale.SEND)
    assert not step.play and step.refusal is None and step.draft is None
    assert (
        plugin("quest").renderer.builder(
            1, 7, QUEST.view(state, 0), actions, NAMES, level_sale.key(())
        )
        is None
    )


def test_a_copy_stands_for_a_copy() -> None:
    """The engine lists a sale with the first free copy of a card for all its copies
    (``rules/items.sales``); the second copy chosen plays that sale."""
    state = _state({"gold": 900, "hand": ["rusty_dagger", "rusty_dagger", *HAND[:4]]})
    view = QUEST.view(state, 0)
    daggers = [c for c in view.hand if content().cid[c] == "rusty_dagger"]
    actions = QUEST.legal_actions(state, 0)
    sales = level_sale.sales_of(actions)
    one = [items for items in sales if len(items) == 1 and set(items) <= set(daggers)]
    assert len(one) == 1  # one copy listed for both
    for dagger in daggers:
        step = _step(state, level_sale.key((dagger,)), level_sale.SEND)
        assert step.play == (sales[one[0]].key,), step


@pytest.mark.parametrize("gold", [0, 300])
def test_few_sales_stay_one_option_each(gold: int) -> None:
    """001 F25 (R131): 600 in play and 500 in the hand, no gold: one sale, one tap."""
    state = _state({"gold": gold, "items": ["pointy_hat"], "hand": ["lucky_ring"]})
    actions = QUEST.legal_actions(state, 0)
    labels = _labels(render_hand(make_match("quest", 2), QUEST.view(state, 0), actions))
    assert lw.LS_ENTRY not in labels
    assert any(label.startswith("Level: sell") for label in labels), labels
