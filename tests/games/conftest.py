"""The conformance kit runs over every game the bot hosts (``bot.plugins.plugins()``) and the
tiny test game: a new game gets every check here by registering its plugin."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import plugins
from bot.plugins import GamePlugin
from engine import games as registry
from tests.support.tiny_plugin import tiny_plugin

# Collected once: the hosted games (bot/games/__init__.py, imported by tests/conftest.py), then
# the test game, which the tests host themselves for the length of one test.
KIT: tuple[GamePlugin, ...] = (*plugins.plugins(), tiny_plugin())


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "plugin" in metafunc.fixturenames:
        metafunc.parametrize("plugin", KIT, ids=[p.id for p in KIT], indirect=True)


@pytest.fixture
def plugin(request: pytest.FixtureRequest) -> Iterator[GamePlugin]:
    """The game under test, hosted (engine and plugin) for the test's length."""
    chosen: GamePlugin = request.param
    engine_added = chosen.id not in registry.available()
    if engine_added:
        registry.register(chosen.id, lambda _data_dir: chosen.engine())
    hosted = plugins.find(chosen.id)
    plugins.register(chosen)
    try:
        yield chosen
    finally:
        if hosted is None:
            plugins.unregister(chosen.id)
        if engine_added:
            registry.unregister(chosen.id)
