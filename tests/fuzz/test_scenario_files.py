"""Scenario files: a scenario with one key dropped, misspelled or given a wrong value runs to a
list of worded failures (or still passes); ``run_file`` never raises. A misspelled top-level
or step key never passes silently."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.scenario import run_file
from tests.fuzz.toml_mutations import dumps, mutated

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*/*.toml"))


def passing(path: Path) -> bool:
    return run_file(path) == []


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_mutated_scenario_ends_in_worded_failures_never_an_exception(
    tmp_path: Path, data: st.DataObject
) -> None:
    source = data.draw(st.sampled_from(SCENARIOS), "scenario")
    original: dict[str, Any] = tomllib.loads(source.read_text(encoding="utf-8"))
    kind, key, copy = data.draw(mutated(original), "mutation")
    path = tmp_path / source.name
    path.write_text(dumps(copy), encoding="utf-8")
    failures = run_file(path)
    assert all(isinstance(line, str) and line for line in failures)
    assert not any("Traceback" in line for line in failures)
    top_or_step = key in copy or any(key in s for s in copy.get("step", []) if isinstance(s, dict))
    if kind == "typo" and top_or_step and passing(source):
        assert failures, f"{source.name}: the misspelled key {key!r} passed silently"
