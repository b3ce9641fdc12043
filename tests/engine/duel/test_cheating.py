"""Commits and checking for cheating (# 000 III.A.2.f.(I).(B))."""

from __future__ import annotations

from engine.duel.game import Duel
from engine.duel.scenario import build, find, probe
from tests.engine.duel.steps import play


def test_being_caught_cheating_can_defeat_the_attacker(duel: Duel) -> None:
    # 000 III.A.2.f.(I).(B).(2.1).1: the attacker takes 1 damage
    s = build(duel, {"hero_damage": [21, 0], "seat0": {"hand": ["grumbling_goblin"]}})
    play(duel, s, "0 fight @grumbling_goblin 1", "1 face", "1 ready", "0 pass", "1 pass")
    assert probe(duel, s)["winner"] == 1


def test_exact_gold_hires_one_short_cheats(duel: Duel) -> None:
    # 000 III.A.2.f.(I).(B).2: enough (or more than enough) gold hires; less is cheating
    for gold, cheated in ((2, False), (1, True)):
        s = build(duel, {"purse": [3, 3], "seat0": {"hand": ["grumbling_goblin"]}})
        play(duel, s, f"0 fight @grumbling_goblin {gold}", "1 face", "1 ready", "0 pass", "1 pass")
        assert s.cheated[0] is cheated
        assert s.damage[s.heroes[0]] == (1 if cheated else 0)
        assert s.purse[0] == (3 if cheated else 1)  # 000 (2.1).2 the gold comes back


def test_committed_cards_keep_their_orientation_when_the_attacker_cheats(duel: Duel) -> None:
    # 000 III.A.2.f.(I).(B).(2.1).4: back to the hoard, still zapped, not unzapped
    s = build(
        duel,
        {"seat0": {"hand": ["big_club"]}, "seat1": {"hoard": ["rusty_sword", "village_militia"]}},
    )
    play(duel, s, "0 fight @big_club 0", "1 face", "1 commit @rusty_sword", "1 ready")
    sword = find(duel, s, 1, "rusty_sword")
    militia = find(duel, s, 1, "village_militia")
    assert sword in s.hoard[1] and sword in s.zapped
    assert militia in s.hoard[1] and militia not in s.zapped
    assert s.phase == "main" and s.active == 0  # 000 (2.1).5 munchkining goes on


def test_only_weapons_and_allies_may_be_committed_not_other_loot(duel: Duel) -> None:
    # 000 III.A.2.f.(I).(A): the defender commits unzapped Weapons and/or Allies. The glossary's
    # Commit entry says "Loot and Allies" but points to this step, whose text is the precise
    # one (and I.E.4.c / the Weapon entry name Weapons as the Loot that is committed), so Armor
    # and Trinkets stay home.
    s = build(
        duel,
        {
            "seat0": {"hand": ["puddle_slime"]},
            "seat1": {"hoard": ["pot_helmet", "rusty_sword", "village_militia"]},
        },
    )
    play(duel, s, "0 fight @puddle_slime 1", "1 face")
    committable = {a.args[0] for a in duel.legal_actions(s, 1) if a.kind == "commit"}
    assert committable == {find(duel, s, 1, "rusty_sword"), find(duel, s, 1, "village_militia")}
