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


def _shuffled(game_id: str, game: Any, state: Any, seat: int, seed: int) -> Any:
    """``state`` with everything ``seat`` cannot see dealt afresh (other hands, deck order,
    face-down cards, the dice): what a seat would see is unchanged."""
    if game_id == "classic":
        from engine.classic.determinize import determinize

        return determinize(game.table, state, seat, Rng(seed))
    from engine.duel.determinize import determinize as duel_determinize

    return duel_determinize(state, seat, Rng(seed))


@pytest.mark.parametrize(("game_id", "seats", "pos"), _cases())
def test_the_ai_reads_nothing_its_seat_cannot_see(
    game_id: str, seats: int, pos: dict[str, Any]
) -> None:
    """Other seats' hidden cards and the deck order swapped: the same legal actions and the
    same ``normal`` AI choice (its entry points decide from the seat's world only)."""
    game = load_game(game_id)
    state = game.load_state(pos["state"])
    for seat in range(seats):
        for seed in (1, 2):
            other = _shuffled(game_id, game, state, seat, seed)
            assert game.view(other, seat) == game.view(state, seat)
            assert game.legal_actions(other, seat) == game.legal_actions(state, seat)
            if str(seat) in pos["ai"]:
                chosen = game.ai_action(other.clone(), seat, Rng(AI_SEED))
                assert chosen.key == pos["ai"][str(seat)]
            if str(seat) in pos["ai_free"]:
                free = game.ai_free_action(other.clone(), seat, Rng(AI_SEED))
                assert (free.key if free is not None else None) == pos["ai_free"][str(seat)]
