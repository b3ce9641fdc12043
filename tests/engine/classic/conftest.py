from pathlib import Path

import pytest

from engine.classic import Classic, factory
from tests.engine.classic.steps import PLAYOUTS, Step, playout

DATA = Path(__file__).resolve().parents[3] / "data"


@pytest.fixture(scope="session")
def game() -> Classic:
    return factory(DATA)


@pytest.fixture(scope="session")
def playouts(game: Classic) -> list[list[Step]]:
    return [playout(game, seats, seed, 600) for seats, seed in PLAYOUTS]
