"""Shared steps for the duel rule tests: play steps written as text, end a turn."""

from __future__ import annotations

from engine.core import Event
from engine.duel.game import Duel
from engine.duel.scenario import parse
from engine.duel.state import DuelState
from tests.engine.duel.warmup_steps import pass_warmup


def play(game: Duel, s: DuelState, *steps: str) -> list[Event]:
    events: list[Event] = []
    for text in steps:
        events += game.apply(s, parse(game, s, text))
    return events


def end_turn(game: Duel, s: DuelState) -> None:
    """The active player is done and the opponent lets the phase end (cooldown follows); both
    pass the next turn's window after unzapping."""
    active = s.active
    play(game, s, f"{active} done", f"{1 - active} pass")
    pass_warmup(game, s)


DRAWS = ["pointy_stick"] * 4  # enough cards for a few warmup draws
