"""Every classic scenario file passes (each file names the 004 rule it checks)."""

from pathlib import Path

import pytest

from engine.scenario import main, run_file

FILES = sorted((Path(__file__).parents[2] / "scenarios" / "classic").glob("*.toml"))


def test_there_are_at_least_sixty_scenarios() -> None:
    assert len(FILES) >= 60


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path: Path) -> None:
    assert run_file(path) == []


def test_runner_reports_failures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'game = "classic"\n[setup]\nseats = 3\nphase = "kick"\n[expect]\nlevels = [2, 1, 1]\n'
    )
    assert main([str(bad)]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_runner_refuses_unknown_game(tmp_path: Path) -> None:
    bad = tmp_path / "x.toml"
    bad.write_text('game = "nope"\n')
    assert run_file(bad) == ["unknown game 'nope'"]
