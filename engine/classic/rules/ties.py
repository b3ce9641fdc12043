"""Carrying on once a tie roll has settled (# 004: Dealing With Ties).

``state.start_tie`` rolls for tied seats; when a roll below 6 owes its roller a die decision,
a ``tie`` entry waits under those decisions. After every action the game calls
``settle_ties``: a ``tie`` entry on top has every roll of its round in, so it either rolls
again for seats still tied or hands the settled order to whatever was waiting on it."""

from __future__ import annotations

from engine.classic.rules.effects import start_looting
from engine.classic.rules.free import hand_big
from engine.classic.rules.running import declare_winner
from engine.classic.state import TIE_BIG, TIE_LOOT, ClassicState, run_tie
from engine.classic.table import Table
from engine.core import Event


def settle_ties(t: Table, s: ClassicState, ev: list[Event]) -> None:
    while s.pending and s.pending[-1].kind == "tie":
        tie = s.pending[-1]
        order = run_tie(s, tie, ev)
        if order is None:
            return  # another round owes die decisions
        s.pending.pop()
        purpose = tie.tie.purpose
        if purpose == TIE_LOOT:
            start_looting(t, s, order)
        elif purpose == TIE_BIG:
            hand_big(t, s, tie.cards[0], tie.cards[1], order, ev)
        else:
            declare_winner(s, order, ev)
