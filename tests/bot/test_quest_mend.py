"""Quest's "Mend…" is built (issue 27.5; R31: a discard ability takes any card, from the hand
or in play, the race and class cards too; SPEC 3.14.6 Cleric: two discarded heal 1): past
three pairs the hand lists one entry, not one option per pair; every legal pair is reached in
at most three taps (four when the cards are past one select and sit in two) and Mend plays
exactly it; a forged or stale pair is refused in words and nothing is played."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from bot.games.quest import level_words as lw
from bot.games.quest import mend
from bot.plugins import plugin
from bot.render.drafts import pressed
from bot.render.ids import parse_custom_id
from bot.render.model import Rendered
from bot.screens import render_hand
from engine.core import Action
from engine.games import load_game
from engine.quest.scenario import SCENARIO
from tests.bot.render_support import make_match

NAMES = ["Alice", "Bob"]  # make_match's seats
QUEST = load_game("quest")
CLERIC = {
    "hits": 2,
    "roles": ["cleric"],
    "items": ["chain_shirt", "halo_band"],
    "hand": ["pointy_hat", "lucky_ring", "sword_of_meh", "fizzy_tonic", "rusty_dagger"],
}
TREASURES = [
    *("bucket_helm", "quilted_vest", "sword_of_meh", "fizzy_tonic", "lantern", "buckler"),
    *("horned_cap", "propeller_beanie", "barrel_armor", "sprint_sandals", "skedaddle_boots"),
    *("spiked_clogs", "pokey_pike", "flaming_mace", "holy_hammer", "wand_of_sparks"),
    *("great_cleaver", "battle_ladder", "longbow", "siege_pike"),
]


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


def _step(state: Any, cards: tuple[int, ...], tail: str, values: tuple[str, ...] = ()) -> Any:
    renderer = plugin("quest").renderer
    view = renderer.read(QUEST.view(state, 0))
    key = mend.key(cards, tail)
    return renderer.draft_step(key, view, QUEST.legal_actions(state, 0), NAMES, values)


def _most_taps(state: Any) -> int:
    """Every legal mend built from the hand as it opens; the most taps one took."""
    match = make_match("quest", 2)
    actions = QUEST.legal_actions(state, 0)
    targets = [a for a in actions if a.kind == "mend"]
    most = 0
    for target in targets:
        rendered, taps = render_hand(match, QUEST.view(state, 0), actions), 0
        for _ in range(6):
            press = mend.next_press(_drawn(rendered), target.key)
            assert press is not None, (target.key, _labels(rendered))
            step = _press(state, press.custom_id, press.values)
            taps += 1
            if press.plays:
                assert step.play == (target.key,), (target.key, step)
                break
            assert step.draft is not None and step.refusal is None, step
            rendered = render_hand(match, QUEST.view(state, 0), actions, draft=step.draft)
            assert all(len(label) <= 40 for label in _labels(rendered)), _labels(rendered)
        most = max(most, taps)
    return most


def test_many_pairs_are_one_entry() -> None:
    state = _state(CLERIC)
    actions = QUEST.legal_actions(state, 0)
    pairs = [a for a in actions if a.kind == "mend"]
    assert len(pairs) == len(list(combinations(range(8), 2)))  # 5 in hand, 2 in play, Cleric
    labels = _labels(render_hand(make_match("quest", 2), QUEST.view(state, 0), actions))
    assert labels.count(lw.MD_ENTRY) == 1
    assert not [label for label in labels if label.startswith("Mend:")]


def test_every_legal_pair_is_built_in_three_taps_and_mend_plays_it() -> None:
    assert _most_taps(_state(CLERIC)) == 3  # the entry, the two cards, Mend


def test_cards_past_one_select_are_offered_in_two_and_any_pair_takes_four_taps() -> None:
    """A hand of 20 and 8 items in play (R31: any card): 29 cards, past a select's 25."""
    items = ["chain_shirt", "halo_band", "pointy_hat", "sneaky_slippers", "lucky_ring"]
    state = _state({**CLERIC, "items": items, "hand": TREASURES})
    actions = QUEST.legal_actions(state, 0)
    assert len(mend.fodder(actions)) > 25
    opened = render_hand(make_match("quest", 2), QUEST.view(state, 0), actions, draft=mend.key(()))
    placeholders = [s.placeholder for s in opened.selects]
    assert placeholders == [lw.MD_CHOOSE_AT["hand"], lw.MD_CHOOSE_AT["play"]]
    assert [(s.min_values, s.max_values) for s in opened.selects] == [(0, 2), (0, 2)]
    assert _most_taps(state) == 4  # the entry, a card from each select, Mend


def test_the_builder_names_the_two_cards_and_where_they_are() -> None:
    state = _state(CLERIC)
    match = make_match("quest", 2)
    view, actions = QUEST.view(state, 0), QUEST.legal_actions(state, 0)
    opened = render_hand(match, view, actions, draft=mend.key(()))
    [cards] = opened.selects
    assert (cards.placeholder, cards.min_values, cards.max_values) == (lw.MD_CHOOSE, 2, 2)
    where = {o.label: (o.description or "").split(" · ")[0] for o in cards.options}
    assert where["Pointy Hat"] == lw.MD_IN_HAND and where["Halo Band"] == lw.MD_IN_PLAY
    assert where["Cleric"] == lw.MD_ROLE
    assert "You have 2 of 4 Health" in opened.text
    send = next(b for b in opened.buttons if b.label == lw.MD_SEND)
    assert send.disabled
    by_name = {o.label: o.value for o in cards.options}
    step = _step(state, (), mend.CARDS + "0", (by_name["Fizzy Tonic"], by_name["Halo Band"]))
    built = render_hand(match, view, actions, draft=step.draft)
    assert "Discard Fizzy Tonic and Halo Band to heal 1 Health." in built.text
    assert not next(b for b in built.buttons if b.label == lw.MD_SEND).disabled


def test_a_forged_or_stale_pair_is_refused_and_changes_nothing() -> None:
    state = _state(CLERIC)
    view = QUEST.view(state, 0)
    mine = [str(c) for c in view.hand]
    for values in ((mine[0],), (*mine[:3],), (mine[0], mine[0]), ("9999", mine[0]), ("x", "y")):
        assert _step(state, (), "c0", values).refusal == lw.MD_GONE, values
    a, b = view.hand[0], view.hand[1]
    assert _step(state, (a, b), mend.SEND).play == (Action(0, "mend", (a, b)).key,)
    # The first card played meanwhile and dropped: gone from hand and play, refused in words.
    QUEST.apply(state, Action(0, "play", (a,)))
    QUEST.apply(state, Action(0, "drop", (a,)))
    gone = _step(state, (a, b), mend.SEND)
    assert gone.refusal == lw.MD_GONE and not gone.play
    # Healed to full by two mends (the ability heals a hurt seat only): no mend left, stale.
    for _ in range(2):
        QUEST.apply(state, next(x for x in QUEST.legal_actions(state, 0) if x.kind == "mend"))
    after = _step(state, (), mend.SEND)
    assert after.refusal is None and not after.play and after.draft is None


def test_three_cards_stay_three_options() -> None:
    state = _state({**CLERIC, "items": [], "hand": ["fizzy_tonic", "rusty_dagger"]})
    actions = QUEST.legal_actions(state, 0)
    labels = _labels(render_hand(make_match("quest", 2), QUEST.view(state, 0), actions))
    assert lw.MD_ENTRY not in labels
    assert len([label for label in labels if label.startswith("Mend:")]) == 3, labels
