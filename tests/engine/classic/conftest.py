from pathlib import Path

import pytest

from engine.classic import Classic, factory

DATA = Path(__file__).resolve().parents[3] / "data"


@pytest.fixture(scope="session")
def game() -> Classic:
    return factory(DATA)
