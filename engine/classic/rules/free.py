"""Actions a player may take outside the strict phase flow: on their own turn outside combat
(# 004: When You May Take Actions), and the any-time cards (level-ups, curses, hirelings,
dropping a role), which any seat the match is not waiting on may also play (a free actor,
``Classic.free_actors``)."""

from __future__ import annotations

from engine.classic.rules.effects import curse, received_plays, remove_role
from engine.classic.rules.running import steal
from engine.classic.state import TIE_BIG, ClassicState, start_tie
from engine.classic.table import LEVEL_PRICE, WIN_LEVEL, Table
from engine.core import Action, Event


def anytime_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """Cards playable at any time, even in combat or on another player's turn."""
    out: list[Action] = []
    live = [p for p in range(s.seats) if not s.out[p]]
    for card in sorted(set(s.hands[seat])):
        k = t.kind[card]
        if k == "levelup":
            # 004: Other Treasures: never to the winning level; nobody levels while dead.
            out.extend(
                Action(seat, "levelup", (card, p))
                for p in live
                if s.levels[p] < WIN_LEVEL - 1 and not s.dead[p]
            )
        elif k == "curse":
            # 004: Curses: on any player at any time, the dead too (they keep their curses
            # and roles, so there can be something to take).
            out.extend(Action(seat, "curse", (card, p)) for p in live)
        elif k == "hireling" and not s.dead[seat]:
            out.append(Action(seat, "hire", (card,)))
    out.extend(Action(seat, "drop_role", (r,)) for r in s.roles[seat] if t.kind[r] != "super")
    return out


# What a seat not in combat may do at any time without touching a fight: it never reopens a
# fight's window (so a bystander cannot hold a fight up by changing clothes).
BYSTANDER_KINDS = frozenset(
    {"equip", "unequip", "arm_hireling", "give_gold", "offer", "accept", "decline"}
    | {"add_gold", "ask_gold"}
)


def in_combat(s: ClassicState, seat: int) -> bool:
    """# 004: Combat: the fighter and the helper are in combat; everyone else is not."""
    return s.combat is not None and seat in (s.combat.fighter, s.combat.helper)


def offturn_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """# 004: When You May Take Actions: a seat the match is not waiting on may play the
    any-time cards, even in a fight or while someone else owes a decision; and, when it is not
    in combat itself, change what it wears and hand a hireling an item (trades:
    ``trade.offturn_actions``). Only its own hand is read: nothing about other hands shows."""
    return anytime_actions(t, s, seat) + gear_actions(t, s, seat)


def gear_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """# 004: When You May Take Actions: equip from the items in play, and (# 004: Other
    Treasures, Hireling) give a hireling an item, any time you are not in combat."""
    if in_combat(s, seat):
        return []
    out: list[Action] = []
    for card in s.items[seat]:
        if t.carried_by_hireling(s, seat, card):
            continue
        if card in s.equipped[seat]:
            out.append(Action(seat, "unequip", (card,)))
        elif t.can_equip(s, seat, card):
            out.append(Action(seat, "equip", (card,)))
    out.extend(_hireling_actions(t, s, seat))
    return out


def drop_moot(t: Table, s: ClassicState) -> None:
    """Decisions that no longer owe anything go: something done by a seat nobody waited on (a
    curse, a trade, a death) may have taken the very cards they were about."""
    keep = []
    for p in s.pending:
        if p.kind == "lose":
            p.cards = [c for c in p.cards if c in s.items[p.seat] or c in s.roles[p.seat]]
            if not p.cards:
                continue
        elif p.kind == "received":
            p.cards = [c for c in p.cards if c in s.hands[p.seat]]
            if not p.cards:
                continue
        elif p.kind == "shed" and t.big_count(s, p.seat) <= t.max_big(s, p.seat):
            continue
        keep.append(p)
    s.pending = keep


