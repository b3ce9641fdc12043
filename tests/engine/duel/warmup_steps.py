"""Test helper: both players pass the window after the unzap step (# 000 III.A.1.b), which
opens every turn whatever they hold."""

from __future__ import annotations

from engine.core import Action
from engine.duel.game import Duel
from engine.duel.state import DuelState


def pass_warmup(game: Duel, s: DuelState) -> None:
    """Pass the ``warmup`` window (active player first) while nothing waits on the stack."""
    while s.window is not None and s.window.kind == "warmup" and not s.stack and not s.pending:
        for seat in (s.active, 1 - s.active):
            if seat in game.deciders(s):
                game.apply(s, Action(seat, "pass"))
