"""The tiny test game's plugin: registered by the tests (``bot.plugins.registered``), never by
the bot, so people are never offered it."""

from __future__ import annotations

from typing import Any

from bot.plugins import GamePlugin
from engine.core import Game
from tests.support.tiny_render import TinyRenderer
from tests.support.tinygame import TwentyOne

TITLE = "Twenty-One (test game)"


def tiny_plugin(engine: type[Game[Any, Any]] = TwentyOne) -> GamePlugin:
    """The plugin for the tiny game (or a variant of it, such as the e2e window game)."""
    return GamePlugin(engine=engine, title=TITLE, renderer=TinyRenderer())
