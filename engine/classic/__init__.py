"""The classic game (rules: seeds/004): 3-6 players, levels 1-10, doors and treasures."""

from __future__ import annotations

from pathlib import Path

from engine import games
from engine.cards.loader import load_card_dir
from engine.classic.cards import ClassicCard
from engine.classic.game import Classic


def factory(data_dir: Path) -> Classic:
    return Classic(load_card_dir(data_dir / "classic", ClassicCard))


games.register("classic", factory)

__all__ = ["Classic", "ClassicCard", "factory"]
