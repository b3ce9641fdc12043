"""Trading and gifts between players (# 004: Items (Trading), Coins).

Only items on the table change hands, never cards from a hand; whatever is received stays in
play. Nobody in combat (the fighter, the helper) trades or gives, and nobody gives to them; a
fight's bystanders may (# 004: When You May Take Actions: items and coins are traded only
while neither side is in combat).

Coins (# 004: Coins: to any player, at any time, except in combat, any amount): ``give_gold``
hands one 100-gold coin over and may be repeated at will, so any amount is a run of coins and
each partner costs one action in the legal list, not one per amount (docs/rules/classic.md).

Item trades, as many as the players like (# 004 sets no limit on offers), two ways; a new
offer to a partner waits until the last one to them was answered, and the same offer (the
same two items) is never made twice to the same partner in a turn: an anti-stall bound of
ours the rules do not see (issue 26):

- On your own turn, while the table waits on you: ``deal`` opens a decision for you (what to
  offer; ``add_gold`` / ``ask_gold`` put coins on one side, a coin at a time, up to what the
  payer has), and the item offer becomes a decision owed by the partner (accept/decline).
  You chose to wait on them.
- At any other moment (# 004: When You May Take Actions: trading "at any time" outside combat,
  best done off-turn): a seat the match is not waiting on (or a fight's bystander) makes an
  item offer in one action, then may add coins to it or ask coins for it (``add_gold`` /
  ``ask_gold`` naming the partner: a coin at a time, one way only). The offer is not a
  decision anyone waits on: it lies open in ``state.open_offers`` and the partner may accept
  or decline it whenever they may act freely (or on their own turn) until the current turn
  ends, when it lapses. The answer names the offer's terms, coins included, so an answer
  given to terms that have changed since is refused. Trades and gifts never reopen a fight's
  window: they do not touch the fight."""

from __future__ import annotations

from engine.classic.pending import DealCoins, Pending, TradeOffer
from engine.classic.rules.free import gear_actions, in_combat
from engine.classic.state import ClassicState, OpenOffer
from engine.classic.table import COIN, Table
from engine.core import Action, Event
from engine.core.nothing import NOTHING

# ``theirs`` (the item asked for) is ``NOTHING`` when an offer asks for no item: in the action
# arguments (``MOVES["offer"]``'s ``item``, declared in its ``nothing``), in ``OpenOffer`` and
# in the ``used`` keys, as records have always held it (issue 26.4). It cannot be an item: item
# ids are card instances, never negative; it is only ever compared (``theirs >= 0``, ``in``),
# never used as an index.


def _partners(s: ClassicState, seat: int) -> list[int]:
    """Who ``seat`` may give coins to or trade with: live, not dead, not in combat."""
    return [
        p
        for p in range(s.seats)
        if p != seat and not s.out[p] and not s.dead[p] and not in_combat(s, p)
    ]


def gift_actions(s: ClassicState, seat: int) -> list[Action]:
    """A coin to any partner, as long as the giver has one and is not in combat itself."""
    if in_combat(s, seat) or s.dead[seat] or s.gold[seat] < COIN:
        return []
    return [Action(seat, "give_gold", (p,)) for p in _partners(s, seat)]


def trade_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """Own turn outside combat: coins to anyone, and a deal with a partner when some item
    offer to them not yet made this turn is possible (``deal{p}`` marks a deal under way or
    cancelled; an answer clears it)."""
    if s.combat is not None:
        return []
    out = gift_actions(s, seat)
    out += [
        Action(seat, "deal", (p,))
        for p in _partners(s, seat)
        if f"deal{p}" not in s.used and _item_offers(t, s, seat, p)
    ]
    return out + amend_actions(t, s, seat)


def _item_offers(t: Table, s: ClassicState, seat: int, partner: int) -> list[Action]:
    return [
        Action(seat, "offer", (partner, mine, theirs))
        for mine in s.items[seat]
        for theirs in [NOTHING, *s.items[partner]]
        if _fits(t, s, seat, partner, mine, theirs)
        and _made(seat, partner, mine, theirs) not in s.used
    ]


def _made(seat: int, partner: int, mine: int, theirs: int) -> str:
    """The per-turn mark of an offer made: never the same one twice to a partner a turn."""
    return f"offer{seat}>{partner}:{mine}:{theirs}"


