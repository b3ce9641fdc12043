"""Trading and gifts between players (# 004: Items (Trading), Coins).

Only items on the table change hands, never cards from a hand; whatever is received stays in
play; nobody in combat (the fighter, the helper) trades, a fight's bystanders may. Two ways
to deal, both once per partner per turn:

- On your own turn, while the table waits on you: ``deal`` opens a decision for you (what to
  offer), and an item offer becomes a decision owed by the partner (accept/decline). You chose
  to wait on them.
- At any other moment (# 004: When You May Take Actions: trading "at any time" outside combat,
  best done off-turn; Coins: gifts at any time except in combat): a seat the match is not
  waiting on (or a fight's bystander) gives 100 gold or makes an item offer in one action.
  The offer is not a decision anyone waits on: it lies open in ``state.offers`` and the
  partner may accept or decline it whenever they may act freely (or on their own turn) until
  the current turn ends, when it lapses. So an off-turn offer never holds up the player whose
  turn it is. Trades and gifts never reopen a fight's window: they do not touch the fight."""

from __future__ import annotations

from engine.classic.rules.free import in_combat
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
    """What the offerer may propose: coins as a gift, an item as a gift, or item for item;
    coins may be part of an item trade (# 004: Items (Trading)): ``add_gold`` puts 100 of the
    offerer's gold in, ``ask_gold`` asks 100 of the partner's, one side only, a step at a time
    up to ``MOST_GOLD`` (so the draft always ends), before the item offer closes it."""
    out = [Action(seat, "cancel")]
    mine_gold, their_gold = _drafted_gold(s.pending[-1])
    if s.gold[seat] >= COIN and not mine_gold and not their_gold:
        out.append(Action(seat, "give_gold", (partner,)))
    offers = [
        Action(seat, "offer", (partner, mine, theirs))
        for mine in s.items[seat]
        for theirs in [NOTHING, *s.items[partner]]
        if _fits(t, s, seat, partner, mine, theirs)
    ]
    if offers and not their_gold and mine_gold + COIN <= min(MOST_GOLD, s.gold[seat]):
        out.append(Action(seat, "add_gold"))
    if offers and not mine_gold and their_gold + COIN <= min(MOST_GOLD, s.gold[partner]):
        out.append(Action(seat, "ask_gold"))
    return out + offers


MOST_GOLD = 1000  # coins on one side of a drafted trade, at most


def _drafted_gold(p: Pending) -> tuple[int, int]:
    """The coins a ``deal`` draft adds so far: (the offerer's, the partner's)."""
    return (p.nums[0], p.nums[1]) if len(p.nums) >= 2 else (0, 0)


def trade_gold(p: Pending) -> int:
    """Coins in an item offer owed an answer (a ``trade`` decision): paid by the offerer if
    positive, by the partner if negative (older snapshots have none)."""
    return p.nums[3] if len(p.nums) > 3 else 0


OFFER_SIZE = 5  # an open offer in ``state.offers``: turn count, offerer, partner, mine, theirs


def offturn_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """What a seat not waited on may do in trade: give 100 gold or offer an item (once per
    partner per turn), and answer the open offers made to it. Neither side may be in combat."""
    if in_combat(s, seat) or s.dead[seat]:  # the dead have nothing to trade until they return
        return []
    out: list[Action] = []
    for p in range(s.seats):
        if p == seat or s.out[p] or s.dead[p] or in_combat(s, p) or f"deal{seat}>{p}" in s.used:
            continue
        if s.gold[seat] >= COIN:
            out.append(Action(seat, "give_gold", (p,)))
        for mine in s.items[seat]:
            for theirs in [NOTHING, *s.items[p]]:
                if _fits(t, s, seat, p, mine, theirs):
                    out.append(Action(seat, "offer", (p, mine, theirs)))
    out.extend(answer_actions(t, s, seat))
    return out


def answer_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """Accept or decline each open offer made to ``seat`` that could still be carried out.
    Arguments: the item offered, the item asked for (or -1), the offerer; the offered item
    comes first so that a control describing its first card describes what is on offer."""
    out: list[Action] = []
    for offerer, partner, mine, theirs in _open_offers(s):
        if partner == seat and _acceptable(t, s, offerer, seat, mine, theirs):
            args = (mine, theirs, offerer)
            out += [Action(seat, "accept", args), Action(seat, "decline", args)]
    return out


