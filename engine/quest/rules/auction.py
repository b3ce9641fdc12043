"""The help auction (R114: when several munchkins want Treasure for their help, the seed lets
the main player make them outbid each other). The lot is the helper's place; the price is the
number of the fight's Treasures the helper takes first (the Treasure bribe of ``ask``).

OURS, where the seed is silent: the main player, in the open stage of a fight with no helper
yet, may call one auction per fight when at least two seats may help him (``may_help``). Every
such seat is then asked in turn from his left (a pending ``bid``): it names a price lower than
the standing one (the first bid: at most the fight's Treasures) or drops out (``no_bid``). The
bidding goes round until every other bidder has dropped out since the standing bid, or the
price is 0; that bidder joins the fight at that price at once (no Move, R44, R113). With no bid
at all, nobody helps. Every bidder counts as asked this fight (``Fight.asked``). Bids are
public, like every bribe (R114)."""

from __future__ import annotations

from engine.core import Action, Event
from engine.core.nothing import NOTHING, unwire, wire
from engine.quest.content import Content
from engine.quest.rules import combat
from engine.quest.state import Fight, Pending, QuestState


def bidders(s: QuestState, c: Content, f: Fight) -> list[int]:
    """The seats that may help, in turn order from the main player's left (R24)."""
    order = [(f.main + i) % s.seats for i in range(1, s.seats)]
    return [k for k in order if combat.may_help(s, c, f, k)]


def can_call(s: QuestState, c: Content, f: Fight) -> bool:
    return f.helper is None and "auction" not in f.tried and len(bidders(s, c, f)) >= 2


def call(s: QuestState, c: Content, f: Fight, ev: list[Event]) -> None:
    seats = bidders(s, c, f)
    f.tried.append("auction")
    f.asked.extend(seats)
    cap = combat.loot_count(s, c, f)
    ev.append(Event("auction", {"seat": f.main, "bidders": seats, "treasures": cap}))
    # data: [price to beat, standing bidder (NOTHING: none yet), bidders still to ask...]
    s.pending.append(Pending("bid", seats[0], [cap + 1, NOTHING, *seats[1:]]))


def legal_bids(s: QuestState, seat: int) -> list[Action]:
    best = s.pending[-1].data[0]
    return [Action(seat, "no_bid"), *(Action(seat, "bid", (k,)) for k in range(best))]


def answer(s: QuestState, c: Content, seat: int, price: int, ev: list[Event]) -> None:
    """A bid (``price`` >= 0) or dropping out (-1); then the next bidder, or the end."""
    best, stored, *queue = s.pending.pop().data
    holder = unwire(stored)
    ev.append(Event("bid", {"seat": seat, "treasures": price}))
    queue = [k for k in queue if not s.out[k]]  # a seat that conceded bids no more
    if holder is not None and s.out[holder]:
        holder = None  # ... and its standing bid lapses
    if price >= 0:
        best, holder = price, seat
        queue.append(seat)
    f = s.fight
    if f is None:
        return
    if holder is not None and (best == 0 or queue[0] == holder):
        combat.join(s, f, holder, best, 0, None, ev)
        return
    if not queue:
        return  # nobody bid: nobody helps
    nxt = queue.pop(0)
    s.pending.append(Pending("bid", nxt, [best, wire(holder), *queue]))
