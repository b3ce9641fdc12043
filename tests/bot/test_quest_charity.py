"""Quest's charity is built (issue 27.5): one several-value select of the cards owed, a
select per tied receiver but the last, one Give. Every legal charity (the engine's, found by
playing every order of its one-card moves) is reached in at most four taps from the hand as
it opens and Give plays exactly it; labels fit a phone and the line names people; a value set
no legal charity has is refused in words and changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from bot.games.quest import charity, charity_builder, words
from bot.plugins import plugin
from bot.render.drafts import Built, pressed
from bot.render.ids import parse_custom_id
from bot.render.model import OptionSpec, SelectSpec
from bot.screens import render_hand
from engine.games import load_game
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.state import QuestState
from tests.bot.render_support import make_match

NAMES = ["Alice", "Bob", "Carol", "Dave"]  # make_match's seats
QUEST = load_game("quest")
HAND = ["go_up", "go_up", "fizzy_tonic", "rusty_dagger", "horned_cap", "quilted_vest", "buckler"]
MORE = ["fizzy_tonic", "go_up"]
Outcome = frozenset[tuple[int, int]]


def _owing(levels: list[int], hand: list[str], given: int = 0) -> QuestState:
    """Seat 0 ends its turn with ``hand`` at ``levels``; ``given`` cards already handed out
    one at a time (the first legal move each time: as a timeout would leave it)."""
    assert isinstance(QUEST, Quest)
    specs: list[Mapping[str, Any]] = [{"level": level} for level in levels]
    specs[0] = {"level": levels[0], "hand": hand}
    setup = {"seats": len(levels), "monster_die": ["purple"]}
    state = build(QUEST, setup, specs, {"die_windows": 0})
    QUEST.apply(state, next(a for a in QUEST.legal_actions(state, 0) if a.kind == "end_turn"))
    for _ in range(given):
        QUEST.apply(state, QUEST.legal_actions(state, 0)[0])
    assert state.pending and state.pending[-1].kind == "charity"
    return state


def _owes(state: QuestState) -> bool:
    top = state.pending[-1] if state.pending else None
    return top is not None and top.kind == "charity" and top.seat == 0


def _outcomes(state: QuestState) -> set[Outcome]:
    """Every whole charity the engine allows: each order of its one-card moves played out."""
    found: set[Outcome] = set()
    seen: set[Outcome] = set()

    def walk(s: QuestState, done: Outcome) -> None:
        if done in seen:
            return
        seen.add(done)
        if not _owes(s):
            found.add(done)
            return
        for action in QUEST.legal_actions(s, 0):
            if action.kind in charity.KINDS:
                to = action.args[1] if action.kind == "charity_give" else charity.DISCARD
                copy = s.clone()
                QUEST.apply(copy, action)
                walk(copy, done | {(int(action.args[0]), int(to))})

    walk(state.clone(), frozenset())
    return found


def _drawn(built: Built) -> list[tuple[str, tuple[str, ...], bool]]:
    out = [(b.custom_id, (), not b.disabled) for b in built.buttons]
    return out + [(s.custom_id, tuple(o.value for o in s.options), True) for s in built.selects]


def _labels(built: Built) -> list[str]:
    return [b.label for b in built.buttons] + [o.label for s in built.selects for o in s.options]


def _built(state: QuestState, draft: str | None) -> Built:
    view = QUEST.view(state, 0)
    built = charity_builder.builder(1, 7, view, QUEST.legal_actions(state, 0), NAMES, draft)
    assert built is not None
    return built


def _play(state: QuestState, keys: tuple[str, ...]) -> Outcome:
    """The moves played in order, each legal when it comes; what they gave."""
    copy, out = state.clone(), set()
    for key in keys:
        legal = {a.key: a for a in QUEST.legal_actions(copy, 0)}
        assert key in legal, (key, sorted(legal))
        action = legal[key]
        to = action.args[1] if action.kind == "charity_give" else charity.DISCARD
        out.add((int(action.args[0]), int(to)))
        QUEST.apply(copy, action)
    assert not _owes(copy)
    return frozenset(out)


CASES = {
    "one lowest": ([3, 1, 2], HAND, 0),
    "lowest discards": ([1, 2, 3], HAND, 0),
    "two tied": ([3, 1, 1], [*HAND, "fizzy_tonic"], 0),
    "two tied, four owed": ([3, 1, 1], [*HAND, *MORE], 0),
    "two tied, one given before": ([3, 1, 1], [*HAND, *MORE], 1),
    "three tied": ([3, 1, 1, 1], [*HAND, "fizzy_tonic"], 0),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_legal_charity_is_built_in_four_taps_and_give_plays_it(case: str) -> None:
    levels, hand, given = CASES[case]
    state = _owing(levels, hand, given)
    view = QUEST.view(state, 0)
    actions = QUEST.legal_actions(state, 0)
    renderer = plugin("quest").renderer
    typed = renderer.read(view)
    ch = charity.read(typed, actions)
    assert ch is not None
    outcomes = _outcomes(state)
    assert len(outcomes) > 1
    most = 0
    for target in outcomes:
        gift = tuple(sorted(target, key=lambda pair: ch.cards.index(pair[0])))
        built, taps = _built(state, None), 0
        for _ in range(8):
            press = charity_builder.next_press(_drawn(built), gift)
            assert press is not None, (gift, _drawn(built))
            parsed = parse_custom_id(press.custom_id)
            assert parsed is not None
            step = renderer.draft_step(parsed.key, typed, actions, NAMES, press.values or ())
            taps += 1
            if press.plays:
                assert _play(state, step.play) == target
                break
            assert step.draft is not None, step
            built = _built(state, step.draft)
            assert all(len(label) <= 40 for label in _labels(built)), _labels(built)
            assert NAMES[0] not in built.line
            named = [NAMES[k] for k in {to for _, to in charity.parse(step.draft)[0]} if k >= 0]  # type: ignore[index]
            assert all(f"to {name}" in built.line for name in named), built.line
        most = max(most, taps)
    # the cards, then a select per tied receiver but the last, then Give
    assert most == 1 + max(len(ch.receivers) - 1, 0) + 1 <= 4, (case, most)


def test_the_hand_opens_on_the_cards_owed_and_names_who_gets_them() -> None:
    state = _owing([3, 1, 1], [*HAND, "fizzy_tonic"])
    match = make_match("quest", 3)
    view, actions = QUEST.view(state, 0), QUEST.legal_actions(state, 0)
    opened = render_hand(match, view, actions)
    [cards] = opened.selects  # no select of every card × seat any more
    assert (cards.placeholder, cards.min_values, cards.max_values) == (
        "Choose 3 cards to give away",
        3,
        3,
    )
    assert len(cards.options) == 8
    assert "give 3 to Bob and Carol, the lowest level" in opened.text
    assert words.DECIDE_PENDING["charity"] not in opened.text  # said once, by the builder
    [give] = opened.buttons
    assert give.label == "Give them" and give.disabled
    renderer = plugin("quest").renderer
    chosen = [o.value for o in cards.options[1:4]]  # go_up, fizzy_tonic, rusty_dagger
    parsed = parse_custom_id(cards.custom_id)
    assert parsed is not None
    step = renderer.draft_step(parsed.key, renderer.read(view), actions, NAMES, chosen)
    built = render_hand(match, view, actions, draft=step.draft)
    said = "Give Sudden Epiphany and Rusty Dagger to Bob, and Fizzy Tonic to Carol."
    assert said in built.text, built.text
    [_, bobs] = built.selects
    assert (bobs.placeholder, bobs.min_values, bobs.max_values) == ("Which go to Bob?", 1, 2)
    assert [o.description for o in bobs.options] == ["Now to Bob", "Now to Carol", "Now to Bob"]
    assert not any(o.default for o in bobs.options)  # the placeholder names Bob
    assert [b.label for b in built.buttons] == ["Give them", words.HA_BACK]


def _press(state: QuestState, draft: str, tail: str, values: tuple[str, ...] = ()) -> Any:
    renderer = plugin("quest").renderer
    view = renderer.read(QUEST.view(state, 0))
    parsed = charity.parse(draft)
    assert parsed is not None
    return renderer.draft_step(
        charity.key(parsed[0], tail), view, QUEST.legal_actions(state, 0), NAMES, values
    )


def test_a_forged_or_stale_value_set_is_refused_in_words_and_changes_nothing() -> None:
    state = _owing([3, 1, 1], [*HAND, "fizzy_tonic"])
    ch = charity.read(QUEST.view(state, 0), QUEST.legal_actions(state, 0))
    assert ch is not None
    opened = charity.key(())
    mine = [str(c) for c in ch.cards]
    gone = words.CH_GONE
    for values in (mine[:2], mine[:4], [mine[0], mine[0], mine[1]], ["169", *mine[:2]], ["x1"]):
        assert _press(state, opened, charity.CARDS, tuple(values)).refusal == gone, values
    fine = charity.default_gift(ch, ch.cards[:3])  # two to Bob, one to Carol
    drafted = charity.key(fine)
    assert _press(state, drafted, "w1", tuple(mine[:3])).refusal == gone  # all three to Bob
    assert _press(state, drafted, "w1", (mine[5],)).refusal == gone  # a card not chosen
    uneven = tuple((card, 1) for card, _ in fine)
    assert _press(state, charity.key(uneven), charity.GIVE).refusal == gone
    assert _press(state, opened, charity.GIVE).refusal == gone  # nothing chosen yet
    # the charity given meanwhile (a timeout): the builder's press is stale, nothing played
    for action in [a for a in QUEST.legal_actions(state, 0) if a.kind == "charity_give"][:1]:
        QUEST.apply(state, action)
    moved = _press(state, drafted, charity.GIVE)
    assert moved.refusal == gone and not moved.play
    while _owes(state):
        QUEST.apply(state, QUEST.legal_actions(state, 0)[0])
    after = _press(state, drafted, charity.GIVE)
    assert after.refusal is None and not after.play and after.draft is None


def test_a_several_value_select_press_carries_its_own_key_and_every_value() -> None:
    assert pressed("draft-qc.n.c", ["12", "40", "7"]) == ("draft-qc.n.c", ("12", "40", "7"))
    assert pressed("pick-0", ["draft-qh.1.t0"]) == ("draft-qh.1.t0", ())
    assert pressed("draft-qc.n.go", []) == ("draft-qc.n.go", ())
    options = tuple(OptionSpec(str(n), str(n)) for n in range(3))
    with pytest.raises(ValueError):
        SelectSpec("bs:1:1:pick-0", "Choose", options, min_values=2, max_values=4)
    with pytest.raises(ValueError):
        SelectSpec("bs:1:1:pick-0", "Choose", options, min_values=3, max_values=2)


def test_the_ai_gives_card_by_card_as_before() -> None:
    """The AI and a timeout still play charity one card at a time (the engine unchanged);
    ``built_charity`` reads a whole one off them (the bench's person builds it)."""
    state = _owing([3, 1, 1], [*HAND, "fizzy_tonic"])
    first = QUEST.legal_actions(state, 0)[0]
    assert first.kind == "charity_give"
    assert isinstance(QUEST, Quest)
    gift = charity.built_charity(QUEST, state, first, lambda s, n: QUEST.legal_actions(s, 0)[0])
    assert gift is not None and len(gift) == 3
    assert frozenset(gift) in _outcomes(state)
