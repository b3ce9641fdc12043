from pathlib import Path

import pytest
from pydantic import Field

from engine.cards import CardBase, card_set_digest, load_card_dir, load_card_file
from engine.core import CardDataError


class Monster(CardBase):
    level: int = Field(ge=1, le=20)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_loads_cards_in_file_order(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "m.toml",
        '[[card]]\nid = "rat"\nname = "Rat"\nlevel = 1\n\n'
        '[[card]]\nid = "ogre"\nname = "Ogre"\nlevel = 8\n',
    )
    cards = load_card_file(path, Monster)
    assert [c.id for c in cards] == ["rat", "ogre"]


def test_error_names_file_card_and_field(tmp_path: Path) -> None:
    path = write(tmp_path, "m.toml", '[[card]]\nid = "rat"\nname = "Rat"\nlevel = 99\n')
    with pytest.raises(CardDataError) as err:
        load_card_file(path, Monster)
    assert (err.value.card, err.value.field) == ("rat", "level")
    assert "m.toml" in str(err.value) and "'rat'" in str(err.value)


def test_typo_in_a_field_name_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, "m.toml", '[[card]]\nid = "rat"\nname = "Rat"\nlevl = 1\n')
    with pytest.raises(CardDataError) as err:
        load_card_file(path, Monster)
    assert err.value.field in {"level", "levl"}


def test_bad_toml_and_unknown_tables(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="not valid TOML"):
        load_card_file(write(tmp_path, "a.toml", "[[card]\n"), Monster)
    with pytest.raises(CardDataError, match="unknown top-level"):
        load_card_file(write(tmp_path, "b.toml", '[[cards]]\nid = "x"\n'), Monster)


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", '[[card]]\nid = "rat"\nname = "Rat"\nlevel = 1\n')
    write(tmp_path, "b.toml", '[[card]]\nid = "rat"\nname = "Big Rat"\nlevel = 2\n')
    with pytest.raises(CardDataError, match="duplicate id"):
        load_card_dir(tmp_path, Monster)


def test_digest_depends_on_content_not_order(tmp_path: Path) -> None:
    a = Monster(id="a", name="A", level=1)
    b = Monster(id="b", name="B", level=2)
    assert card_set_digest([a, b]) == card_set_digest([b, a])
    assert card_set_digest([a]) != card_set_digest([a.model_copy(update={"level": 3})])