def deal_actions(t: Table, s: ClassicState, seat: int, partner: int) -> list[Action]:
    """What the offerer may propose: an item as a gift or item for item, with coins on one
    side (# 004: Items (Trading)): ``add_gold`` puts a coin of the offerer's in, ``ask_gold``
    asks one of the partner's, up to what the payer has (so the draft always ends), before
    the item offer closes it."""
    out = [Action(seat, "cancel")]
    mine_gold, their_gold = _drafted_gold(s.pending[-1])
    offers = _item_offers(t, s, seat, partner)
    if offers and not their_gold and mine_gold + COIN <= s.gold[seat]:
        out.append(Action(seat, "add_gold"))
    if offers and not mine_gold and their_gold + COIN <= s.gold[partner]:
        out.append(Action(seat, "ask_gold"))
    return out + offers


def _drafted_gold(p: Pending) -> tuple[int, int]:
    """The coins a ``deal`` draft adds so far: (the offerer's, the partner's)."""
    return p.coins.mine, p.coins.theirs


def trade_gold(p: Pending) -> int:
    """Coins in an item offer owed an answer (a ``trade`` decision): paid by the offerer if
    positive, by the partner if negative (older snapshots have none)."""
    return p.offer.gold


def offturn_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """What a seat not waited on may do in trade: give coins, offer an item (to a partner
    with no offer of ours still open, never the same offer twice a turn), put coins on its
    open offers, and answer the open offers made to it."""
    if in_combat(s, seat) or s.dead[seat]:  # the dead have nothing to trade until they return
        return []
    out = gift_actions(s, seat)
    waiting = {
        o.partner
        for o in _live(s)
        if o.offerer == seat and _acceptable(t, s, seat, o.partner, o.mine, o.theirs, o.gold)
    }
    waiting |= {p.seat for p in s.pending if p.kind == "trade" and p.offer.offerer == seat}
    for p in _partners(s, seat):
        if p not in waiting:
            out += _item_offers(t, s, seat, p)
    return out + amend_actions(t, s, seat) + answer_actions(t, s, seat)


def amend_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """Coins put on an open offer ``seat`` made: a coin at a time, one way only, up to what
    the payer has, while the offer could still be carried out."""
    out: list[Action] = []
    for _, offerer, partner, mine, theirs, gold in _live(s):
        if offerer != seat or not _acceptable(t, s, seat, partner, mine, theirs, 0):
            continue
        if gold >= 0 and s.gold[seat] >= gold + COIN:
            out.append(Action(seat, "add_gold", (partner,)))
        if gold <= 0 and s.gold[partner] >= COIN - gold:
            out.append(Action(seat, "ask_gold", (partner,)))
    return out


def answer_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """Accept or decline each open offer made to ``seat`` that could still be carried out.
    Arguments: the item offered, the item asked for (or -1), the offerer, the coins; the
    offered item comes first so that a control describing its first card describes what is
    on offer."""
    out: list[Action] = []
    for _, offerer, partner, mine, theirs, gold in _live(s):
        if partner == seat and _acceptable(t, s, offerer, seat, mine, theirs, gold):
            args = (mine, theirs, offerer, gold)
            out += [Action(seat, "accept", args), Action(seat, "decline", args)]
    return out


