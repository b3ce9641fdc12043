"""Every quest scenario file passes (tests/scenarios/quest; format in engine/quest/scenario.py);
a wrong expectation fails, so the files can catch a broken rule."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.scenario import run, run_file

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "quest"
FILES = sorted(FOLDER.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    assert run_file(path) == []


def test_a_wrong_expectation_fails() -> None:
    # 001 F42 (R79): the Contrary example, with the path it would take if it were not Contrary
    data = tomllib.loads((FOLDER / "example_contrary.toml").read_text(encoding="utf-8"))
    data["step"][0]["expect"]["monster_paths"] = {"toadstool": [[1, 1], [0, 1]]}
    assert run(data)


def test_enough_scenarios() -> None:
    assert len(FILES) >= 120
