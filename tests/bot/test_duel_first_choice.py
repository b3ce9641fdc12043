"""# 000 III.A.1: the roll's winner chooses who goes first. The choice's buttons are read from
the chooser's seat: "I go first" plays the chooser's own seat and the other button names the
opponent, whichever seat won the roll (seat 1 once got "I go first" on a move that put seat 0
first: the label was read from the seat number)."""

from __future__ import annotations

from typing import Any

from bot.plugins import renderer_for
from engine.core import Action
from engine.games import load_game
from tests.bot.render_support import NAMES


def _first_choice(seed: int) -> tuple[int, Any, list[Action]]:
    """Keep both opening hands, then the roll's winner, its view and its choice's moves."""
    game = load_game("duel")
    state = game.new(2, seed)
    for _ in range(10):
        deciders = sorted(game.deciders(state))
        for seat in deciders:
            moves = game.legal_actions(state, seat)
            firsts = [a for a in moves if a.kind == "first"]
            if firsts:
                return seat, game.view(state, seat), firsts
        seat = deciders[0]
        keep = next(a for a in game.legal_actions(state, seat) if a.kind == "keep")
        game.apply(state, keep)
    raise AssertionError("no first-player choice reached")


def test_the_choosers_own_button_puts_the_chooser_first() -> None:
    renderer = renderer_for("duel")
    choosers = set()
    for seed in range(12):
        chooser, view, firsts = _first_choice(seed)
        choosers.add(chooser)
        labels = {renderer.control(a, renderer.read(view), NAMES[:2]).label: a for a in firsts}
        other = NAMES[1 - chooser]
        assert set(labels) == {"I go first", f"{other} goes first"}, labels
        assert labels["I go first"].args == (chooser,)
        assert labels[f"{other} goes first"].args == (1 - chooser,)
    assert choosers == {0, 1}  # both seats won a roll in these seeds
