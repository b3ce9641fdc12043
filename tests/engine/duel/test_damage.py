"""Damage in a fight (# 000 III.A.2.f.(I).(E)): split among Allies, Weapons take none,
survivors keep theirs face up until unstashed (# 000 II.A.11)."""

from __future__ import annotations

from engine.duel.effects import smack_targets
from engine.duel.game import Duel
from engine.duel.scenario import build, find
from engine.duel.state import DuelState
from engine.duel.zones import life_of, type_of
from tests.engine.duel.steps import DRAWS, end_turn, play


def _split_position(game: Duel) -> DuelState:
    # Gutter Drake: power 8; Village Militia life 3 defense 1, Hired Shield life 4 defense 2:
    # 8 - 3 = 5 damage for the defender to place.
    s = build(
        game,
        {
            "purse": [6, 3],
            "seat0": {"hand": ["gutter_drake"]},
            "seat1": {"hoard": ["village_militia", "hired_shield"]},
        },
    )
    play(
        game,
        s,
        "0 fight @gutter_drake 6",
        "1 face",
        "1 commit @village_militia",
        "1 commit @hired_shield",
        "1 ready",
        "0 pass",
        "1 pass",
    )
    return s


def test_split_damage_never_reaches_the_hero(duel: Duel) -> None:
    # 000 III.A.2.f.(I).(E).1.c: with several Allies every token goes onto an Ally
    s = _split_position(duel)
    assert s.fight is not None and s.fight.step == "split" and s.fight.to_split == 5
    assert duel.deciders(s) == {1}
    while s.fight is not None:
        duel.apply(s, duel.legal_actions(s, 1)[0])
    assert s.damage[s.heroes[1]] == 0


def test_one_ally_may_take_all_split_damage_beyond_its_life(duel: Duel) -> None:
    # 000 III.A.2.f.(I).(E).1.c.1: the split need not be even, and one Ally may soak every
    # token even past its life - so the Militia (life 3) can take all 5 and the Hired Shield
    # stays undamaged. Try every sequence of the defender's choices.
    start = _split_position(duel)
    shield = find(duel, start, 1, "hired_shield")
    outcomes = set()
    frontier = [start]
    while frontier:
        s = frontier.pop()
        if s.fight is None:
            outcomes.add((s.damage[shield], shield in s.hoard[1]))
            continue
        for action in duel.legal_actions(s, 1):
            nxt = s.clone()
            duel.apply(nxt, action)
            frontier.append(nxt)
    assert (0, True) in outcomes


def test_weapons_take_no_damage_and_go_back_zapped(duel: Duel) -> None:
    # 000 I.E.4.c: Weapons take no damage; 000 III.A.2.f.(I).(E).1.a no Ally: the Hero takes it;
    # 000 III.A.2.f.(I).(F).3 the defender's cards go back keeping their orientation
    s = build(duel, {"seat0": {"hand": ["grumbling_goblin"]}, "seat1": {"hoard": ["pointy_stick"]}})
    play(
        duel,
        s,
        "0 fight @grumbling_goblin 2",
        "1 face",
        "1 commit @pointy_stick",
        "1 ready",
        "0 pass",
        "1 pass",
    )
    stick = find(duel, s, 1, "pointy_stick")
    assert s.fight is None
    assert s.damage[stick] == 0 and stick in s.hoard[1] and stick in s.zapped
    assert s.damage[s.heroes[1]] == 3  # power 3, the stick has no defense
    goblin = find(duel, s, 0, "grumbling_goblin")
    assert s.damage[goblin] == 1  # the stick's power 1 as combat damage


def test_a_monster_killed_by_weapons_deals_no_damage(duel: Duel) -> None:
    # 000 III.A.2.f.(I).(D).1.a: squished at once, straight to the end of the fight
    s = build(duel, {"seat0": {"hand": ["puddle_slime"]}, "seat1": {"hoard": ["rusty_sword"]}})
    play(duel, s, "0 fight @puddle_slime 1", "1 face", "1 commit @rusty_sword", "1 ready")
    play(duel, s, "0 pass", "1 pass")
    assert s.damage[s.heroes[1]] == 0
    assert [duel.defs[s.card_of[i]].id for i in s.discard[0]] == ["puddle_slime"]
    assert s.stash[0] == [] and s.phase == "main"


