"""``python -m engine.simulate --game duel --decks a,b`` (issue 4, CLIs)."""

from __future__ import annotations

import json

import pytest

from engine.simulate import main, run


def _json_of(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    assert main(argv) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_decks_option_keeps_the_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--game", "duel", "--games", "3", "--seed", "2", "--ai", "heuristic,random"]
    plain = _json_of(capsys, [*base, "--json"])
    picked = _json_of(capsys, [*base, "--decks", "cleric,bard", "--json"])
    assert picked.keys() == plain.keys()
    assert picked["errors"] == 0 and picked["completed"] == 3


def test_decks_reach_the_game_per_seat() -> None:
    summary = run("duel", 2, 2, 5, ["random", "random"], check=True, decks=["wizard", "ranger"])
    assert summary.errors == 0 and summary.invariant_violations == 0


@pytest.mark.parametrize("decks", ["warrior", "warrior,nobody", "a,b,c"])
def test_bad_decks_are_a_usage_error(decks: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--game", "duel", "--games", "1", "--ai", "random,random", "--decks", decks])
    assert exited.value.code == 2
