"""docs/rules/duel.md stays true: every test and scenario it names exists, every glossary
keyword and every section of 000 has a row, nothing is missing and partial rows say why."""

from __future__ import annotations

import re
from pathlib import Path

from engine.duel.cards import KEYWORDS

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules" / "duel.md").read_text(encoding="utf-8")
ROWS = [line.split("|") for line in DOC.splitlines() if line.startswith("| ") and "---" not in line]


def _known_tests() -> set[str]:
    names = {p.stem for p in (ROOT / "tests" / "scenarios" / "duel").glob("*.toml")}
    for path in (ROOT / "tests" / "engine" / "duel").glob("*.py"):
        names.add(path.name)
        names |= set(re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")))
    return names


def test_every_named_test_exists() -> None:
    known = _known_tests()
    named = {
        n.split("::")[-1] for row in ROWS if len(row) > 4 for n in re.findall(r"`([^`]+)`", row[3])
    }
    assert len(named) > 80
    assert not {n for n in named if " " not in n} - known


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def test_every_glossary_keyword_and_section_has_a_row() -> None:
    firsts = [row[1].strip() for row in ROWS]
    for keyword in KEYWORDS:
        assert any(_letters(f).startswith(_letters(keyword)) for f in firsts), keyword
    sections = ("I.A", "I.B.2.a", "I.E.5.c", "II.A.4", "II.A.13", "II.B.9", "III.A.3.c", "III.B.4")
    for section in sections:
        assert any(f.startswith(section) for f in firsts), section


def test_no_row_is_missing_and_partial_rows_state_their_limits() -> None:
    statuses = [row[4].strip() for row in ROWS if len(row) > 5]
    assert statuses and not [s for s in statuses if s.startswith("missing")]
    partial = [s for s in statuses if s.startswith("partial")]
    assert all(s.startswith("partial: ") and len(s) > 60 for s in partial)
    assert len(partial) <= 1


def test_every_scenario_file_is_cited() -> None:
    # each scenario proves some rule, so some row of the table names it
    cited = {n for row in ROWS if len(row) > 4 for n in re.findall(r"`([^`]+)`", row[3])}
    files = {p.stem for p in (ROOT / "tests" / "scenarios" / "duel").glob("*.toml")}
    assert files and not files - cited
