"""Which games ``/match new`` offers: an engine is hosted only once its bot side exists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import plugins
from bot.client import offered_games
from bot.games import BUILT_IN
from engine import games as registry
from tests.support import tinygame
from tests.support.tiny_plugin import tiny_plugin


@pytest.fixture
def tiny_engine_only() -> Iterator[str]:
    registry.register("tiny", tinygame.factory)  # the test-only engine, no renderer yet
    yield "tiny"
    registry.unregister("tiny")


def test_the_built_in_games_are_offered() -> None:
    assert {p.id for p in BUILT_IN} <= set(offered_games())
    assert {"classic", "duel", "quest"} <= set(offered_games())


def test_every_offered_game_is_a_registered_plugin() -> None:
    assert set(offered_games()) == {p.id for p in plugins.plugins()}


def test_an_engine_without_a_bot_side_is_not_offered(tiny_engine_only: str) -> None:
    # An engine registered before its screens exist (as quest's was) is never met raw.
    assert tiny_engine_only in registry.available()
    assert tiny_engine_only not in offered_games()


def test_registering_its_plugin_makes_a_game_offered(tiny_engine_only: str) -> None:
    with plugins.registered(tiny_plugin()):
        assert tiny_engine_only in offered_games()
    assert tiny_engine_only not in offered_games()
