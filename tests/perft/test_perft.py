"""Move-count files (python-chess's perft, for our games): every ``tests/perft/<game>/*.toml``
sets up a position through the scenario envelope (``docs/scenarios.md``: ``game``, ``options``,
``[setup]``, optional ``[[step]]``s to get there) and pins the exact number of legal actions of
each seat the game waits on or lets act, and for some files the number of action sequences to
depth 2 and 3. They fix legality against accidental change and let a future engine be compared.

``python -m tests.perft.test_perft [--depth N] FILE...`` prints the counts a file's position
has now (for writing a new file; a count is only written down after checking it by hand or
by a test).
"""

from __future__ import annotations

import sys
import tomllib
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.core import Action, Game
from engine.games import load_game
from engine.scenario import Runner, rules_for, unknown_keys

FOLDER = Path(__file__).resolve().parent
FILES = sorted(FOLDER.glob("*/*.toml"))
PERFT_KEYS = frozenset({"legal", "kinds", "depth2", "depth3"})


def position(data: Mapping[str, Any]) -> tuple[Game[Any, Any], Any]:
    """The game and the state a file's setup and steps reach; ``ValueError`` (naming the
    step) when the file does not get there."""
    game_id = str(data.get("game", ""))
    game, rules = load_game(game_id), rules_for(game_id)
    bad = unknown_keys(rules, {k: v for k, v in data.items() if k != "perft"})
    if bad:
        raise ValueError("; ".join(bad))
    state = rules.build(game, data)
    runner = Runner(game, rules)
    for number, step in enumerate(data.get("step", []), 1):
        failures = runner.step(state, step)
        if failures:
            raise ValueError(f"step {number}: " + "; ".join(failures))
    return game, state


def actors(game: Game[Any, Any], state: Any) -> list[int]:
    """Seats that may act now: the deciders and the free actors."""
    return sorted(game.deciders(state) | game.free_actors(state))


def moves(game: Game[Any, Any], state: Any) -> list[Action]:
    """Every action any seat may take now (conceding is never counted)."""
    return [a for seat in actors(game, state) for a in game.legal_actions(state, seat)]


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    """The number of action sequences of exactly ``depth`` actions (any acting seat at each
    step); a finished match has none."""
    if depth == 0:
        return 1
    total = 0
    for action in moves(game, state):
        child = state.clone()
        game.apply(child, action)
        total += perft(game, child, depth - 1) if depth > 1 else 1
    return total


def counts(game: Game[Any, Any], state: Any) -> dict[str, Any]:
    """What a file's ``[perft]`` table may pin for a position."""
    return {
        "legal": {str(seat): len(game.legal_actions(state, seat)) for seat in actors(game, state)},
        "kinds": {
            str(seat): dict(Counter(a.kind for a in game.legal_actions(state, seat)))
            for seat in actors(game, state)
        },
    }


def load(path: Path) -> tuple[Game[Any, Any], Any, dict[str, Any]]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    table = data.get("perft")
    if not isinstance(table, dict) or "legal" not in table:
        raise ValueError(f"{path.name}: a [perft] table with `legal` is required")
    unknown = set(table) - PERFT_KEYS
    if unknown:
        raise ValueError(f"{path.name}: unknown perft key {sorted(unknown)[0]!r}")
    game, state = position(data)
    return game, state, table


@pytest.mark.parametrize("game_id", ["classic", "duel", "quest"])
def test_there_are_forty_positions(game_id: str) -> None:
    assert len(list((FOLDER / game_id).glob("*.toml"))) >= 40  # issue 14


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_legal_action_counts(path: Path) -> None:
    game, state, table = load(path)
    found = counts(game, state)
    assert found["legal"] == {str(k): v for k, v in table["legal"].items()}
    if "kinds" in table:
        assert found["kinds"] == table["kinds"]


DEEP = [p for p in FILES if {"depth2", "depth3"} & set(tomllib.loads(p.read_text())["perft"])]


@pytest.mark.parametrize("path", DEEP, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_sequence_counts(path: Path) -> None:
    game, state, table = load(path)
    for depth in (2, 3):
        if f"depth{depth}" in table:
            assert perft(game, state, depth) == table[f"depth{depth}"], f"depth {depth}"


def test_a_file_that_does_not_reach_its_position_fails(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "classic"\n[setup]\nphase = "kick"\n[[step]]\ndo = "1 kick"\n')
    bad.write_text(bad.read_text() + "[perft]\nlegal = {}\n")
    with pytest.raises(ValueError, match="step 1"):
        load(bad)


def main(argv: list[str]) -> int:
    """``[--depth N] FILE...``: the counts of each file's position now."""
    depth = 1
    if argv[:1] == ["--depth"]:
        depth, argv = int(argv[1]), argv[2:]
    for name in argv:
        data = tomllib.loads(Path(name).read_text(encoding="utf-8"))
        game, state = position(data)
        found = counts(game, state)
        print(Path(name).as_posix(), found["legal"], found["kinds"])
        for d in range(2, depth + 1):
            print(f"  depth{d} = {perft(game, state, d)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
