"""Trading and gifts between seats (R28, R35, R95, R152, R157): items in play and gold, never a
hand card; with a munchkin in your room or an adjacent one; neither in a fight.

The protocol (SPEC 3.5 ``give``/``offer``/``accept``/``decline``, gated by position) runs in
two short steps so that the legal-action lists stay small: ``trade <seat>`` opens the terms for
the proposer (a pending ``terms``), who then names one ``offer`` — one item or none each way,
and some gold one way — or withdraws; the other seat then gets a pending ``offer`` and
answers ``accept_trade`` or ``refuse_trade``. A gift is an offer that asks nothing back; it
still needs a yes, since a gift can hurt (a Big item costs Move, R151). Each seat may open
terms with each other seat once a turn (OURS: keeps an offer from looping). Everything traded
is public (items in play and gold are on the table), so views and events need no redaction."""

from __future__ import annotations

from engine.core import Action, Event
from engine.core.nothing import unwire, wire
from engine.quest.content import Content
from engine.quest.rules.combat import nearby
from engine.quest.rules.effects import check_health, take_item
from engine.quest.rules.items import target_zone
from engine.quest.state import Fight, Pending, QuestState
from engine.quest.stats import alive

GOLD_STEPS = (100, 300, 500, 1000)  # the gold one offer may name (OURS: a short ladder)


def partners(s: QuestState, seat: int, overflow: bool = False) -> list[int]:
    """Seats ``seat`` may open terms with now (R152: same or adjacent room, no fight on);
    ``overflow``: the seat answering its own ``pack_overflow`` (R149) may offer a gift."""
    if s.fight is not None or (s.pending and not overflow) or not alive(s, seat) or s.dead[seat]:
        return []
    out = []
    for t in range(s.seats):
        if t == seat or not alive(s, t) or s.dead[t] or (seat, t) in s.traded:
            continue
        if not nearby(s, seat, s.pos[t]):
            continue
        if s.gear[seat] or s.gold[seat] or s.gear[t] or s.gold[t]:
            out.append(t)
    return out


def open_terms(s: QuestState, seat: int, t: int, ev: list[Event]) -> None:
    s.traded.append((seat, t))
    s.pending.append(Pending("terms", seat, [t]))
    ev.append(Event("trade_opened", {"seat": seat, "with": t}))


def _fits(
    s: QuestState, c: Content, seat: int, incoming: int | None, outgoing: int | None, giver: int
) -> bool:
    """Whether ``seat`` has a place for ``incoming`` once ``outgoing`` has left him: received
    items stay in play (R152) and a third packed item is not allowed (R149)."""
    if incoming is None:
        return True
    saved = s.gear[seat].pop(outgoing) if outgoing is not None else None
    cheat = s.cheats[giver].get(incoming)
    if cheat is not None:
        s.cheats[seat][incoming] = cheat
    try:
        return target_zone(s, c, seat, incoming) is not None
    finally:
        if cheat is not None:
            del s.cheats[seat][incoming]
        if outgoing is not None and saved is not None:
            s.gear[seat][outgoing] = saved


def offer_ok(
    s: QuestState, c: Content, seat: int, t: int, give: int | None, get: int | None, gold: int
) -> bool:
    """``gold`` > 0: the proposer pays it; < 0: he asks it of ``t``; ``give``/``get`` None:
    no item that way."""
    if give is None and get is None and gold == 0:
        return False
    if give is not None and give not in s.gear[seat]:
        return False
    if get is not None and get not in s.gear[t]:
        return False
    if gold > s.gold[seat] or -gold > s.gold[t]:
        return False
    return _fits(s, c, t, give, get, seat) and _fits(s, c, seat, get, give, t)


def offers(s: QuestState, c: Content, seat: int, t: int) -> list[Action]:
    """The terms one seat may name: an item for an item, an item for gold (or as a gift), gold
    for an item (or asked as a gift), gold alone either way."""
    mine, theirs = list(s.gear[seat]), list(s.gear[t])
    golds = [g for g in GOLD_STEPS if g <= s.gold[seat]]
    asks = [-g for g in GOLD_STEPS if g <= s.gold[t]]
    terms: list[tuple[int | None, int | None, int]] = [(a, b, 0) for a in mine for b in theirs]
    terms += [(a, None, g) for a in mine for g in (0, *asks)]
    terms += [(None, b, g) for b in theirs for g in (0, *golds)]
    terms += [(None, None, g) for g in (*golds, *asks)]
    out = [
        Action(seat, "offer", (t, wire(a), wire(b), g))
        for a, b, g in terms
        if offer_ok(s, c, seat, t, a, b, g)
    ]
    return [*out, Action(seat, "withdraw")]