def own_turn_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """Own turn, not in combat: play items and roles, equip, sell, buy levels, steal."""
    out: list[Action] = []
    for card in sorted(set(s.hands[seat])):
        k = t.kind[card]
        if k == "item":  # anyone may carry any item (# 004: Items)
            if not t.defs[card].big or t.big_count(s, seat) < t.max_big(s, seat):
                out.append(Action(seat, "play", (card,)))
        elif k == "oneshot":
            # 004: "One-Shot" Cards: used from the hand or from the table, so they may be
            # carried like other items (and stop counting toward the hand, # 004: Charity).
            out.append(Action(seat, "play", (card,)))
        elif k in ("race", "class"):
            if t.role_room(s, seat, k):
                out.append(Action(seat, "play", (card,)))
        elif k == "cheat":
            out.extend(
                Action(seat, "cheat", (card, i))
                for i in s.items[seat]
                if t.kind[i] == "item"
                and not t.cheated(s, seat, i)
                and not t.carried_by_hireling(s, seat, i)
            )
        elif k == "super":
            out.extend(
                Action(seat, "attach", (card, r)) for r in s.roles[seat] if t.kind[r] != "super"
            )
        if t.defs[card].value > 0 and k in ("item", "oneshot"):
            out.append(Action(seat, "sell", (card,)))
    out.extend(_hireling_actions(t, s, seat))
    for card in s.items[seat]:
        if t.defs[card].value > 0:
            out.append(Action(seat, "sell", (card,)))
        if t.carried_by_hireling(s, seat, card):
            continue
        if card in s.equipped[seat]:
            out.append(Action(seat, "unequip", (card,)))
        elif t.can_equip(s, seat, card):
            out.append(Action(seat, "equip", (card,)))
    if s.gold[seat] >= LEVEL_PRICE and s.levels[seat] < WIN_LEVEL - 1:
        out.append(Action(seat, "buy_level"))
    if t.has_power(s, seat, "thief") and "steal" not in s.used:
        for p in range(s.seats):
            if p != seat and not s.out[p]:
                out.extend(
                    Action(seat, "steal", (p, c))
                    for c in s.items[p]
                    if not t.defs[c].big or t.big_count(s, seat) < t.max_big(s, seat)
                )
    return out


def _hireling_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """# 004: Other Treasures (Hireling): a hireling may be given one item to carry, never
    during combat (this list is only offered outside combat)."""
    idle = [h for h in s.items[seat] if t.kind[h] == "hireling" and h not in s.hired[seat]]
    if not idle:
        return []
    loads = [
        i
        for i in s.items[seat]
        if t.kind[i] == "item"
        and not t.cheated(s, seat, i)
        and not t.carried_by_hireling(s, seat, i)
    ]
    return [Action(seat, "arm_hireling", (i, h)) for h in idle for i in loads]


