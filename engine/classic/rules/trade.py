"""Trading and gifts between players (# 004: Items (Trading), Coins).

Only items on the table change hands, never cards from a hand; whatever is received stays in
play. The other player must agree, so an offer is a decision owed by them (accept/decline).
Deals are opened on the offerer's own turn outside combat, once per partner per turn (a
narrower window than the rules allow: see docs/rules/classic.md)."""

from __future__ import annotations

from engine.classic.state import ClassicState, Pending
from engine.classic.table import COIN, Table
from engine.core import Action, Event

NOTHING = -1


def trade_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """Opening a deal with a partner (once per partner per turn, outside combat)."""
    if s.combat is not None:
        return []
    return [
        Action(seat, "deal", (p,))
        for p in range(s.seats)
        if p != seat and not s.out[p] and not s.dead[p] and f"deal{p}" not in s.used
    ]


def deal_actions(t: Table, s: ClassicState, seat: int, partner: int) -> list[Action]:
    """What the offerer may propose: coins as a gift, an item as a gift, or item for item."""
    out = [Action(seat, "cancel")]
    if s.gold[seat] >= COIN:
        out.append(Action(seat, "give_gold", (partner,)))
    for mine in s.items[seat]:
        for theirs in [NOTHING, *s.items[partner]]:
            if _fits(t, s, seat, partner, mine, theirs):
                out.append(Action(seat, "offer", (partner, mine, theirs)))
    return out


def _fits(t: Table, s: ClassicState, seat: int, other: int, mine: int, theirs: int) -> bool:
    """Big items still within each side's limit after the swap (# 004: Big Items)."""
    mine_big = int(t.defs[mine].big)
    theirs_big = int(theirs >= 0 and t.defs[theirs].big)
    after_me = t.big_count(s, seat) - mine_big + theirs_big
    after_them = t.big_count(s, other) - theirs_big + mine_big
    return after_me <= t.max_big(s, seat) and after_them <= t.max_big(s, other)


def resolve_trade(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> bool:
    if a.kind != "deal":
        return False
    partner = int(a.args[0])
    s.used.append(f"deal{partner}")
    s.pending.append(Pending("deal", a.seat, seats=[partner]))
    return True


def answer_deal(s: ClassicState, a: Action, ev: list[Event]) -> None:
    s.pending.pop()
    if a.kind == "give_gold":
        to = int(a.args[0])
        s.gold[a.seat] -= COIN
        s.gold[to] += COIN
        ev.append(Event("gave_gold", {"seat": a.seat, "to": to, "gold": COIN}))
    elif a.kind == "offer":
        to, mine, theirs = (int(x) for x in a.args)
        s.pending.append(Pending("trade", to, nums=[a.seat, mine, theirs]))
        ev.append(Event("offer", {"seat": a.seat, "to": to, "mine": mine, "theirs": theirs}))


def answer_trade(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    p = s.pending.pop()
    offerer, mine, theirs = p.nums
    if a.kind == "accept":
        _move(t, s, offerer, a.seat, mine)
        if theirs >= 0:
            _move(t, s, a.seat, offerer, theirs)
    ev.append(Event("trade_" + a.kind, {"seat": a.seat, "with": offerer}))


def _move(t: Table, s: ClassicState, giver: int, taker: int, card: int) -> None:
    t.put_item(s, taker, card, t.take_item(s, giver, card))
