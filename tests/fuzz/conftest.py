"""Fuzzing through the real bot reuses the end-to-end fixtures (SimCord, a real SQLite file,
the tiny test game)."""

from tests.e2e.conftest import settings, simcord_bot, tiny_game, world

__all__ = ["settings", "simcord_bot", "tiny_game", "world"]
