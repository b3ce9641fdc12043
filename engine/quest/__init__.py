"""The board game of the Munchkin family (rules: seeds/001; spec: shared/quest/SPEC.md)."""

from engine import games
from engine.quest.game import Quest, factory

games.register("quest", factory)

__all__ = ["Quest", "factory"]