def make_offer(
    s: QuestState, seat: int, t: int, give: int | None, get: int | None, gold: int, ev: list[Event]
) -> None:
    """From the terms, or as the gift that answers a ``pack_overflow`` (R149): refused, the
    overflow is raised again and that seat is not offered a gift again this turn."""
    if s.pending.pop().kind == "pack_overflow":
        s.traded.append((seat, t))
    s.pending.append(Pending("offer", t, [seat, wire(give), wire(get), gold]))
    shown = {"seat": seat, "to": t, "give": wire(give), "get": wire(get), "gold": gold}
    ev.append(Event("offer", shown))


def withdraw(s: QuestState, seat: int, ev: list[Event]) -> None:
    p = s.pending.pop()
    ev.append(Event("trade_withdrawn", {"seat": seat, "with": p.data[0]}))


def refuse(s: QuestState, seat: int, ev: list[Event]) -> None:
    p = s.pending.pop()
    ev.append(Event("trade_refused", {"seat": seat, "from": p.data[0]}))


def _hand_over(s: QuestState, c: Content, giver: int, taker: int, item: int) -> None:
    """The item and its Cheat move together (R145: the Cheat goes with the item); the
    benefit moves at once (R152)."""
    del s.gear[giver][item]
    cheat = s.cheats[giver].pop(item, None)
    if cheat is not None:
        s.cheats[taker][item] = cheat
    zone = target_zone(s, c, taker, item)
    assert zone is not None  # offer_ok checked the room for it
    s.gear[taker][item] = zone


def pay_bribe(s: QuestState, c: Content, f: Fight, ev: list[Event]) -> None:
    """A gold or item bribe (R114) is handed over once the fight is over, however it ended
    (R95: nothing is given during a fight), and only what the main player still has: a dead
    helper holds nothing (R126). An item with no place at the helper's drops in his room."""
    helper = f.helper
    if helper is None or s.dead[helper] or s.out[helper]:
        return
    gold = min(f.bribe_gold, s.gold[f.main])
    item = f.bribe_item if f.bribe_item in s.gear[f.main] else None
    if gold <= 0 and item is None:
        return
    s.gold[f.main] -= gold
    s.gold[helper] += gold
    if item is not None:
        if _fits(s, c, helper, item, None, f.main):
            _hand_over(s, c, f.main, helper, item)
        else:
            take_item(s, f.main, item)
            s.dropped.setdefault(s.pos[helper], []).append(item)
        check_health(s, c, f.main, ev)
    ev.append(Event("bribe_paid", {"seat": f.main, "to": helper, "gold": gold, "item": wire(item)}))


def accept(s: QuestState, c: Content, seat: int, ev: list[Event]) -> None:
    p = s.pending.pop()
    proposer, gold = p.data[0], p.data[3]
    give, get = unwire(p.data[1]), unwire(p.data[2])
    if not offer_ok(s, c, proposer, seat, give, get, gold):
        ev.append(Event("trade_lapsed", {"seat": seat, "from": proposer}))
        return
    zone = s.gear[seat].pop(get) if get is not None else ""  # out of the way while ``give`` lands
    if give is not None:
        _hand_over(s, c, proposer, seat, give)
    if get is not None:
        s.gear[seat][get] = zone
        _hand_over(s, c, seat, proposer, get)
    s.gold[proposer] -= gold
    s.gold[seat] += gold
    ev.append(
        Event(
            "trade",
            {"seat": proposer, "with": seat, "give": wire(give), "get": wire(get), "gold": gold},
        )
    )
    for k in (proposer, seat):
        check_health(s, c, k, ev)  # a Health item given away lowers the maximum (R138)


def legal_pending(s: QuestState, c: Content, seat: int) -> list[Action]:
    p = s.pending[-1]
    if p.kind == "terms":
        return offers(s, c, seat, p.data[0])
    return [Action(seat, "accept_trade"), Action(seat, "refuse_trade")]
