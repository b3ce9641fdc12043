"""Every game's irreversible kinds (``Game.irreversible``, issue 27.2) are moves it declares,
and a concession is always one of them."""

from __future__ import annotations

import pytest

from engine.core import CONCEDE
from engine.games import available, load_game


@pytest.mark.parametrize("game_id", available())
def test_irreversible_kinds_are_declared_moves(game_id: str) -> None:
    # issue 27.2
    game = load_game(game_id)
    assert CONCEDE in game.irreversible
    assert game.irreversible - {CONCEDE} <= set(game.moves)


def test_quest_and_classic_ask_before_a_role_a_level_or_a_life_is_given_up() -> None:
    # issue 27.2
    assert {"die", "drop_role", "heal_level"} <= load_game("quest").irreversible
    assert "drop_role" in load_game("classic").irreversible


def test_duel_asks_before_one_of_your_cards_in_play_is_squished() -> None:
    # issue 27.2; 000 III.A.2.b, III.A.2.d: a squished card goes to the discard for good
    assert "squish" in load_game("duel").irreversible
