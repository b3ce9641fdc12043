"""The arena's figures (issue 17): the JSON a run prints, and the summary a long run keeps
rewriting so that stopping it early still leaves the games played so far."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import arena
from engine.arena_journal import GameResult, Setup


def test_a_duel_run_reports_its_figures_and_keeps_them_on_disk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "arena.json"
    args = ["--game", "duel", "--seat", "strong", "--field", "normal", "--games", "2"]
    code = arena.main([*args, "--budget-ms", "0", "--iterations", "2", "--json", "--out", str(out)])
    printed = json.loads(capsys.readouterr().out)
    assert code == 0
    assert printed == json.loads(out.read_text())
    assert printed["games"] == 2 and 0 <= printed["wins"] <= 2
    low, high = printed["ci95"]
    assert 0 <= low <= printed["win_rate"] <= high <= 1
    assert set(printed["ms_per_decision"]) == {"mean", "p99"}
    assert sum(p["games"] for p in printed["by_precon"].values()) == 2
    assert not list(tmp_path.glob("*.part"))


def test_the_summary_so_far_counts_only_the_games_played() -> None:
    setup = Setup("duel", 2, "strong", "normal", 1, 0.0, 2, ("bard", "cleric"))
    done = [GameResult(0, True, False, "bard", [10.0, 30.0])]
    summary = arena.summarise(setup, done)
    assert (summary["games"], summary["wins"], summary["decisions"]) == (1, 1, 2)
    assert summary["by_precon"]["cleric"]["games"] == 0


def test_a_journalled_run_stopped_early_carries_on_without_replaying_its_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = tmp_path / "duel.jsonl"
    args = ["--game", "duel", "--seat", "strong", "--field", "normal", "--budget-ms", "0"]
    args += ["--iterations", "2", "--json", "--journal", str(journal)]
    assert arena.main([*args, "--games", "2"]) == 0
    first = journal.read_text().splitlines()
    assert len(first) == 2
    played: list[int] = []
    real = arena.play_game

    def counted(setup: Setup, index: int) -> GameResult:
        played.append(index)
        return real(setup, index)

    monkeypatch.setattr(arena, "play_game", counted)
    with journal.open("a") as half_written:  # a run killed in the middle of a line
        half_written.write('{"setup": {"ga')
    assert arena.main([*args, "--games", "3"]) == 0
    assert played == [2]
    whole = [json.loads(line) for line in journal.read_text().splitlines()[:2]]
    assert [line["game"]["index"] for line in whole] == [0, 1]
    assert (
        arena.summarise(
            Setup("duel", 2, "strong", "normal", 1, 0.0, 2, ()),
            [GameResult(**line["game"]) for line in whole],
        )["games"]
        == 2
    )


def test_a_journal_of_another_setup_is_refused_not_mixed_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "duel.jsonl"
    args = ["--game", "duel", "--seat", "strong", "--field", "normal", "--games", "1"]
    args += ["--iterations", "2", "--json", "--journal", str(journal)]
    assert arena.main([*args, "--budget-ms", "0"]) == 0
    before = journal.read_text()
    with pytest.raises(SystemExit):
        arena.main([*args, "--budget-ms", "0", "--seed", "2"])
    assert "another setup" in capsys.readouterr().err
    assert journal.read_text() == before
