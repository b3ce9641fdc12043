"""Snapshots saved by an older engine (commit 03fc9a1, before named records and typed views)
still load, save back to the same JSON, and get the same answers: every seat's view, every
seat's legal actions and the ``normal`` AI's choice. A match stored in the database before a
refactor must restore after it, and a refactor must not change what anyone sees or does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Rng
from engine.games import load_game
from tests.engine.snapshots.generate import AI_SEED

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*_03fc9a1.json"))


def _cases() -> list[Any]:
    out = []
    for path in FILES:
        data = json.loads(path.read_text())
        for pos in data["positions"]:
            out.append(
                pytest.param(
                    data["game"], data["seats"], pos, id=f"{data['game']}-{pos['signature']}"
                )
            )
    return out


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_both_games_have_frozen_snapshots() -> None:
    assert {p.name.split("_")[0] for p in FILES} == {"classic", "duel"}


@pytest.mark.parametrize(("game_id", "seats", "pos"), _cases())
def test_an_old_snapshot_loads_and_answers_as_before(
    game_id: str, seats: int, pos: dict[str, Any]
) -> None:
    game = load_game(game_id)
    state = game.load_state(pos["state"])
    assert _plain(state.to_json()) == pos["state"]
    for seat, view in pos["views"].items():
        typed = game.view(state, None if seat == "None" else int(seat))
        assert _plain(typed.to_json()) == view
        assert type(typed).from_json(view) == typed  # the export shape reads back
    for seat, keys in pos["legal"].items():
        assert [a.key for a in game.legal_actions(state, int(seat))] == keys
    for seat, key in pos["ai"].items():
        assert game.ai_action(state.clone(), int(seat), Rng(AI_SEED)).key == key
    for seat, key in pos["ai_free"].items():
        chosen = game.ai_free_action(state.clone(), int(seat), Rng(AI_SEED))
        assert (chosen.key if chosen is not None else None) == key
    assert _plain(state.to_json()) == pos["state"]  # answering changed nothing
