"""Each game declares its moves (``engine/core/moves.py``): whatever ``legal_actions`` lists,
on anyone's turn, is a declared kind with its declared arguments, so renderers and the engine
may read the arguments by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from engine.classic.moves import MOVES as CLASSIC_MOVES
from engine.core import Action, Rng
from engine.core.moves import Move, undeclared
from engine.duel.moves import MOVES as DUEL_MOVES
from engine.games import load_game

TABLES: dict[str, Mapping[str, Move[Any]]] = {"classic": CLASSIC_MOVES, "duel": DUEL_MOVES}


def _playout_actions(game_id: str, seats: int, seed: int) -> list[Action]:
    game = load_game(game_id)
    options = {"decks": ["thief", "warrior"]} if game_id == "duel" else {"single_winner": True}
    state = game.new(seats, seed, options)
    rng = Rng(seed).fork(1)
    seen: list[Action] = []
    for _ in range(1500):
        if game.outcome(state) is not None:
            break
        for seat in range(seats):
            seen += game.legal_actions(state, seat)
        deciders = sorted(game.deciders(state))
        legal = game.legal_actions(state, deciders[rng.below(len(deciders))])
        game.apply(state, legal[rng.below(len(legal))])
    return seen


@pytest.mark.parametrize(("game_id", "seats"), [("classic", 3), ("classic", 5), ("duel", 2)])
@pytest.mark.parametrize("seed", range(4))
def test_legal_actions_are_declared_moves(game_id: str, seats: int, seed: int) -> None:
    actions = _playout_actions(game_id, seats, seed)
    assert actions and undeclared(TABLES[game_id], actions) == []


def test_a_move_reads_its_arguments_by_name() -> None:
    offer = Action(1, "accept", (12, -1, 0, 100))
    move: Move[None] = CLASSIC_MOVES["accept"]
    assert move.arg(offer, "seat") == 0 and move.get(offer, "gold") == 100
    assert move.get(Action(1, "accept"), "card") is None and move.fits(Action(1, "accept"))
    assert DUEL_MOVES["play"].named(Action(0, "play", (7, -1, 1))) == {
        "card": 7,
        "target": -1,
        "blood": 1,
    }
    with pytest.raises(KeyError):
        move.arg(offer, "monster")
