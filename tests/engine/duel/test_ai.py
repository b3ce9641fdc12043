"""The AIs finish games; the heuristic beats random (issue 4: at least 70%)."""

from __future__ import annotations

import pytest

from engine.core import Action, Rng
from engine.duel.cards import CLASSES
from engine.duel.game import Duel
from engine.duel.scenario import build, find
from engine.duel.selfplay import batch, play
from engine.duel.state import DuelState
from tests.engine.duel.warmup_steps import pass_warmup


def test_random_playouts_between_precons_finish(duel: Duel) -> None:
    for seed in range(10):
        out, steps = play(duel, seed, ("random", "random"))
        assert out is not None and steps > 0


def test_heuristic_beats_random_with_seats_swapped(duel: Duel) -> None:
    summary = batch(duel, 20, 1, ("heuristic", "random"), ("warrior", "thief"))
    assert summary["unfinished"] == 0
    assert summary["win_rate_first_ai"] >= 0.7


def test_heuristic_against_itself_finishes(duel: Duel) -> None:
    summary = batch(duel, 4, 3, ("heuristic", "heuristic"), ("thief", "warrior"))
    assert summary["unfinished"] == 0


# --- the heuristic's habits (issue 4, AI) ------------------------------------------------


def _choose(duel: Duel, s: DuelState, seat: int, seed: int = 1) -> Action:
    return duel.ai_action(s, seat, Rng(seed), "heuristic")


def test_heuristic_commits_a_real_monster_it_can_pay_for(duel: Duel) -> None:
    # 000 III.A.2.f: a Monster with enough gold is hired, not caught cheating
    s = build(duel, {"purse": [3, 3], "seat0": {"hand": ["grumbling_goblin", "windfall"]}})
    goblin = find(duel, s, 0, "grumbling_goblin")
    for seed in range(10):
        action = _choose(duel, s, 0, seed)
        assert action == Action(0, "fight", (goblin, 2))


def test_heuristic_runs_from_a_fight_that_could_kill_it(duel: Duel) -> None:
    # 000 III.A.2.f.(II): Run Away costs nothing the first time
    s = build(duel, {"purse": [6, 3], "hero_damage": [0, 17], "seat0": {"hand": ["windfall"]}})
    duel.apply(s, Action(0, "fight", (find(duel, s, 0, "windfall"), 6)))
    assert _choose(duel, s, 1) == Action(1, "run")


def test_heuristic_faces_a_fight_no_monster_could_win(duel: Duel) -> None:
    # A commit with 0 gold can hire only a free Monster; big Weapons squish it first.
    s = build(
        duel,
        {"purse": [3, 3], "seat0": {"hand": ["windfall"]}, "seat1": {"hoard": ["war_maul"]}},
    )
    duel.apply(s, Action(0, "fight", (find(duel, s, 0, "windfall"), 0)))
    assert _choose(duel, s, 1).kind == "face"


def test_heuristic_limps_only_when_the_blow_would_be_fatal(duel: Duel) -> None:
    # 000 III.A.2.f.(II).1: limping away again costs 2 damage
    setup = {"purse": [6, 3], "limp": [False, True], "seat0": {"hand": ["windfall"]}}
    fatal = build(duel, setup | {"hero_damage": [0, 15]})
    duel.apply(fatal, Action(0, "fight", (find(duel, fatal, 0, "windfall"), 6)))
    assert _choose(duel, fatal, 1) == Action(1, "run")
    healthy = build(duel, setup)
    duel.apply(healthy, Action(0, "fight", (find(duel, healthy, 0, "windfall"), 6)))
    assert _choose(duel, healthy, 1).kind != "run"


def test_heuristic_cancels_the_opponents_ability_with_an_interrupt(duel: Duel) -> None:
    # 000 I.E.5.c: an interrupt answers what is resolving
    s = build(
        duel,
        {"purse": [3, 3], "seat0": {"hand": ["firecracker"]}, "seat1": {"hand": ["nope"]}},
    )
    duel.apply(s, Action(0, "play", (find(duel, s, 0, "firecracker"), s.heroes[1], 0)))
    duel.apply(s, Action(0, "pass"))
    assert _choose(duel, s, 1) == Action(1, "play", (find(duel, s, 1, "nope"), -1, 0))


def test_heuristic_bluffs_sometimes_but_not_often(duel: Duel) -> None:
    # 000 III.A.2.f: any card may be committed face down; a bluff risks being caught cheating
    s = build(duel, {"purse": [4, 3], "seat0": {"hand": ["windfall", "firecracker"]}})
    picks = [_choose(duel, s, 0, seed) for seed in range(120)]
    bluffs = [a for a in picks if a.kind == "fight"]
    assert 0 < len(bluffs) < len(picks) // 3
    assert all(a.args[1] == 4 for a in bluffs)  # with gold a real Monster would need


@pytest.mark.parametrize("precon", CLASSES)
def test_heuristic_beats_random_with_the_same_precon_on_both_sides(duel: Duel, precon: str) -> None:
    # Issue 4: at least 70% (measured over 500 games per precon in the report; 10 here)
    summary = batch(duel, 10, 40, ("heuristic", "random"), (precon, precon))
    assert summary["unfinished"] == 0 and summary["win_rate_first_ai"] >= 0.7


