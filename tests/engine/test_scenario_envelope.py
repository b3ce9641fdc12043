"""The common scenario envelope (docs/scenarios.md), issue 26 5: an ``expect_events`` entry
with ``not = true`` says an event did not happen (any game), and ``start_refused`` says a start
must be refused; both fail when the game does otherwise, so a file can catch it."""

from __future__ import annotations

import tomllib
from pathlib import Path

from engine.scenario import run

FOLDER = Path(__file__).resolve().parents[1] / "scenarios"


def _load(game: str, name: str) -> dict[str, object]:
    return tomllib.loads((FOLDER / game / f"{name}.toml").read_text(encoding="utf-8"))


def test_an_event_said_not_to_happen_that_did_fails() -> None:
    data = _load("classic", "trade_declined_no_swap")
    assert run(data) == []
    data["step"][2]["expect_events"] = {"spectator": [{"kind": "trade_decline", "not": True}]}  # type: ignore[index]
    assert run(data) == [
        "step 3 (decline): events for spectator: {'kind': 'trade_decline'} happened, expected not"
    ]


def test_a_quest_draw_said_not_to_happen_that_did_fails() -> None:
    data = _load("quest", "base_chosen_colour_draws_nothing")
    assert run(data) == []
    data["step"][1]["expect_events"] = {"spectator": [{"kind": "draw", "seat": 1, "not": True}]}  # type: ignore[index]
    assert run(data)


def test_a_start_said_refused_that_is_not_fails_and_the_reverse() -> None:
    refused = _load("quest", "setup_refuses_five_players")
    assert run(refused) == []
    refused["setup"] = {"deal": True, "seats": 3}
    assert run(refused) == ["the start was accepted, expected a refusal (bad_arguments)"]
    del refused["start_refused"]
    refused["setup"] = {"deal": True, "seats": 5}
    assert run(refused) == ["the start was refused (bad_arguments)"]
