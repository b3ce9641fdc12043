"""The end of the game (# 000 III.B): a draw when both Heroes fall, spilling past the deck."""

from __future__ import annotations

from engine.core import Action
from engine.duel.game import Duel
from engine.duel.scenario import build, find, probe
from tests.engine.duel.steps import play


def test_a_hired_monster_hitting_both_heroes_can_end_in_a_draw(duel: Duel) -> None:
    # 000 III.B: no Hero left (simultaneous damage) is a draw; Storm Wyrmling's hire ability
    # deals 1 to each Hero
    s = build(
        duel,
        {"purse": [5, 3], "hero_damage": [21, 18], "seat0": {"hand": ["storm_wyrmling"]}},
    )
    play(duel, s, "0 fight @storm_wyrmling 5", "1 face", "1 ready", "0 pass", "1 pass")
    while s.phase != "over" and duel.deciders(s):
        seat = min(duel.deciders(s))
        duel.apply(s, duel.default_action(s, seat))
    out = duel.outcome(s)
    assert out is not None and out.is_draw and s.eliminated == [True, True]


def test_spilling_more_than_the_deck_holds_eliminates(duel: Duel) -> None:
    # 000 III.B.2: a card must move from an empty deck
    s = build(duel, {"seat0": {"hand": ["bleak_marsh"]}, "seat1": {"deck": ["pointy_stick"]}})
    play(duel, s, "0 location @bleak_marsh")
    marsh = find(duel, s, 0, "bleak_marsh")
    duel.apply(s, Action(0, "activate", (marsh, 0, -1)))
    play(duel, s, "0 pass", "1 pass")
    assert probe(duel, s)["winner"] == 0 and probe(duel, s)["reason"] == "decked"
