"""``Sight``, one state's legal moves and views worked out once (engine/core/memo.py): over
seeded playouts of every game, each answer from the memo, asked first or again, equals a
fresh computation; two seats' views from the memo differ exactly where fresh ones do (no
hidden card crosses seats through the memo); and a move played through it leaves the state
and the memo's answers as they were, whatever the clone it changed."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Action, Game, IllegalAction, Rng
from engine.core.memo import Sight
from engine.games import load_game

SEATS = {"classic": 4, "duel": 2, "quest": 4}
STEPS = 80


def fresh(game: Game[Any, Any], state: Any, seats: int) -> dict[int | None, Any]:
    return {seat: game.view(state, seat).to_json() for seat in [None, *range(seats)]}


def assert_answers_fresh(sight: Sight[Any, Any], seats: int, where: Any) -> None:
    game, state = sight.game, sight.state
    views = fresh(game, state, seats)
    for _ in range(2):  # worked out, then from memory
        for seat, view in views.items():
            kept = sight.view(seat)
            assert kept.seat == seat, where
            assert kept.to_json() == view, (where, seat)
        for seat in range(seats):
            assert sight.legal(seat) == game.legal_actions(state, seat), (where, seat)
    for a in views:
        for b in views:
            same_kept = sight.view(a).to_json() == sight.view(b).to_json()
            assert same_kept == (views[a] == views[b]), (where, a, b)


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_the_memo_answers_as_a_fresh_computation_over_seeded_playouts(game_id: str) -> None:
    game, seats = load_game(game_id), SEATS[game_id]
    for seed in range(2):
        state = game.new(seats, seed)
        thinkers = [Rng(seed).fork(k) for k in range(seats)]
        for step in range(STEPS):
            if game.outcome(state) is not None or not game.deciders(state):
                break
            sight = Sight(game, state)
            where = (game_id, seed, step)
            assert_answers_fresh(sight, seats, where)
            seat = min(game.deciders(state))
            action = game.ai_action(state, seat, thinkers[seat], "heuristic")
            before = state.to_json()
            after, events = sight.play(action)
            assert state.to_json() == before, where  # played on a clone
            assert after is not state
            # the memo still answers for the state it was made of, not the clone's
            assert_answers_fresh(sight, seats, where)
            expected = state.clone()
            assert events == game.apply(expected, action)
            assert after.to_json() == expected.to_json(), where
            state = after


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_move_the_memo_does_not_list_is_refused_and_changes_nothing(game_id: str) -> None:
    game, seats = load_game(game_id), SEATS[game_id]
    state = game.new(seats, 1)
    sight = Sight(game, state)
    seat = min(game.deciders(state))
    listed = sight.legal(seat)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        sight.play(Action(seat, "no_such_move"))
    idle = next((s for s in range(seats) if s not in game.deciders(state)), None)
    if idle is not None and listed:  # another seat's move is not this seat's to make
        with pytest.raises(IllegalAction):
            sight.play(Action(idle, listed[0].kind, listed[0].args))
    assert state.to_json() == before
    assert sight.legal(seat) == listed == game.legal_actions(state, seat)


def test_a_caller_changing_its_list_does_not_change_the_memo() -> None:
    game = load_game("duel")
    state = game.new(2, 3)
    sight = Sight(game, state)
    seat = min(game.deciders(state))
    sight.legal(seat).clear()
    assert sight.legal(seat) == game.legal_actions(state, seat) != []
