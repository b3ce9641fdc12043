"""Shared fixtures: the real duel game loaded from data/duel."""

from __future__ import annotations

import pytest

from engine.duel.game import Duel
from engine.games import load_game


@pytest.fixture(scope="session")
def duel() -> Duel:
    game = load_game("duel")
    assert isinstance(game, Duel)
    return game
