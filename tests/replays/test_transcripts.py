"""Golden transcripts of seeded matches (``tests/replays/*.txt``): the stored record beside
the words people read. A diff here is a change in what players would see or what the AI
would play; regenerate with ``pytest tests/replays --update-transcripts`` and read it."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tests.replays.transcript import Case, transcript

HERE = Path(__file__).parent

CASES = [
    Case("classic", 3, 3, max_actions=250),
    Case("classic", 4, 1, max_actions=250),
    Case("classic", 6, 11, {"single_winner": True}, max_actions=250),
    Case("duel", 2, 2, {"decks": ["warrior", "thief"]}),
    Case("duel", 2, 5, {"decks": ["cleric", "wizard"]}),
    Case("duel", 2, 8, {"decks": ["bard", "bard"]}),
    Case("quest", 2, 4, max_actions=300),
    Case("quest", 3, 7, {"quick": True}, max_actions=300),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_transcript_is_unchanged(case: Case, request: pytest.FixtureRequest) -> None:
    path = HERE / f"{case.name}.txt"
    now = transcript(case)
    if request.config.getoption("--update-transcripts"):
        path.write_text(now, encoding="utf-8")
        return
    assert path.exists(), f"no golden file {path.name}: run pytest {HERE} --update-transcripts"
    before = path.read_text(encoding="utf-8")
    if now != before:
        diff = difflib.unified_diff(
            before.splitlines(), now.splitlines(), "golden", "now", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:80])
        pytest.fail(f"{path.name} changed (--update-transcripts if intended):\n{shown}")


def test_every_golden_file_has_a_case() -> None:
    names = {c.name for c in CASES}
    assert {p.stem for p in HERE.glob("*.txt")} <= names
