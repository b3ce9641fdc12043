"""The protocol every game follows, and the pieces every game shares."""

from engine.core.actions import Action, Event, Outcome
from engine.core.errors import CardDataError, IllegalAction, Reason
from engine.core.protocol import (
    CONCEDE,
    PASS,
    Game,
    GameState,
    PlayerView,
    WindowedState,
    waits_on_window,
)
from engine.core.rng import Rng
from engine.core.window import OpenWindow, ResponseWindow

__all__ = [
    "CONCEDE",
    "PASS",
    "Action",
    "CardDataError",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "OpenWindow",
    "Outcome",
    "PlayerView",
    "Reason",
    "ResponseWindow",
    "Rng",
    "WindowedState",
    "waits_on_window",
]
