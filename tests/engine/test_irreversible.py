"""Every game's irreversible kinds (``Game.irreversible``, issue 27.2) are moves it declares,
and a concession is always one of them."""

from __future__ import annotations

import pytest

from engine.classic.moves import MOVES as CLASSIC_MOVES
from engine.core import CONCEDE
from engine.duel.moves import MOVES as DUEL_MOVES
from engine.games import load_game
from engine.quest.actions import HANDLERS as QUEST_MOVES

DECLARED = {"classic": set(CLASSIC_MOVES), "duel": set(DUEL_MOVES), "quest": set(QUEST_MOVES)}


@pytest.mark.parametrize("game_id", sorted(DECLARED))
def test_irreversible_kinds_are_declared_moves(game_id: str) -> None:
    # issue 27.2
    game = load_game(game_id)
    assert CONCEDE in game.irreversible
    assert game.irreversible - {CONCEDE} <= DECLARED[game_id]


def test_quest_and_classic_ask_before_a_role_a_level_or_a_life_is_given_up() -> None:
    # issue 27.2
    assert {"die", "drop_role", "heal_level"} <= load_game("quest").irreversible
    assert "drop_role" in load_game("classic").irreversible