def pending_answers(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """The answers to an offer made on the offerer's turn (a ``trade`` decision). Accepting
    needs both items still in place: an off-turn curse or trade may have moved one."""
    p = s.pending[-1]
    offerer, mine, theirs = p.nums[:3]
    gold = trade_gold(p)
    out = [Action(seat, "decline")]
    payer, coins = (offerer, gold) if gold > 0 else (seat, -gold)
    if _acceptable(t, s, offerer, seat, mine, theirs) and s.gold[payer] >= coins:
        out.insert(0, Action(seat, "accept"))
    return out


def _open_offers(s: ClassicState) -> list[tuple[int, int, int, int]]:
    """Offers made this turn (older ones have lapsed)."""
    o, n = s.offers, OFFER_SIZE
    return [
        (o[i + 1], o[i + 2], o[i + 3], o[i + 4]) for i in range(0, len(o), n) if o[i] == s.turns
    ]


def _acceptable(
    t: Table, s: ClassicState, offerer: int, partner: int, mine: int, theirs: int
) -> bool:
    if s.out[offerer] or s.dead[offerer] or s.dead[partner]:
        return False
    if in_combat(s, offerer) or in_combat(s, partner):  # 004: neither may be in combat
        return False
    if mine not in s.items[offerer] or (theirs >= 0 and theirs not in s.items[partner]):
        return False
    return _fits(t, s, offerer, partner, mine, theirs)


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
    """Carry out an off-turn gift or offer, or an answer to an open offer; False if ``a`` is
    none of these."""
    k = a.kind
    if k == "give_gold":
        to = int(a.args[0])
        s.used.append(f"deal{a.seat}>{to}")
        s.gold[a.seat] -= COIN
        s.gold[to] += COIN
        ev.append(Event("gave_gold", {"seat": a.seat, "to": to, "gold": COIN}))
    elif k == "offer":
        to, mine, theirs = (int(x) for x in a.args)
        s.used.append(f"deal{a.seat}>{to}")
        s.offers = [*_live_entries(s), s.turns, a.seat, to, mine, theirs]
        ev.append(Event("offer", {"seat": a.seat, "to": to, "mine": mine, "theirs": theirs}))
    elif k in ("accept", "decline") and len(a.args) == 3:
        mine, theirs, offerer = (int(x) for x in a.args)
        entry = [s.turns, offerer, a.seat, mine, theirs]
        live = _live_entries(s)
        for i in range(0, len(live), OFFER_SIZE):
            if live[i : i + OFFER_SIZE] == entry:
                del live[i : i + OFFER_SIZE]
                break
        s.offers = live
        if k == "accept":
            _move(t, s, offerer, a.seat, mine)
            if theirs >= 0:
                _move(t, s, a.seat, offerer, theirs)
        ev.append(Event("trade_" + k, {"seat": a.seat, "with": offerer}))
    else:
        return False
    return True


def _live_entries(s: ClassicState) -> list[int]:
    o, n = s.offers, OFFER_SIZE
    return [x for i in range(0, len(o), n) if o[i] == s.turns for x in o[i : i + n]]


def answer_deal(s: ClassicState, a: Action, ev: list[Event]) -> None:
    p = s.pending.pop()
    mine_gold, their_gold = _drafted_gold(p)
    if a.kind in ("add_gold", "ask_gold"):
        mine_gold += COIN if a.kind == "add_gold" else 0
        their_gold += COIN if a.kind == "ask_gold" else 0
        p.nums = [mine_gold, their_gold]
        s.pending.append(p)
        gold = mine_gold or their_gold
        ev.append(Event(a.kind, {"seat": a.seat, "to": p.seats[0], "gold": gold}))
    elif a.kind == "give_gold":
        to = int(a.args[0])
        s.gold[a.seat] -= COIN
        s.gold[to] += COIN
        ev.append(Event("gave_gold", {"seat": a.seat, "to": to, "gold": COIN}))
    elif a.kind == "offer":
        to, mine, theirs = (int(x) for x in a.args)
        gold = mine_gold - their_gold
        s.pending.append(Pending("trade", to, nums=[a.seat, mine, theirs, gold]))
        data = {"seat": a.seat, "to": to, "mine": mine, "theirs": theirs, "gold": gold}
        ev.append(Event("offer", data))


def answer_trade(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    p = s.pending.pop()
    offerer, mine, theirs = p.nums[:3]
    if a.kind == "accept":
        _move(t, s, offerer, a.seat, mine)
        if theirs >= 0:
            _move(t, s, a.seat, offerer, theirs)
        gold = trade_gold(p)  # 004: Items (Trading): coins may be part of the trade
        s.gold[offerer] -= gold
        s.gold[a.seat] += gold
    ev.append(Event("trade_" + a.kind, {"seat": a.seat, "with": offerer}))


def _move(t: Table, s: ClassicState, giver: int, taker: int, card: int) -> None:
    t.put_item(s, taker, card, t.take_item(s, giver, card))
