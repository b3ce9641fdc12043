"""What one seat may see: the table is public; hands and decks are not (# 004: Card
Management). Other hands appear only as counts.

Open trade offers are in every view, the spectator's included: an offer names only items on
the table (# 004: Items (Trading): never cards from a hand), which everyone sees already, and
the log says aloud who offered whom. So a seat sees the offers it made and the ones made to it,
and the rest of the table may follow the bargaining as it would across a real table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.classic.rules.trade import answer_actions, pending_answers, trade_gold
from engine.classic.state import ClassicState, waiting_on
from engine.classic.table import Table
from engine.core import Action


@dataclass(slots=True)
class ClassicView:
    seat: int | None
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, **self.data}


def make_view(t: Table, s: ClassicState, seat: int | None) -> ClassicView:
    c = s.combat
    fight: dict[str, Any] | None = None
    if c is not None:
        fight = {
            "fighter": c.fighter,
            "helper": c.helper,
            "monsters": list(c.monsters),
            "monster_strength": [t.monster_strength(s, c, i) for i in range(len(c.monsters))],
            "side_strength": t.side_strength(s, c),
            "players_winning": t.players_winning(s, c),
            "played": list(c.played),
        }
    pending = None
    if s.pending:
        p = s.pending[-1]
        pending = {
            "kind": p.kind,
            "seat": p.seat,
            # A "received" decision lists cards now in a hand: only their owner sees them.
            "cards": list(p.cards) if p.kind != "received" or seat == p.seat else [],
        }
        # A bargain for help is made in the open (# 004: Asking for Help): its terms and the
        # other party show; its items are on the fighter's table already.
        if p.kind in ("help", "countered"):
            pending["offer"] = p.terms.nums()
        if p.kind in ("offer", "counter", "countered"):
            pending["with"] = p.seats[0]
        if p.kind in ("offer", "counter"):
            pending["draft"] = p.draft.nums()  # [gold on a win, items on a win...] so far
    data: dict[str, Any] = {
        "turn": s.turn,
        "phase": s.phase,
        "levels": list(s.levels),
        "gold": list(s.gold),
        "hand_sizes": [len(h) for h in s.hands],
        "items": [list(x) for x in s.items],
        "equipped": [list(x) for x in s.equipped],
        "roles": [list(x) for x in s.roles],
        "curses": [list(x) for x in s.curses],
        "cheats": [list(x) for x in s.cheats],
        "hired": [list(x) for x in s.hired],
        "out": list(s.out),
        "dead": list(s.dead),
        "door_left": len(s.door),
        "treasure_left": len(s.treasure),
        "door_discard_top": s.door_discard[-1] if s.door_discard else None,
        "treasure_discard_top": s.treasure_discard[-1] if s.treasure_discard else None,
        "corpse": list(s.corpse),
        "combat": fight,
        "window_waiting": sorted(s.window.waiting_on()) if s.window else [],
        "pending": pending,
        "winners": list(s.winners),
        "offers": open_offers(t, s),
        "deciders": sorted(waiting_on(s)),  # a hand tells deciding from acting freely
        "hand": sorted(s.hands[seat]) if seat is not None else None,
    }
    return ClassicView(seat, data)


def open_offers(t: Table, s: ClassicState) -> list[dict[str, int]]:
    """The trade offers that may still be answered: those made off-turn this turn (lapsed,
    already answered or no longer possible ones left out) and one made on the offerer's turn
    that the partner is weighing (while it may still be carried out). ``give`` is the
    offerer's item, ``take`` the partner's (-1: a gift)."""
    out: list[dict[str, int]] = []
    for seat in range(s.seats):
        for a in answer_actions(t, s, seat):
            if a.kind == "accept":
                give, take, offerer, gold = (int(x) for x in a.args)
                out.append({"from": offerer, "to": seat, "give": give, "take": take})
                if gold:  # coins in the offer: from the offerer if positive, else to them
                    out[-1]["gold"] = gold
    p = s.pending[-1] if s.pending else None
    if (
        p is not None
        and p.kind == "trade"
        and Action(p.seat, "accept") in pending_answers(t, s, p.seat)
    ):
        offerer, give, take, _ = p.offer
        out.append({"from": offerer, "to": p.seat, "give": give, "take": take})
        if trade_gold(p):  # coins in the trade: from the offerer if positive, else to them
            out[-1]["gold"] = trade_gold(p)
    return out
