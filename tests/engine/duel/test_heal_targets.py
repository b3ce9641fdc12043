"""# 000 IV Heal: "A card with no damage tokens may not be healed": a heal aimed at a chosen
card picks only among damaged ones, and one whose every target is whole is not offered
(issue 26 3), for a Monster as for an Ally (tests/scenarios/duel/heal_ally_*.toml) and a Hero
(heal_needs_damage.toml). No card of the pool heals a Monster, so a test card does."""

from __future__ import annotations

import pytest

from engine.core import Action
from engine.duel.game import Duel
from engine.duel.scenario import build, find

from .rules_cards import with_test_cards


@pytest.fixture(scope="module")
def game(duel: Duel) -> Duel:
    return with_test_cards(duel)


def _salves(game: Duel, damage: dict[str, int]) -> tuple[list[Action], int, int]:
    setup = {
        "purse": [3, 3],
        "damage": damage,
        "seat0": {"hand": ["t_monster_salve"]},
        "seat1": {"stash_up": ["ankle_biter", "puddle_slime"]},
    }
    s = build(game, setup)
    salve = find(game, s, 0, "t_monster_salve")
    plays = [a for a in game.legal_actions(s, 0) if a.kind == "play" and int(a.args[0]) == salve]
    return plays, find(game, s, 1, "ankle_biter"), find(game, s, 1, "puddle_slime")


def test_a_monster_heal_targets_only_the_damaged_monster(game: Duel) -> None:
    # 000 IV Heal
    plays, biter, slime = _salves(game, {"ankle_biter": 1})
    assert {int(a.args[1]) for a in plays} == {biter}
    assert slime != biter


def test_a_monster_heal_with_every_monster_whole_is_not_offered(game: Duel) -> None:
    # 000 IV Heal, II.A.1.b: no legal target, so the card cannot be played
    plays, _, _ = _salves(game, {})
    assert plays == []
