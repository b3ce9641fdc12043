"""Negative numbers clamp at each reduction (# 000 II.A.7) for Curses too, and a Weapon whose
Life-O-Suction is not narrowed heals on its combat damage (# 000 IV Life-O-Suction)."""

from __future__ import annotations

import pytest

from engine.core import Action
from engine.duel.cards import DuelCard
from engine.duel.game import Duel
from engine.duel.scenario import build, find, parse
from engine.duel.zones import clamp_each, power_of
from tests.engine.duel.steps import DRAWS, play


def test_clamp_each_ignores_the_rest_of_a_reduction_past_zero() -> None:
    # 000 II.A.7: 1, -2, +2 is 2; 4, -2, -3, +1 is 1 (a plain sum would give 1 and 0)
    assert clamp_each(1, [-2, 2]) == 2
    assert clamp_each(4, [-2, -3, 1]) == 1
    assert clamp_each(3, [-1, 1]) == 3


@pytest.mark.parametrize(("curses", "power"), [(["butterfingers", "bloodlust"], 2), ([], 1)])
def test_curses_on_a_weapon_clamp_in_the_order_they_stuck(
    duel: Duel, curses: list[str], power: int
) -> None:
    # Pointy Stick has power 1: Butterfingers (-2) stops at 0, then Bloodlust (+2) gives 2
    stuck = {c: "pointy_stick" for c in curses}
    s = build(duel, {"seat0": {"hoard": ["pointy_stick"]}, "seat1": {"stuck": stuck}})
    assert power_of(duel.defs, s, find(duel, s, 0, "pointy_stick")) == power


LEECH_BLADE = {
    "id": "t_leech_blade",
    "name": "Test Leech Blade",
    "type": "loot",
    "subtype": "weapon",
    "rank": 1,
    "power": 2,
    "keywords": {"life_o_suction": 1},
}


def test_a_weapon_with_life_o_suction_heals_on_its_combat_damage(duel: Duel) -> None:
    # 000 IV Life-O-Suction, III.A.2.f.(I).(D): whenever the card deals damage, its controller
    # heals (the pool's only such Weapon, the dirk, narrows it to its Smack by its text)
    game = Duel([*duel.defs, DuelCard.model_validate(LEECH_BLADE)], duel.decks)
    setup = {
        "purse": [4, 3],
        "hero_damage": [0, 5],
        "seat0": {"hand": ["sulking_troll"]},
        "seat1": {"hoard": ["t_leech_blade"]},
    }
    s = build(game, setup)
    for text in ("0 fight @sulking_troll 4", "1 face", "1 commit @t_leech_blade", "1 ready"):
        game.apply(s, parse(game, s, text))
    for text in ("0 pass", "1 pass"):
        game.apply(s, parse(game, s, text))
    # the blade deals 2 and heals 1; the Troll then deals its 5
    assert s.damage[s.heroes[1]] == 9


def test_suction_on_smack_needs_both_keywords() -> None:
    bad = {**LEECH_BLADE, "suction_on": "smack"}
    with pytest.raises(ValueError, match="suction_on"):
        DuelCard.model_validate(bad)


def test_a_weapon_cursed_below_zero_deals_nothing(duel: Duel) -> None:
    # 000 II.A.7: Butterfingers (-2 power) on a power-1 Weapon leaves it at 0, never below
    s = build(
        duel,
        {
            "purse": [3, 3],
            "active": 1,
            "seat0": {"hoard": ["pointy_stick"]},
            "seat1": {"hand": ["butterfingers", "grumbling_goblin"]},
        },
    )
    stick = find(duel, s, 0, "pointy_stick")
    fingers = find(duel, s, 1, "butterfingers")
    duel.apply(s, Action(1, "play", (fingers, stick, 0)))
    play(duel, s, "1 pass", "0 pass")
    assert s.stuck.get(fingers) == stick
    play(
        duel,
        s,
        "1 fight @grumbling_goblin 2",
        "0 face",
        "0 commit @pointy_stick",
        "0 ready",
        "1 pass",
        "0 pass",
    )
    goblin = find(duel, s, 1, "grumbling_goblin")
    assert s.damage[goblin] == 0
    assert s.damage[s.heroes[0]] == 3


def test_giving_more_gold_than_the_purse_holds_gives_what_is_there(duel: Duel) -> None:
    # 000 II.A.7 / IV Give: Bribe gives 1 from an empty purse: nothing moves, nothing negative
    s = build(duel, {"purse": [0, 2], "seat0": {"hand": ["bribe"], "deck": DRAWS}})
    play(duel, s, "0 play @bribe -1 0", "0 pass", "1 pass")
    assert s.purse == [0, 2] and len(s.hand[0]) == 1


def test_monster_power_lowered_below_zero_deals_nothing(duel: Duel) -> None:
    # 000 II.A.7: Tripwire (-2 power) on a power-1 Monster: no damage, and no healing either
    s = build(
        duel,
        {"hero_damage": [0, 3], "seat0": {"hand": ["tax_imp"]}, "seat1": {"hand": ["tripwire"]}},
    )
    play(duel, s, "0 fight @tax_imp 2", "1 face", "1 ready")
    play(duel, s, "1 play @tripwire -1 0", "0 pass", "1 pass")
    while s.fight is not None:
        seat = min(duel.deciders(s))
        duel.apply(s, duel.default_action(s, seat))
    assert s.damage[s.heroes[1]] == 3