def resolve_free(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> bool:
    """Carry out a free action; False if ``a`` is not one."""
    seat, k = a.seat, a.kind
    if k == "levelup":
        card, target = int(a.args[0]), int(a.args[1])
        s.hands[seat].remove(card)
        t.discard(s, card)
        s.levels[target] = min(
            WIN_LEVEL - 1, s.levels[target] + t.defs[card].amount_of("gain_levels")
        )
        ev.append(Event("level", {"seat": target, "level": s.levels[target], "card": card}))
    elif k == "curse":
        card, target = int(a.args[0]), int(a.args[1])
        s.hands[seat].remove(card)
        curse(t, s, target, card, ev)
    elif k == "hire":
        card = int(a.args[0])
        s.hands[seat].remove(card)
        s.items[seat].append(card)
        ev.append(Event("played", {"seat": seat, "card": card}))
    elif k == "drop_role":
        drop_role(t, s, seat, int(a.args[0]), ev)
    elif k == "play":
        card = int(a.args[0])
        play_card(t, s, seat, card, ev)
    elif k == "attach":
        card, role = int(a.args[0]), int(a.args[1])
        s.hands[seat].remove(card)
        s.roles[seat].insert(s.roles[seat].index(role) + 1, card)
        ev.append(Event("played", {"seat": seat, "card": card, "on": role}))
    elif k == "cheat":
        card, item = int(a.args[0]), int(a.args[1])
        s.hands[seat].remove(card)
        s.cheats[seat].extend((card, item))
        ev.append(Event("played", {"seat": seat, "card": card, "on": item}))
    elif k == "arm_hireling":
        item, hireling = int(a.args[0]), int(a.args[1])
        if item not in s.equipped[seat]:
            s.equipped[seat].append(item)
        s.hired[seat].extend((item, hireling))
        ev.append(Event("armed_hireling", {"seat": seat, "card": item, "hireling": hireling}))
    elif k == "sell":
        sell(t, s, seat, int(a.args[0]), ev)
    elif k == "equip":
        s.equipped[seat].append(int(a.args[0]))
    elif k == "unequip":
        s.equipped[seat].remove(int(a.args[0]))
    elif k == "buy_level":
        s.gold[seat] -= LEVEL_PRICE
        s.levels[seat] += 1
        ev.append(Event("level", {"seat": seat, "level": s.levels[seat], "bought": 1}))
    elif k == "steal":
        steal(t, s, seat, int(a.args[0]), int(a.args[1]), ev)
    else:
        return False
    return True


def play_card(t: Table, s: ClassicState, seat: int, card: int, ev: list[Event]) -> None:
    """An item or one-shot from the hand to the table (items worn when they fit), or a role."""
    s.hands[seat].remove(card)
    if t.kind[card] in ("item", "oneshot"):
        s.items[seat].append(card)
        if t.can_equip(s, seat, card):
            s.equipped[seat].append(card)
    else:
        s.roles[seat].append(card)
    ev.append(Event("played", {"seat": seat, "card": card}))


def sell(t: Table, s: ClassicState, seat: int, card: int, ev: list[Event]) -> None:
    """# 004: Selling Items: from hand or table, for its value (a Halfling doubles one
    sale a turn)."""
    if card in s.hands[seat]:
        s.hands[seat].remove(card)
    else:
        for attached in t.take_item(s, seat, card):
            if attached is not None:
                t.discard(s, attached)
    value = t.defs[card].value
    if t.has_power(s, seat, "halfling") and "halfling" not in s.used:
        s.used.append("halfling")
        value *= 2
    s.gold[seat] += value
    t.discard(s, card)
    ev.append(Event("sold", {"seat": seat, "card": card, "gold": value}))


def drop_role(t: Table, s: ClassicState, seat: int, role: int, ev: list[Event]) -> None:
    """# 004: Roles: a role may be discarded at any time (with what is attached to it)."""
    remove_role(t, s, seat, role)
    ev.append(Event("dropped_role", {"seat": seat, "card": role}))


def shed_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """# 004: Big Items (losing the power that allowed several): the owner chooses which go.
    On their own turn outside combat they may sell them; otherwise each goes to the
    lowest-level player who can carry it, or to the discards if nobody can."""
    bigs = sorted(c for c in s.items[seat] if t.defs[c].big)
    selling = s.turn == seat and s.combat is None
    # Or "correct the problem immediately": a role from the hand whose power allows the Big
    # items (another Dwarf), if a role of that type may be played now (# 004: Big Items).
    out = [
        Action(seat, "play", (c,))
        for c in sorted(set(s.hands[seat]))
        if t.kind[c] in ("race", "class")
        and t.lifts_big_limit(c)
        and t.role_room(s, seat, t.kind[c])
    ]
    out += [Action(seat, "shed", (c,)) for c in bigs]
    out += [Action(seat, "sell", (c,)) for c in bigs if selling and t.defs[c].value > 0]
    return out


def resolve_shed(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    card = int(a.args[0])
    if a.kind == "play":
        play_card(t, s, a.seat, card, ev)
    elif a.kind == "sell":
        sell(t, s, a.seat, card, ev)
    else:
        give_to_lowest(t, s, a.seat, card, ev)
    # A tie roll for the item may have put die decisions above the shed entry: drop_moot
    # clears it once the item has gone.
    if (
        s.pending
        and s.pending[-1].kind == "shed"
        and t.big_count(s, a.seat) <= t.max_big(s, a.seat)
    ):
        s.pending.pop()


def received_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    p = s.pending[-1]
    out = [Action(seat, "keep")]
    for card in sorted(set(p.cards)):
        out += received_plays(t, s, seat, card)
    return out


def resolve_received(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    """Play a just-received card (an item goes on the table, worn only outside combat), or
    keep the rest in hand."""
    p = s.pending[-1]
    if a.kind == "keep":
        s.pending.pop()
        return
    card = int(a.args[0])
    p.cards.remove(card)
    if a.kind == "play" and t.kind[card] in ("item", "oneshot"):
        s.hands[a.seat].remove(card)
        s.items[a.seat].append(card)
        if s.combat is None and t.can_equip(s, a.seat, card):
            s.equipped[a.seat].append(card)
        ev.append(Event("played", {"seat": a.seat, "card": card}))
    else:
        resolve_free(t, s, a, ev)  # a role, an Overachiever or a Cheat
    if not p.cards and s.pending and s.pending[-1] is p:
        s.pending.pop()


def give_to_lowest(t: Table, s: ClassicState, seat: int, card: int, ev: list[Event]) -> None:
    """# 004: Big Items: an extra Big item goes to the lowest-level player with room; tied
    lowest roll for it (Dealing With Ties), and the item waits on the table until they have."""
    takers = _big_takers(t, s, seat)
    low = min((s.levels[p] for p in takers), default=0)
    tied = [p for p in takers if s.levels[p] == low]
    order = start_tie(s, tied, [0] * len(tied), TIE_BIG, [seat, card], ev) if tied else []
    if order is not None:
        hand_big(t, s, seat, card, order, ev)


def _big_takers(t: Table, s: ClassicState, seat: int) -> list[int]:
    return [
        p
        for p in range(s.seats)
        if p != seat and not s.out[p] and not s.dead[p] and t.big_count(s, p) < t.max_big(s, p)
    ]


def hand_big(
    t: Table, s: ClassicState, seat: int, card: int, order: list[int], ev: list[Event]
) -> None:
    """The first seat in ``order`` that still has room takes the item, else it is discarded."""
    if card not in s.items[seat]:
        return  # sold or lost while the tie was rolled
    attached = t.take_item(s, seat, card)
    room = [p for p in order if p in _big_takers(t, s, seat)]
    if room:
        t.put_item(s, room[0], card, attached)
        ev.append(Event("gave", {"seat": seat, "to": room[0], "card": card}))
    else:
        t.discard(s, card)
        for extra in attached:
            if extra is not None:
                t.discard(s, extra)
        ev.append(Event("discarded", {"seat": seat, "card": card}))