def test_heuristic_never_reads_what_its_seat_may_not_see(duel: Duel) -> None:
    # 000 II.A.9: swapping cards hidden from the deciding seat never changes its choice
    from .test_hidden import _positions

    checked = 0
    for s in _positions(duel, steps=150):
        for seat in sorted(duel.deciders(s)):
            other = 1 - seat
            if not s.hand[other] or not s.deck[other]:
                continue
            swapped = s.clone()
            i, j = swapped.hand[other][0], swapped.deck[other][-1]
            swapped.hand[other][0], swapped.deck[other][-1] = j, i
            f = swapped.fight
            secret = f is not None and f.card is not None and not f.revealed and seat != f.attacker
            if f is not None and f.card is not None and secret and swapped.deck[other]:
                # the face-down commit is hidden from the defender too
                f.card, swapped.deck[other][0] = swapped.deck[other][0], f.card
            assert _choose(duel, s, seat, checked) == _choose(duel, swapped, seat, checked)
            checked += 1
    assert checked > 200


def test_heuristic_saves_prevention_for_a_real_threat(duel: Duel) -> None:
    # 000 IV Prevent: an interrupt; worth it against a revealed Monster, not in a quiet turn
    quiet = build(duel, {"purse": [3, 3], "seat0": {"hand": ["duck"]}})
    assert _choose(duel, quiet, 0).kind == "done"
    s = build(
        duel,
        {"purse": [3, 3], "seat0": {"hand": ["grumbling_goblin"]}, "seat1": {"hand": ["duck"]}},
    )
    duel.apply(s, Action(0, "fight", (find(duel, s, 0, "grumbling_goblin"), 2)))
    duel.apply(s, Action(1, "face"))
    duel.apply(s, Action(1, "ready"))
    assert _choose(duel, s, 1) == Action(1, "play", (find(duel, s, 1, "duck"), -1, 0))


# --- abilities judged by what they do (issue 4, AI: activate/flaunt estimate) ---------------


def test_heuristic_uses_an_ability_that_squishes_an_enemy_monster(duel: Duel) -> None:
    # 000 III.A.1.b: in the warmup window, 2 damage finishes the opponent's stashed Monster
    setup = {
        "purse": [3, 3],
        "seat0": {"hoard": ["holy_water"], "deck": ["rusty_sword"]},
        "seat1": {"stash_up": ["puddle_slime"], "deck": ["rusty_sword"]},
    }
    s = build(duel, setup)
    duel.apply(s, Action(0, "done"))
    duel.apply(s, Action(1, "pass"))
    slime = find(duel, s, 1, "puddle_slime")
    assert _choose(duel, s, 0) == Action(0, "activate", (find(duel, s, 0, "holy_water"), 0, slime))


def test_heuristic_keeps_its_weapon_ready_rather_than_zap_it_for_nothing(duel: Duel) -> None:
    # A zapped Weapon cannot be committed (000 III.A.2.f.(I).(A)); the knife heals 2 from an
    # undamaged Ally: worth nothing, so the heuristic passes.
    setup = {"purse": [3, 3], "seat0": {"hoard": ["skinning_knife", "village_militia"]}}
    s = build(duel, setup)
    assert _choose(duel, s, 0).kind == "done"
    s.damage[find(duel, s, 0, "village_militia")] = 2
    assert _choose(duel, s, 0).kind == "activate"


def test_heuristic_prevents_its_own_bleeding_and_lets_the_opponents_bleed(duel: Duel) -> None:
    # 000 IV Bleeding in the reckoning window: Prevent it as the bleeder; never Cancel it as the
    # opponent (it only hurts the other Hero)
    setup = {
        "purse": [3, 3],
        "seat0": {"hand": ["nope"], "deck": ["rusty_sword"]},
        "seat1": {"hand": ["duck"], "deck": ["rusty_sword"]},
    }
    s = build(duel, setup)
    s.bleed[1] = 2
    duel.apply(s, Action(0, "done"))
    duel.apply(s, Action(1, "pass"))
    pass_warmup(duel, s)
    assert s.window is not None and s.window.kind == "reckoning"
    assert _choose(duel, s, 0) == Action(0, "pass")
    assert _choose(duel, s, 1) == Action(1, "play", (find(duel, s, 1, "duck"), -1, 0))


def test_heuristic_cancels_the_opponents_reckoning_gold(duel: Duel) -> None:
    # 000 III.A.1.c, IV Cancel: a reckoning ability that helps the opponent is worth canceling
    setup = {
        "purse": [3, 3],
        "seat0": {"hand": ["nope"], "deck": ["rusty_sword"]},
        "seat1": {"hoard": ["thieves_guild"], "deck": ["rusty_sword"]},
    }
    s = build(duel, setup)
    duel.apply(s, Action(0, "done"))
    duel.apply(s, Action(1, "pass"))
    pass_warmup(duel, s)
    assert _choose(duel, s, 0) == Action(0, "play", (find(duel, s, 0, "nope"), -1, 0))
