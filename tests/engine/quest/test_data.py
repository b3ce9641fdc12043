"""The original dungeon matches the sizes and counts of SPEC 3.14; the loader refuses typos
with the file, the entry and the field."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine.core.errors import CardDataError
from engine.quest.carddoc import markdown
from engine.quest.content import LINK_NAMES, load_content
from engine.quest.game import Quest

ROOT = Path(__file__).resolve().parents[3]


def test_sizes(quest: Quest) -> None:
    c = quest.content
    # SPEC 3.14: the Entrance + 24 double-sided tiles; 73 links (001 F35); 45/62/64 cards
    assert len(c.rooms) == 49 and len(c.faces) == 24
    assert len(c.link_pool) == 73
    assert Counter(LINK_NAMES[k] for k in c.link_pool) == {
        "door": 28,
        "locked": 15,
        "hidden": 15,
        "wall": 15,
    }
    assert Counter(c.deck_of) == {"M": 45, "T": 62, "D": 64}


def test_search_icons_and_role_icons(quest: Quest) -> None:
    # SPEC 3.14.2 check line: +2 x4, +1 x8, -1 x8, -2 x4, cannot x4 (plus the Entrance)
    faces = quest.content.rooms[1:]
    search = Counter(str(r.search) for r in faces)
    assert search == {"2": 4, "1": 8, "-1": 8, "-2": 4, "none": 4, "0": 20}
    for role in ("warrior", "wizard", "cleric", "thief", "elf", "dwarf", "halfling"):
        assert sum(role in r.green for r in faces) == 3, role
        assert sum(role in r.red for r in faces) == 3, role
    assert sum("everyone" in r.green for r in faces) == 2
    assert sum("everyone" in r.red for r in faces) == 2
    assert sum(bool(r.deals) for r in faces) == 13


def test_monster_counts(quest: Quest) -> None:
    ms = quest.content.monsters
    assert Counter(m.size for m in ms) == {"tiny": 7, "small": 8, "human": 20, "huge": 10}
    assert Counter(m.move for m in ms) == {
        "normal": 24,
        "fast": 8,
        "slow": 7,
        "lurking": 3,
        "contrary": 3,
    }
    assert sum(m.fearsome for m in ms) == 10
    assert sum("undead" in m.keywords for m in ms) == 8


def test_a_typo_is_refused_with_file_entry_and_field(tmp_path: Path) -> None:
    folder = tmp_path / "quest"
    shutil.copytree(ROOT / "data" / "quest", folder)
    path = folder / "monsters.toml"
    path.write_text(path.read_text().replace("treasures = 1", "tresures = 1", 1))
    with pytest.raises(CardDataError) as err:
        load_content(folder)
    assert "monsters.toml" in str(err.value)
    assert "moss_blob" in str(err.value) and "tresures" in str(err.value)


def test_an_unknown_pattern_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "quest"
    shutil.copytree(ROOT / "data" / "quest", folder)
    path = folder / "rooms.toml"
    path.write_text(path.read_text().replace('arrows = "P1"', 'arrows = "P9"', 1))
    with pytest.raises(CardDataError, match="unknown pattern"):
        load_content(folder)


def test_card_doc_is_current(quest: Quest) -> None:
    # docs/cards/quest.md is generated: python -m engine.quest.carddoc > docs/cards/quest.md
    assert (ROOT / "docs" / "cards" / "quest.md").read_text(encoding="utf-8") == markdown(quest)


def test_card_fields_follow_the_seed(quest: Quest) -> None:
    # 001 F35 (R8): a Treasure has a bonus, an icon, Hands, a gold value, Big on some;
    # 001 F7 (R9): a DxM card is a monster bonus, a race or class, a curse, a level...
    c = quest.content
    assert all(t.value >= 0 and t.value % 100 == 0 for t in c.treasures)
    assert any(t.big for t in c.treasures) and not all(t.big for t in c.treasures)
    kinds = {d.kind for d in c.dxm}
    assert {"race", "class", "curse", "levelup", "enhancer"} <= kinds


GLOSSARY = {
    # 001 F21 F24 F27 F28 F31 F14 F49 F54 F55 (R163): the monster types of the glossary
    "beast",
    "bug",
    "construct",
    "demon",
    "dragon",
    "giant",
    "goo",
    "horror",
    "human",
    "plant",
    "slimy",
    "tentacled",
    "trollkin",
    "undead",
    "vermin",
    "fiery",
    "flying",
}


def test_monster_keywords_come_from_the_glossary(quest: Quest) -> None:
    # R163: every keyword on our monsters is one the glossary defines
    used = {k for m in quest.content.monsters for k in m.keywords}
    assert used <= GLOSSARY, used - GLOSSARY
