"""Abilities that happen at the same moment (# 000 II.A.1.a, II.A.2): the active player puts
them in order, one pick at a time, until one is left.

Five moments gather simultaneous abilities: the reckoning step (# 000 III.A.1.c), a hired
Monster's abilities (# 000 III.A.2.f.(I).(C)), the end of a fight (# 000 III.A.2.f.(I).(F)),
the cooldown (# 000 III.A.3) and a level gained (# 000 III.A.3.a). A trigger is a code,
``iid * 16 + ability index`` (or ``BLEED``); the pending choice is
``[seat, total, PENDING_ORDER, *codes still unordered]``.
"""

from __future__ import annotations

from engine.core import Event
from engine.duel import turn
from engine.duel.effects import PENDING_ORDER, TRIGGER_BASE, move_entry, triggers_ready
from engine.duel.state import Choice, DuelState
from engine.duel.zones import Defs


def trigger_card(code: int) -> tuple[int, int] | None:
    """The card instance and ability index an ``order`` choice stands for (renderers name the
    card); ``None`` for Bleeding."""
    if code < 0:
        return None
    iid, index = divmod(code, TRIGGER_BASE)
    return iid, index


def ask_order(s: DuelState, seat: int, total: int, codes: list[int]) -> None:
    s.pending = Choice(seat, total, PENDING_ORDER, tuple(codes))


def choose_order(defs: Defs, s: DuelState, code: int, ev: list[Event]) -> None:
    """The active player picks which of the waiting abilities goes next."""
    assert s.pending is not None  # legal only while an order is owed
    seat, total = s.pending.seat, s.pending.amount
    rest = [c for c in s.pending.codes if c != code]
    s.pending = None
    if s.fight is not None or s.phase == "warmup":
        # Hire, end-of-fight and reckoning abilities wait on the stack: the pick goes above
        # the ones still unordered.
        move_entry(s, code, total - len(rest) - 1)
        if len(rest) > 1:
            ask_order(s, seat, total, rest)
        else:
            triggers_ready(s)
        return
    turn.resolve_trigger(defs, s, seat, code, ev)
    if len(rest) > 1 and s.phase != "over":
        ask_order(s, seat, total, rest)
        return
    for other in rest:
        turn.resolve_trigger(defs, s, seat, other, ev)
    if s.phase == "over":
        return
    if s.phase == "cooldown":
        turn.level_step(defs, s, seat, ev)
    else:
        turn.gold_step(defs, s, seat, ev)
