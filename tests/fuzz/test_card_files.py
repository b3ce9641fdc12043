"""Card files: a card file with one field dropped, misspelled or given a wrong value either
still loads or fails with ``CardDataError`` naming the file (and, for a misspelled field, that
field); never any other exception. The same holds for a whole game built from such a folder."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards.loader import load_card_file
from engine.classic import factory as classic_factory
from engine.classic.cards import ClassicCard
from engine.core.errors import CardDataError
from engine.duel.cards import DuelCard
from engine.duel.game import Duel
from tests.fuzz.toml_mutations import dumps, mutated

DATA = Path(__file__).resolve().parents[2] / "data"
CARD_FILES: list[tuple[Path, type[Any]]] = [
    *((p, ClassicCard) for p in sorted((DATA / "classic").glob("*.toml"))),
    *((p, DuelCard) for p in sorted((DATA / "duel").glob("*.toml"))),
]
FAST = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def parsed(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@FAST
@given(data=st.data())
def test_a_mutated_card_file_loads_or_names_the_file_and_field(
    tmp_path: Path, data: st.DataObject
) -> None:
    source, model = data.draw(st.sampled_from(CARD_FILES), "file")
    kind, key, copy = data.draw(mutated(parsed(source)), "mutation")
    path = tmp_path / source.name
    path.write_text(dumps(copy), encoding="utf-8")
    try:
        load_card_file(path, model)
    except CardDataError as exc:
        assert path.as_posix() in str(exc) and exc.problem
        if kind == "typo":
            assert str(key) in str(exc), str(exc)
    else:
        assert kind != "typo", f"a misspelled field {key!r} was accepted silently"


def test_a_misspelled_field_is_named_with_its_card(tmp_path: Path) -> None:
    source = DATA / "duel" / "monsters.toml"
    original = parsed(source)
    first = original["card"][0]
    first["pwoer"] = first.pop("power")
    path = tmp_path / source.name
    path.write_text(dumps(original), encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        load_card_file(path, DuelCard)
    assert caught.value.card == first["id"]
    assert caught.value.field == "pwoer"


GAMES: dict[str, Callable[[Path], object]] = {
    "classic": lambda root: classic_factory(root),
    "duel": lambda root: Duel.from_dir(root),
}


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_game_built_from_a_mutated_folder_loads_or_raises_card_data_error(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    game = data.draw(st.sampled_from(sorted(GAMES)), "game")
    root = tmp_path_factory.mktemp("data")
    shutil.copytree(DATA / game, root / game)
    files = sorted((root / game).glob("*.toml"))
    target = data.draw(st.sampled_from(files), "file")
    _, _, copy = data.draw(mutated(parsed(target)), "mutation")
    target.write_text(dumps(copy), encoding="utf-8")
    try:
        GAMES[game](root if game == "classic" else root / game)
    except CardDataError as exc:
        assert exc.problem
