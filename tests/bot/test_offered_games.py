"""Which games ``/match new`` offers: an engine is hosted only once its bot side exists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.client import offered_games
from bot.render import has_renderer, register_renderer, unregister_renderer
from engine import games as registry
from tests.support import tinygame
from tests.support.tiny_render import TinyRenderer


@pytest.fixture
def tiny_engine_only() -> Iterator[str]:
    registry.register("tiny", tinygame.factory)  # the test-only engine, no renderer yet
    yield "tiny"
    registry.unregister("tiny")


def test_classic_and_duel_are_offered() -> None:
    assert {"classic", "duel"} <= set(offered_games())


def test_every_offered_game_has_its_own_renderer() -> None:
    assert all(has_renderer(g) for g in offered_games())


def test_an_engine_without_a_bot_side_is_not_offered(tiny_engine_only: str) -> None:
    # The quest engine is registered before its screens exist; people must not meet it raw.
    assert tiny_engine_only in registry.available()
    assert tiny_engine_only not in offered_games()
    assert "quest" in registry.available()
    assert "quest" not in offered_games()


def test_registering_its_renderer_makes_a_game_offered(tiny_engine_only: str) -> None:
    register_renderer(tiny_engine_only, TinyRenderer())
    try:
        assert tiny_engine_only in offered_games()
    finally:
        unregister_renderer(tiny_engine_only)
