"""The warmup's response windows (# 000 III.A.1.b-c): reckoning abilities wait on the stack where
interrupts of either player answer them; a window after unzapping opens only on public facts;
reckoning and Survivor abilities that target let their controller pick."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Action
from engine.duel.cards import DuelCard
from engine.duel.effects import PENDING_TARGET
from engine.duel.game import Duel
from engine.duel.scenario import build, find, parse, probe
from engine.duel.state import DuelState
from tests.engine.duel.warmup_steps import pass_warmup

TARGETING = [
    {
        "id": "t_watchtower",
        "name": "Test Watchtower",
        "type": "location",
        "abilities": [
            {"when": "reckoning", "effects": [{"op": "damage", "amount": 1, "target": "monster"}]}
        ],
    },
    {
        "id": "t_grudge_bat",
        "name": "Test Grudge Bat",
        "type": "monster",
        "cost": 1,
        "power": 0,
        "life": 3,
        "abilities": [
            {
                "when": "survive",
                "effects": [{"op": "damage", "amount": 1, "target": "ally", "whose": "enemy"}],
            }
        ],
    },
]


@pytest.fixture(scope="module")
def game(duel: Duel) -> Duel:
    return Duel([*duel.defs, *(DuelCard.model_validate(c) for c in TARGETING)], duel.decks)


def _play(game: Duel, s: DuelState, *steps: str) -> None:
    for text in steps:
        game.apply(s, parse(game, s, text))


def test_a_reckoning_ability_with_a_choice_waits_for_its_controllers_target(game: Duel) -> None:
    # 000 III.A.1.c, II.A.1.b: the active player picks among the Monsters in play
    setup: dict[str, Any] = {
        "seat0": {"deck": ["rusty_sword"], "stash_up": ["puddle_slime"]},
        "seat1": {
            "deck": ["rusty_sword"],
            "hoard": ["t_watchtower"],
            "stash_up": ["grumbling_goblin"],
        },
    }
    s = build(game, setup)
    _play(game, s, "0 done", "1 pass")
    pass_warmup(game, s)
    assert (
        s.pending is not None
        and s.pending[:3] == (1, 0, PENDING_TARGET)
        and game.deciders(s) == {1}
    )
    slime = find(game, s, 0, "puddle_slime")
    assert {int(a.args[0]) for a in game.legal_actions(s, 1)} == {
        slime,
        find(game, s, 1, "grumbling_goblin"),
    }
    game.apply(s, Action(1, "target", (slime,)))
    assert s.window is not None and s.window.kind == "reckoning"
    _play(game, s, "1 pass", "0 pass")
    assert s.damage[slime] == 1 and s.phase == "main"


def test_a_reckoning_ability_with_one_choice_takes_it(game: Duel) -> None:
    # 000 II.A.1.b: the only legal target is used without asking
    setup: dict[str, Any] = {
        "seat0": {"deck": ["rusty_sword"], "stash_up": ["puddle_slime"]},
        "seat1": {"deck": ["rusty_sword"], "hoard": ["t_watchtower"]},
    }
    s = build(game, setup)
    _play(game, s, "0 done", "1 pass")
    pass_warmup(game, s)
    assert not s.pending and s.stack[-1].target == find(game, s, 0, "puddle_slime")


def test_a_survivor_ability_picks_an_enemy_ally(game: Duel) -> None:
    # 000 IV Survivor, II.A.1.b: the attacker picks one of the defender's Allies
    setup: dict[str, Any] = {
        "seat0": {"hand": ["t_grudge_bat"], "hoard": ["village_militia"]},
        "seat1": {"hoard": ["hired_shield", "hedge_witch"]},
    }
    s = build(game, setup)
    _play(game, s, "0 fight @t_grudge_bat 1", "1 face", "1 ready", "0 pass", "1 pass")
    assert s.pending is not None and s.pending[:3] == (0, 0, PENDING_TARGET)
    witch = find(game, s, 1, "hedge_witch")
    options = {int(a.args[0]) for a in game.legal_actions(s, 0)}
    assert options == {find(game, s, 1, "hired_shield"), witch}  # never its own militia
    game.apply(s, Action(0, "target", (witch,)))
    assert s.window is not None and s.window.kind == "fight_end"
    _play(game, s, "0 pass", "1 pass")
    assert s.damage[witch] == 1 and probe(game, s)["stash_up.0"] == ["t_grudge_bat"]


def test_a_canceled_bleeding_is_used_up(duel: Duel) -> None:
    # 000 IV Cancel, IV Bleeding: the canceled damage does not come back next turn
    setup: dict[str, Any] = {
        "purse": [3, 3],
        "seat0": {"hand": ["firecracker"], "deck": ["rusty_sword"] * 2},
        "seat1": {"hand": ["nope"], "deck": ["rusty_sword"] * 2},
    }
    s = build(duel, setup)
    s.bleed[1] = 2
    _play(duel, s, "0 done", "1 pass")
    pass_warmup(duel, s)
    assert s.window is not None and s.window.kind == "reckoning"
    _play(duel, s, "1 play @nope -1 0", "1 pass", "0 pass")
    assert s.bleed[1] == 0 and s.damage[s.heroes[1]] == 0 and s.phase == "main"


@pytest.mark.parametrize("held", [["duck"], ["firecracker"], ["rusty_sword"], []])
@pytest.mark.parametrize("hoard", [["holy_water"], []])
def test_the_warmup_window_opens_whatever_anyone_holds(
    duel: Duel, held: list[str], hoard: list[str]
) -> None:
    # 000 III.A.1.b: after unzapping either player may act, every turn; 000 II.A.9: so whether
    # the game waits says nothing about a hand or the cards in play
    setup: dict[str, Any] = {
        "purse": [3, 3],
        "seat0": {"hand": held, "hoard": hoard, "deck": ["rusty_sword"]},
        "seat1": {"stash_up": ["puddle_slime"], "deck": ["rusty_sword"]},
    }
    s = build(duel, setup)
    _play(duel, s, "0 done", "1 pass")
    assert s.window is not None and s.window.kind == "warmup"
    assert duel.deciders(s) == {0, 1}
    assert Action(0, "pass") in duel.legal_actions(s, 0)
    _play(duel, s, "1 pass", "0 pass")
    assert s.window is None and s.phase == "main"


def test_in_the_warmup_window_anything_may_be_played_while_nothing_resolves(duel: Duel) -> None:
    # 000 III.A.1.b: a Treachery is fine after unzapping; on a waiting ability only interrupts
    setup: dict[str, Any] = {
        "purse": [3, 3],
        "seat0": {"hand": ["firecracker"], "hoard": ["holy_water"], "deck": ["rusty_sword"]},
        "seat1": {"stash_up": ["puddle_slime"], "deck": ["rusty_sword"]},
    }
    s = build(duel, setup)
    _play(duel, s, "0 done", "1 pass")
    kinds = {a.kind for a in duel.legal_actions(s, 0)}
    assert {"play", "activate", "pass"} <= kinds
    _play(duel, s, f"0 activate @holy_water 0 {find(duel, s, 1, 'puddle_slime')}")
    assert {a.kind for a in duel.legal_actions(s, 0)} == {"pass"}  # firecracker waits