def pending_answers(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """The answers to an offer made on the offerer's turn (a ``trade`` decision). Accepting
    needs both items and the coins still in place: an off-turn curse or trade may have moved
    one."""
    p = s.pending[-1]
    offerer, mine, theirs, _ = p.offer
    out = [Action(seat, "decline")]
    if _acceptable(t, s, offerer, seat, mine, theirs, trade_gold(p)):
        out.insert(0, Action(seat, "accept"))
    return out


def _live(s: ClassicState) -> list[OpenOffer]:
    """Offers made this turn (older ones have lapsed)."""
    return [o for o in s.open_offers if o.turn == s.turns]


def _acceptable(
    t: Table, s: ClassicState, offerer: int, partner: int, mine: int, theirs: int, gold: int
) -> bool:
    if s.out[offerer] or s.dead[offerer] or s.dead[partner]:
        return False
    if in_combat(s, offerer) or in_combat(s, partner):  # 004: neither may be in combat
        return False
    if mine not in s.items[offerer] or (theirs >= 0 and theirs not in s.items[partner]):
        return False
    payer, coins = (offerer, gold) if gold > 0 else (partner, -gold)
    return s.gold[payer] >= coins and _fits(t, s, offerer, partner, mine, theirs)


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


def resolve_offer(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> bool:
    """Carry out a gift, an off-turn offer or coins put on it, or an answer to an open
    offer; False if ``a`` is none of these."""
    k = a.kind
    if k == "give_gold":
        _give_coin(s, a.seat, int(a.args[0]), ev)
    elif k == "offer":
        to, mine, theirs = (int(x) for x in a.args)
        s.used.append(_made(a.seat, to, mine, theirs))
        s.open_offers = [*_live(s), OpenOffer(s.turns, a.seat, to, mine, theirs)]
        ev.append(Event("offer", {"seat": a.seat, "to": to, "mine": mine, "theirs": theirs}))
    elif k in ("add_gold", "ask_gold") and len(a.args) == 1:
        to = int(a.args[0])
        live = s.open_offers = _live(s)
        i = next(i for i, o in enumerate(live) if (o.offerer, o.partner) == (a.seat, to))
        live[i] = live[i]._replace(gold=live[i].gold + (COIN if k == "add_gold" else -COIN))
        ev.append(Event(k, {"seat": a.seat, "to": to, "gold": abs(live[i].gold)}))
    elif k in ("accept", "decline") and len(a.args) == 4:
        mine, theirs, offerer, gold = (int(x) for x in a.args)
        entry = OpenOffer(s.turns, offerer, a.seat, mine, theirs, gold)
        live = _live(s)
        if entry in live:
            live.remove(entry)  # the first such offer (the same one may have been made twice)
        s.open_offers = live
        if k == "accept":
            _swap(t, s, offerer, a.seat, mine, theirs, gold)
        ev.append(Event("trade_" + k, {"seat": a.seat, "with": offerer}))
    else:
        return False
    return True


def _give_coin(s: ClassicState, seat: int, to: int, ev: list[Event]) -> None:
    s.gold[seat] -= COIN
    s.gold[to] += COIN
    ev.append(Event("gave_gold", {"seat": seat, "to": to, "gold": COIN}))


def answer_deal(s: ClassicState, a: Action, ev: list[Event]) -> None:
    p = s.pending.pop()
    mine_gold, their_gold = _drafted_gold(p)
    if a.kind in ("add_gold", "ask_gold"):
        mine_gold += COIN if a.kind == "add_gold" else 0
        their_gold += COIN if a.kind == "ask_gold" else 0
        p.detail = DealCoins(mine_gold, their_gold, True)
        s.pending.append(p)
        gold = mine_gold or their_gold
        ev.append(Event(a.kind, {"seat": a.seat, "to": p.seats[0], "gold": gold}))
    elif a.kind == "offer":
        to, mine, theirs = (int(x) for x in a.args)
        gold = mine_gold - their_gold
        s.used.append(_made(a.seat, to, mine, theirs))
        s.pending.append(Pending("trade", to, detail=TradeOffer(a.seat, mine, theirs, gold)))
        data = {"seat": a.seat, "to": to, "mine": mine, "theirs": theirs, "gold": gold}
        ev.append(Event("offer", data))


def answer_trade(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    p = s.pending.pop()
    offerer, mine, theirs, _ = p.offer
    if f"deal{a.seat}" in s.used:  # answered: the offerer may deal with them again
        s.used.remove(f"deal{a.seat}")
    if a.kind == "accept":
        _swap(t, s, offerer, a.seat, mine, theirs, trade_gold(p))
    ev.append(Event("trade_" + a.kind, {"seat": a.seat, "with": offerer}))


def _swap(
    t: Table, s: ClassicState, offerer: int, partner: int, mine: int, theirs: int, gold: int
) -> None:
    """Carry out an accepted trade: the items, and the coins (# 004: Items (Trading): coins
    may be part of the trade)."""
    t.put_item(s, partner, mine, t.take_item(s, offerer, mine))
    if theirs >= 0:
        t.put_item(s, offerer, theirs, t.take_item(s, partner, theirs))
    s.gold[offerer] -= gold
    s.gold[partner] += gold


def bystander_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """A fight's bystander, while the window waits on it: gear and trades besides its cards."""
    return gear_actions(t, s, seat) + offturn_actions(t, s, seat)
