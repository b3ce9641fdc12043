"""The classic card data validates and uses the whole effect vocabulary."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from engine.cards.loader import load_card_file
from engine.classic import Classic
from engine.classic.cards import ROLES, ClassicCard, Kind, Op
from engine.core import CardDataError


def test_starred_starters(game: Classic) -> None:
    # 004: Setup: seven starred Doors and fourteen starred Treasures.
    defs = game.table.defs
    assert sum(1 for d in defs if d.starter and d.is_door) == 7
    assert sum(1 for d in defs if d.starter and not d.is_door) == 14


def test_every_kind_op_and_role_is_used(game: Classic) -> None:
    defs = game.table.defs
    assert {d.kind for d in defs} == set(get_args(Kind))
    used_ops = {e.op for d in defs for e in d.effects + d.bad_stuff}
    assert used_ops == set(get_args(Op))
    assert {d.power for d in defs if d.power} == set(ROLES)


def test_monsters_span_levels(game: Classic) -> None:
    levels = {d.level for d in game.table.defs if d.kind == "monster"}
    assert min(levels) == 1 and max(levels) == 20


def test_bad_card_names_file_card_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "x.toml"
    bad.write_text('[[card]]\nid = "m"\nname = "M"\nkind = "monster"\nlevel = 0\ntreasures = 1\n')
    with pytest.raises(CardDataError) as err:
        load_card_file(bad, ClassicCard)
    assert "'m'" in str(err.value)


def test_unknown_field_refused(tmp_path: Path) -> None:
    bad = tmp_path / "x.toml"
    bad.write_text('[[card]]\nid = "r"\nname = "R"\nkind = "item"\nbonus = 3\n')
    with pytest.raises(CardDataError):
        load_card_file(bad, ClassicCard)


def test_roles_need_a_power(tmp_path: Path) -> None:
    bad = tmp_path / "x.toml"
    bad.write_text('[[card]]\nid = "r"\nname = "R"\nkind = "race"\n')
    with pytest.raises(CardDataError):
        load_card_file(bad, ClassicCard)


def test_unknown_hook_refused() -> None:
    card = ClassicCard(id="odd", name="Odd", kind="curse", hook="no_such_hook")
    with pytest.raises(CardDataError):
        Classic([card])
