"""Every scenario file in tests/scenarios/duel passes (each names the rule it checks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.duel.game import Duel
from engine.duel.scenario import run, run_file

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "duel"
FILES = sorted(FOLDER.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario(duel: Duel, path: Path) -> None:
    assert run_file(duel, path) == []


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 60  # issue 4: at least 60 duel scenarios


def test_a_wrong_expectation_is_reported(duel: Duel) -> None:
    spec = {"setup": {"purse": [3, 3]}, "step": [{"expect": {"purse.0": 4}}]}
    assert run(duel, spec) == ["step 1: purse.0 is 3, expected 4"]