def test_the_survivor_keeps_its_damage_face_up_until_unstashed(duel: Duel) -> None:
    # 000 III.A.2.f.(I).(F).2: stashed face up keeping its damage; 000 III.A.1.d unstash:
    # tokens go, the card is flipped and comes back to the hand
    s = build(
        duel,
        {
            "purse": [3, 3],
            "seat0": {"hand": ["sewer_croc"], "deck": DRAWS},
            "seat1": {"hoard": ["rusty_sword"], "deck": DRAWS},
        },
    )
    play(
        duel,
        s,
        "0 fight @sewer_croc 3",
        "1 face",
        "1 commit @rusty_sword",
        "1 ready",
        "0 pass",
        "1 pass",
    )
    croc = find(duel, s, 0, "sewer_croc")
    assert croc in s.stash[0] and croc in s.face_up and s.damage[croc] == 2
    assert s.damage[s.heroes[1]] == 4
    view = duel.view(s, 1).to_json()
    assert view["players"][0]["stash_face_up"] == [{"iid": croc, "id": "sewer_croc", "damage": 2}]
    end_turn(duel, s)
    assert croc in s.stash[0] and s.damage[croc] == 2  # still there in the opponent's turn
    end_turn(duel, s)
    assert croc in s.hand[0] and croc not in s.face_up and s.damage[croc] == 0


def test_a_surviving_monstrous_card_is_stashed_face_up_with_its_damage(duel: Duel) -> None:
    # 000 IV Monstrous: treated as a Monster with X cost, power and life until it leaves play;
    # 000 II.A.11 / III.A.2.f.(I).(F).2: a Monster that survives is stashed face up with damage
    s = build(
        duel,
        {"purse": [4, 3], "seat0": {"hand": ["mimic_crate"]}, "seat1": {"hoard": ["rusty_sword"]}},
    )
    play(
        duel,
        s,
        "0 fight @mimic_crate 4",
        "1 face",
        "1 commit @rusty_sword",
        "1 ready",
        "0 pass",
        "1 pass",
    )
    crate = find(duel, s, 0, "mimic_crate")
    assert s.fight is None and s.damage[s.heroes[1]] == 4  # it fought with power 4
    assert crate in s.stash[0] and crate in s.face_up and s.damage[crate] == 2


def test_a_stashed_monstrous_survivor_is_a_monster_until_unstashed(duel: Duel) -> None:
    # 000 IV Monstrous: a Monster with life X until it leaves play; 000 III.A.1.d unstash:
    # back to the hand, tokens gone, an Ally again
    s = build(
        duel,
        {
            "purse": [4, 3],
            "seat0": {"hand": ["mimic_crate"], "deck": DRAWS},
            "seat1": {"hoard": ["rusty_sword"], "deck": DRAWS},
        },
    )
    play(
        duel,
        s,
        "0 fight @mimic_crate 4",
        "1 face",
        "1 commit @rusty_sword",
        "1 ready",
        "0 pass",
        "1 pass",
    )
    crate = find(duel, s, 0, "mimic_crate")
    assert crate in smack_targets(duel.defs, s)
    assert type_of(duel.defs, s, crate) == "monster" and life_of(duel.defs, s, crate) == 4
    end_turn(duel, s)
    end_turn(duel, s)
    assert crate in s.hand[0] and s.damage[crate] == 0
    assert type_of(duel.defs, s, crate) == "ally"


def test_a_monster_hurt_while_end_of_fight_abilities_wait_is_stashed_with_that_damage(
    duel: Duel,
) -> None:
    # 000 IV In Play: Bear Trap deals 2 to the hired Sulking Troll (life 6) in the fight_end
    # window; it survives and is stashed face up keeping that damage (000 III.A.2.f.(I).(F).2)
    s = build(
        duel,
        {"purse": [4, 3], "seat0": {"hand": ["sulking_troll"]}, "seat1": {"hand": ["bear_trap"]}},
    )
    play(duel, s, "0 fight @sulking_troll 4", "1 face", "1 ready", "0 pass", "1 pass")
    play(duel, s, "1 play @bear_trap @sulking_troll 0", "0 pass", "1 pass")
    while s.fight is not None:
        duel.apply(s, duel.default_action(s, min(duel.deciders(s))))
    troll = find(duel, s, 0, "sulking_troll")
    assert troll in s.stash[0] and troll in s.face_up and s.damage[troll] == 2
