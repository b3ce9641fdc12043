"""``python -m engine.simulate --game quest`` (issue 16, CLIs): the same JSON keys as the other
games, the quicker game through ``--option move=2``, no errors or invariant violations."""

from __future__ import annotations

import json

import pytest

from engine.simulate import main


def _json_of(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    assert main(argv) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_quest_keeps_the_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    classic = _json_of(capsys, ["--game", "classic", "--games", "1", "--ai", "random", "--json"])
    base = ["--game", "quest", "--games", "3", "--seed", "4", "--check", "--json"]
    plain = _json_of(capsys, [*base, "--ai", "heuristic,random,random"])
    quick = _json_of(capsys, [*base, "--ai", "heuristic,random", "--option", "move=2"])
    assert plain.keys() == classic.keys() == quick.keys()
    for out in (plain, quick):
        assert out["errors"] == 0 and out["invariant_violations"] == 0


def test_a_bad_option_is_an_error_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    out = json.loads(
        (
            main(["--game", "quest", "--games", "1", "--option", "move=7", "--json"]),
            capsys.readouterr().out,
        )[1]
    )
    assert out["errors"] == 1 and "bad_arguments" in str(out["first_error"])
