"""Hiring the Monster (# 000 III.A.2.f.(I).(C)) and committed gold (# 000 II.A.4, IV Pay)."""

from __future__ import annotations

from engine.core import Action
from engine.duel.game import Duel
from engine.duel.scenario import build, find
from engine.duel.zones import in_play
from tests.engine.duel.steps import play


def test_hire_gold_is_paid_only_after_the_hire_abilities(duel: Duel) -> None:
    # 000 III.A.2.f.(I).(C).2: the committed gold moves to the stockpile after the hire
    # abilities resolved (Tax Imp steals 2 when hired)
    s = build(duel, {"purse": [2, 1], "seat0": {"hand": ["tax_imp"]}})
    play(duel, s, "0 fight @tax_imp 2", "1 face", "1 ready", "0 pass", "1 pass")
    assert s.fight is not None and s.window is not None and s.fight.gold == 2
    play(duel, s, "0 pass", "1 pass")
    assert s.fight is None or s.fight.gold == 0
    # 000 II.A.7: Tax Imp steals 2 but only 1 is there: the purse stops at 0
    assert s.purse == [1, 0]


def test_the_hired_monster_can_be_targeted_while_end_of_fight_abilities_wait(duel: Duel) -> None:
    # Sulking Troll's Survivor ability waits in the fight_end window; Bear Trap is an interrupt
    # dealing 2 to a Monster.
    s = build(
        duel,
        {"purse": [4, 3], "seat0": {"hand": ["sulking_troll"]}, "seat1": {"hand": ["bear_trap"]}},
    )
    play(duel, s, "0 fight @sulking_troll 4", "1 face", "1 ready", "0 pass", "1 pass")
    assert s.fight is not None and s.window is not None and s.window.kind == "fight_end"
    troll = find(duel, s, 0, "sulking_troll")
    trap = find(duel, s, 1, "bear_trap")
    assert Action(1, "play", (trap, troll, 0)) in duel.legal_actions(s, 1)


def test_a_revealed_monster_is_no_target_until_it_is_hired(duel: Duel) -> None:
    # 000 IV In Play: only hired Monsters in the DMZ are in play, so in the cost window Bear
    # Trap has no target there; nothing can squish the card before the hire and send the gold
    # back (issue 14, duel 1). Once hired it is a target and its gold is paid all the same.
    s = build(
        duel,
        {"purse": [3, 3], "seat0": {"hand": ["puddle_slime"]}, "seat1": {"hand": ["bear_trap"]}},
    )
    play(duel, s, "0 fight @puddle_slime 3", "1 face", "1 ready")
    slime, trap = find(duel, s, 0, "puddle_slime"), find(duel, s, 1, "bear_trap")
    assert s.window is not None and s.window.kind == "cost"
    assert not in_play(s, slime)
    assert Action(1, "play", (trap, slime, 0)) not in duel.legal_actions(s, 1)
    play(duel, s, "0 pass", "1 pass")
    assert s.purse[0] == 0 and slime in s.face_up and s.damage[s.heroes[1]] == 2  # hired, paid


def test_gold_for_a_monster_squished_while_its_hire_abilities_wait_is_still_paid(
    duel: Duel,
) -> None:
    # 000 III.A.2.f.(I).(C).1-2: the Monster was hired (its ability goes off even if it is
    # squished), so the committed gold goes to the stockpile, not back to the attacker
    s = build(
        duel,
        {"purse": [2, 3], "seat0": {"hand": ["tax_imp"]}, "seat1": {"hand": ["bear_trap"]}},
    )
    play(duel, s, "0 fight @tax_imp 2", "1 face", "1 ready", "0 pass", "1 pass")
    assert s.fight is not None and s.window is not None and s.window.kind == "hire"
    play(duel, s, "1 play @bear_trap @tax_imp 0", "0 pass", "1 pass")
    while s.fight is not None:
        duel.apply(s, duel.default_action(s, min(duel.deciders(s))))
    assert find(duel, s, 0, "tax_imp") in s.discard[0]
    assert s.purse[0] == 2  # 0 left after paying 2, then Tax Imp stole 2
