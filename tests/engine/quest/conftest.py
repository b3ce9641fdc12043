"""Shared fixtures: the real quest game loaded from data/quest."""

from __future__ import annotations

import pytest

from engine.games import load_game
from engine.quest.game import Quest


@pytest.fixture(scope="session")
def quest() -> Quest:
    game = load_game("quest")
    assert isinstance(game, Quest)
    return game
