"""The two-player collectible card game (rules: seeds/000, excerpt 002)."""

from engine import games
from engine.duel.game import Duel, factory

games.register("duel", factory)

__all__ = ["Duel", "factory"]
