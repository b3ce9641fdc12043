"""Running and limping away (# 000 III.A.2.f.(II)) and the Run Away marker (# 000 III.A.1.a)."""

from __future__ import annotations

import pytest

from engine.core import Action, IllegalAction
from engine.duel.game import Duel
from engine.duel.scenario import build, probe
from tests.engine.duel.steps import DRAWS, end_turn, play


def test_the_marker_flips_back_only_in_its_owners_warmup(duel: Duel) -> None:
    # 000 III.A.1.a: flip your own Run Away marker in your own warmup
    s = build(
        duel,
        {"limp": [True, True], "seat0": {"deck": DRAWS}, "seat1": {"deck": DRAWS}},
    )
    end_turn(duel, s)
    assert s.active == 1 and s.limp == [True, False]
    end_turn(duel, s)
    assert s.active == 0 and s.limp == [False, False]


def test_limping_away_can_defeat_the_defender(duel: Duel) -> None:
    # 000 III.A.2.f.(II).1: limping away costs 2 damage; 000 III.B.1 at life the Hero falls
    s = build(
        duel,
        {"limp": [False, True], "hero_damage": [0, 17], "seat0": {"hand": ["puddle_slime"]}},
    )
    play(duel, s, "0 fight @puddle_slime 0", "1 run")
    assert probe(duel, s)["winner"] == 0 and probe(duel, s)["reason"] == "defeated"


def test_running_away_twice_in_a_turn_limps_the_second_time(duel: Duel) -> None:
    # 000 III.A.2.f.(II).1.a: the marker stays on Limp Away; each further run costs 2
    s = build(duel, {"purse": [3, 3], "seat0": {"hand": ["puddle_slime", "pixie_swarm"]}})
    play(duel, s, "0 fight @puddle_slime 1", "1 run")
    assert s.damage[s.heroes[1]] == 0 and s.limp[1] and s.purse[0] == 3
    play(duel, s, "0 fight @pixie_swarm 2", "1 run")
    assert s.damage[s.heroes[1]] == 2 and s.limp[1] and s.purse[0] == 3
    # 000 III.A.2.f.(II).1.b: both cards went face down to the attacker's stash
    assert len(s.stash[0]) == 2 and not set(s.stash[0]) & s.face_up


def test_the_defender_may_not_run_once_it_faced_the_monster(duel: Duel) -> None:
    # 000 IV Run Away: only before the check for cheating; the choice is made once
    s = build(duel, {"seat0": {"hand": ["puddle_slime"]}})
    play(duel, s, "0 fight @puddle_slime 1", "1 face")
    assert Action(1, "run") not in duel.legal_actions(s, 1)
    with pytest.raises(IllegalAction):
        duel.apply(s, Action(1, "run"))
