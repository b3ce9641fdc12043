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


def test_set_covers_the_rulebook_card_kinds(game: Classic) -> None:
    # 004: Roles, Items, One-Shot Cards, Other Treasures, Monsters, Hordes: the card kinds the
    # rulebook refers to all exist in our own set.
    defs = game.table.defs
    assert len(defs) >= 150
    races = {d.power for d in defs if d.kind == "race"}
    classes = {d.power for d in defs if d.kind == "class"}
    assert races == {"elf", "dwarf", "halfling"}  # the fourth race, Human, has no card
    assert classes == {"warrior", "cleric", "thief", "wizard"}
    items = [d for d in defs if d.kind == "item"]
    assert {d.slot for d in items} == {"none", "head", "armor", "feet", "hands"}
    assert {d.hands for d in items if d.slot == "hands"} == {1, 2}
    assert any(d.big for d in items) and any(d.requires for d in items)
    assert any(d.forbids for d in items)
    monsters = [d for d in defs if d.kind == "monster"]
    assert sum(1 for d in monsters if d.horde == "undead") >= 2
    assert sum(1 for d in monsters if d.horde == "dragon") == 1
    assert any(d.levels == 2 for d in monsters) and any(d.coins for d in monsters)
    assert any(e.role for d in monsters for e in d.effects)  # bonuses against a role
    curse_ops = {e.op for d in defs if d.kind == "curse" for e in d.effects}
    assert {"lose_item", "lose_levels", "next_combat", "next_turn"} <= curse_ops
    enhancer_bonuses = {d.amount_of("bonus") > 0 for d in defs if d.kind == "enhancer"}
    assert enhancer_bonuses == {True, False}  # positive and negative enhancers
    assert any(d.amount_of("set_die") for d in defs if d.kind == "oneshot")
    assert {"levelup", "hireling", "cheat", "super", "wandering"} <= {d.kind for d in defs}


def test_generated_card_list_is_current() -> None:
    # docs/cards/classic.md is generated: python -m engine.classic.carddoc > docs/cards/classic.md
    from engine.classic.carddoc import markdown

    doc = Path(__file__).resolve().parents[3] / "docs" / "cards" / "classic.md"
    assert doc.read_text(encoding="utf-8") == markdown()


def test_format_doc_lists_every_effect_op() -> None:
    # docs/cards/format-classic.md is what a card author reads: every op the loader accepts
    # has a row there.
    from pathlib import Path
    from typing import get_args

    from engine.classic.cards import Op

    doc = (Path(__file__).parents[3] / "docs" / "cards" / "format-classic.md").read_text()
    missing = [op for op in get_args(Op) if f"| `{op}` |" not in doc]
    assert missing == []


def test_card_set_has_what_the_rulebook_refers_to(game: Classic) -> None:
    # 004: Setup (starred starters: 7 Doors, 14 Treasures), Monsters (level, rewards, Bad
    # Stuff, bonuses against roles), Hordes (Undead; one Dragon), Monster Enhancers (plus and
    # minus), Curses, Roles, Items, One-Shot Cards, Other Treasures; 150 game cards.
    defs = game.table.defs
    assert len(defs) >= 150
    monsters = [d for d in defs if d.kind == "monster"]
    assert min(d.level for d in monsters) == 1 and max(d.level for d in monsters) == 20
    for d in monsters:
        assert d.treasures >= 1 and d.coins >= 1 and d.bad_stuff, d.id
    vs_roles = {e.role for d in monsters for e in d.effects if e.op == "bonus" and e.role}
    assert vs_roles & {"elf", "dwarf", "halfling"} and vs_roles & {
        "warrior",
        "wizard",
        "cleric",
        "thief",
    }
    assert sum(d.horde == "undead" for d in monsters) >= 3
    assert [d.horde for d in monsters].count("dragon") == 1
    assert any(e.op == "death" for d in monsters for e in d.bad_stuff)
    enhancers = [d.amount_of("bonus") for d in defs if d.kind == "enhancer"]
    assert min(enhancers) < 0 < max(enhancers)
    curses = [d for d in defs if d.kind == "curse"]
    ops = {e.op for d in curses for e in d.effects}
    assert {
        "lose_levels",
        "lose_item",
        "lose_gold",
        "discard_hand",
        "next_combat",
        "next_turn",
    } <= ops
    slots = {e.slot for d in curses for e in d.effects if e.op == "lose_item"}
    assert {"head", "armor", "feet", "hands", "none"} <= slots
    # Curses: ones that take a race or a class, and one with an alternative for a victim
    # who lacks its target ("read the card").
    taken = {e.role_kind for d in curses for e in d.effects if e.op == "lose_role"}
    assert taken == {"race", "class"}
    assert any(e.otherwise for d in curses for e in d.effects)
    powers: dict[str, set[str]] = {"race": set(), "class": set()}
    for d in defs:
        if d.power is not None:
            powers[d.kind].add(d.power)
    assert powers["race"] == {"elf", "dwarf", "halfling"}  # Human: no card
    assert powers["class"] == {"warrior", "wizard", "thief", "cleric"}
    items = [d for d in defs if d.kind == "item"]
    assert {d.slot for d in items} == {"none", "head", "armor", "feet", "hands"}
    assert {d.hands for d in items if d.slot == "hands"} == {1, 2}
    assert any(d.big for d in items) and any(d.requires for d in items)
    shots = [d for d in defs if d.kind == "oneshot"]
    assert any(d.amount_of("set_die") for d in shots) and any(d.value for d in shots)
    kinds = {d.kind for d in defs}
    assert {"levelup", "hireling", "cheat", "super", "wandering"} <= kinds
    starred = [d for d in defs if d.starter]
    assert sum(d.is_door for d in starred) == 7 and all(
        d.kind in ("race", "class") for d in starred if d.is_door
    )
    assert sum(not d.is_door for d in starred) == 14 and all(
        d.kind == "item" for d in starred if not d.is_door
    )
