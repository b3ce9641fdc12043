"""Whose card a choice target may be (# 000 II.A.1.b targets, # 000 II.A.4 control): the
``whose`` qualifier of an effect, honoured by the legal actions and checked by the loader."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest

from engine.cards.loader import load_card_file
from engine.core import Action
from engine.core.errors import CardDataError
from engine.duel.cards import DuelCard
from engine.duel.game import Duel
from engine.duel.scenario import build, find

TABLE = {
    "purse": [5, 5],
    "seat0": {"hand": ["called_shot"], "hoard": ["village_militia", "skinning_knife"]},
    "seat1": {"hoard": ["hired_shield"]},
}


def _targets(duel: Duel, kind: str, card_id: str, setup: Mapping[str, object]) -> set[str]:
    s = build(duel, setup)
    iid = find(duel, s, 0, card_id)
    at = 1 if kind == "play" else 2
    found = set()
    for a in duel.legal_actions(s, 0):
        if a.kind == kind and a.args[0] == iid:
            found.add(duel.defs[s.card_of[int(a.args[at])]].id)
    return found


def test_enemy_qualifier_offers_only_the_opponents_cards(duel: Duel) -> None:
    # 000 II.A.1.b: "an opponent's Ally" is never one's own Ally
    assert _targets(duel, "play", "called_shot", TABLE) == {"hired_shield"}


def test_own_qualifier_offers_only_ones_own_cards(duel: Duel) -> None:
    # 000 II.A.1.b: "one of your Allies" is never the opponent's (damaged) Ally
    setup = {
        **TABLE,
        "damage": {"village_militia": 1, "hired_shield": 1},  # a heal needs damage (000 IV Heal)
        "seat0": {"hoard": ["village_militia", "skinning_knife"]},
    }
    assert _targets(duel, "activate", "skinning_knife", setup) == {"village_militia"}


def test_no_fitting_target_means_it_cannot_be_played(duel: Duel) -> None:
    # 000 II.A.1.b: with no target available the card may not be played
    setup = {**TABLE, "seat1": {}}
    assert _targets(duel, "play", "called_shot", setup) == set()


def test_a_taken_over_ally_counts_for_its_controller(duel: Duel) -> None:
    # 000 II.A.4: control decides whose card it is, not ownership
    s = build(duel, TABLE)
    shield = find(duel, s, 1, "hired_shield")
    s.hoard[1].remove(shield)
    s.hoard[0].append(shield)
    shot = find(duel, s, 0, "called_shot")
    assert not [a for a in duel.legal_actions(s, 0) if a.kind == "play" and a.args[0] == shot]


def _write(tmp_path: Path, effect: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(
        '[[card]]\nid = "t_bad"\nname = "Bad"\ntype = "mischief"\nsubtype = "treachery"\n'
        f'abilities = [{{ when = "play", effects = [{effect}] }}]\n',
        encoding="utf-8",
    )
    return path


def test_loader_refuses_a_misspelled_qualifier(tmp_path: Path) -> None:
    path = _write(tmp_path, '{ op = "damage", target = "ally", whose = "enmy" }')
    with pytest.raises(CardDataError) as err:
        load_card_file(path, DuelCard)
    message = str(err.value)
    assert "t_bad" in message and "whose" in message
    assert "'enemy'" in message and "'own'" in message  # says what would have been right


def test_loader_refuses_a_qualifier_on_a_fixed_target(tmp_path: Path) -> None:
    path = _write(tmp_path, '{ op = "damage", target = "opponent", whose = "enemy" }')
    with pytest.raises(CardDataError, match="needs a choice target"):
        load_card_file(path, DuelCard)


def test_a_card_needing_a_target_cannot_be_played_without_one(duel: Duel) -> None:
    # 000 II.A.1.c: Pothole deals 2 to an Ally; with no Ally in play it may not be played
    s = build(duel, {"seat0": {"hand": ["pothole"]}})
    pothole = find(duel, s, 0, "pothole")
    assert not [a for a in duel.legal_actions(s, 0) if a.kind == "play" and a.args[0] == pothole]
    s = build(duel, {"seat0": {"hand": ["pothole"]}, "seat1": {"hoard": ["village_militia"]}})
    pothole = find(duel, s, 0, "pothole")
    militia = find(duel, s, 1, "village_militia")
    assert Action(0, "play", (pothole, militia, 0)) in duel.legal_actions(s, 0)
