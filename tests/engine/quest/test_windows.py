"""Quest's response windows as the core protocol declares them (issue 27): a die window and a
fight's rolling and after stages are ``Game.window``s like classic's and duel's (27.1), what
answers one is a move it is for (27.2), and one nobody could answer on public facts is not
opened (27.3)."""

from __future__ import annotations

from typing import Any

from engine.core import Action, OpenWindow, waits_on_window
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.state import QuestState

BOARD = {
    "seats": 2,
    "rooms": [{"room": "r01a", "x": 1, "y": 0}],
    "monsters": [{"id": "rat_choir", "x": 1, "y": 0, "base": "green"}],
}


def _state(quest: Quest, setup: dict[str, Any], *seats: dict[str, Any]) -> QuestState:
    return build(quest, {**BOARD, **setup}, list(seats))


def _changers(quest: Quest) -> list[int]:
    return [card for card, kind in enumerate(quest.content.kind) if kind == "set_die"]


def test_the_monster_turns_die_window_is_a_core_window(quest: Quest) -> None:
    # issue 27.1 (SPEC 3.5 Die windows): the bot sees it as a window (window clock, auto-pass,
    # never away), asked of every live seat, and shows who passed.
    s = _state(quest, {"monster_die": ["green"]}, {"at": [0, 0]}, {"at": [0, 0]})
    quest.apply(s, Action(0, "end_turn"))
    assert quest.window(s) == OpenWindow("die:monster_turn", (0, 1), frozenset())
    assert waits_on_window(quest, s)
    quest.apply(s, Action(1, "pass"))
    assert quest.window(s) == OpenWindow("die:monster_turn", (0, 1), frozenset({1}))


def test_a_fights_rolling_and_after_stages_are_core_windows(quest: Quest) -> None:
    # issue 27.1 (SPEC 3.9 Stages C and D): the others answer the roll, then everyone the dice.
    s = _state(quest, {"d6": [3, 3]}, {"at": [1, 0], "level": 2}, {"at": [0, 0]})
    assert quest.window(s) is None  # Stage B: the fighter decides, on the turn clock
    quest.apply(s, Action(0, "roll"))
    assert quest.window(s) == OpenWindow("fight:rolling", (1,), frozenset())
    quest.apply(s, Action(1, "pass"))
    assert quest.window(s) == OpenWindow("fight:after", (0, 1), frozenset())
    assert waits_on_window(quest, s)


def test_only_a_die_changer_answers_a_die_window(quest: Quest) -> None:
    # issue 27.2: the Weighted Die is what a die window is for; the rest of a hand is not.
    s = _state(
        quest,
        {"monster_die": ["green"]},
        {"at": [0, 0], "hand": ["go_up"]},
        {"at": [0, 0], "hand": ["weighted_die"]},
    )
    quest.apply(s, Action(0, "end_turn"))
    assert quest.window_answers(s, 0) == []
    answers = quest.window_answers(s, 1)
    assert answers and {a.kind for a in answers} == {"set_die"}


def test_a_level_answers_a_fight_only_on_one_of_its_sides(quest: Quest) -> None:
    # issue 27.2: Go Up a Level on the fighter changes the fight; on oneself it does not.
    s = _state(quest, {"d6": [3, 3]}, {"at": [1, 0], "level": 2}, {"at": [0, 0], "hand": ["go_up"]})
    quest.apply(s, Action(0, "roll"))
    levels = [a for a in quest.legal_actions(s, 1) if a.kind == "levelup"]
    assert {a.args[1] for a in levels} == {0, 1}
    assert [a.args[1] for a in quest.window_answers(s, 1)] == [0]


def test_no_monster_turn_window_with_no_monster_to_steer(quest: Quest) -> None:
    # issue 27.3 (OURS): the colour would only pay a DxM; nobody waits 15 s for that.
    s = build(quest, {"seats": 2, "monster_die": ["green"]}, [{}, {"hand": ["weighted_die"]}])
    quest.apply(s, Action(0, "end_turn"))
    assert s.window is None and quest.window(s) is None and s.turn == 1


def test_no_die_window_once_every_die_changer_is_face_up(quest: Quest) -> None:
    # issue 27.3: both Weighted Dice in the DxM discard pile (public): nobody can answer.
    s = _state(quest, {"monster_die": ["green"]}, {"at": [0, 0]}, {"at": [0, 0]})
    for card in _changers(quest):
        s.decks["D"].remove(card)
        s.discards["D"].append(card)
    quest.apply(s, Action(0, "end_turn"))
    assert s.window is None and s.turn == 1


def test_no_after_roll_window_once_every_die_changer_is_face_up(quest: Quest) -> None:
    # issue 27.3 (SPEC 3.9 Stage D): with no die changer unseen the close roll resolves at once.
    s = _state(quest, {"d6": [3, 3]}, {"at": [1, 0], "level": 2}, {"at": [0, 0]})
    for card in _changers(quest):
        s.decks["D"].remove(card)
        s.discards["D"].append(card)
    quest.apply(s, Action(0, "roll"))
    quest.apply(s, Action(1, "pass"))
    assert s.fight is None and quest.window(s) is None
