"""Combat (# 004: Combat, Interfering With Combat, Asking for Help, Rewards, Running Away).

A fight is one response window open to every live seat: the fighter and everyone else may
play cards into it; any play reopens it; when all pass in a row, it resolves. This is the
"moment before a win resolves" of # 004: Combat, during which others may still act.
"""

from __future__ import annotations

from engine.classic.pending import Pending
from engine.classic.rules.effects import end_lasting, offer_received
from engine.classic.rules.free import anytime_actions
from engine.classic.rules.running import start_roll_off
from engine.classic.state import ClassicState, Combat
from engine.classic.table import COIN, WIN_LEVEL, Table, secret_draw
from engine.core import PASS, Action, Event, ResponseWindow

BERSERK_BONUS = 2
TURN_UNDEAD_COST = 300


def start_combat(t: Table, s: ClassicState, seat: int, monster: int, ev: list[Event]) -> None:
    s.combat = Combat(fighter=seat)
    _add_monster(t, s, monster)
    _open_window(s)
    ev.append(Event("combat", {"seat": seat, "monster": monster}))


def _add_monster(t: Table, s: ClassicState, monster: int) -> None:
    c = s.combat
    assert c is not None
    c.monsters.append(monster)
    c.mods.append(0)
    c.extra.append(0)
    c.mates.append(0)
    c.undead.append(int(t.defs[monster].horde == "undead"))


def _open_window(s: ClassicState) -> None:
    c = s.combat
    assert c is not None
    order = [(c.fighter + i) % s.seats for i in range(s.seats)]
    s.window = ResponseWindow("combat", tuple(p for p in order if not s.out[p]))


def for_the_win(t: Table, s: ClassicState, c: Combat) -> bool:
    gain = sum(t.defs[m].levels * (1 + c.mates[i]) for i, m in enumerate(c.monsters))
    return s.levels[c.fighter] + gain >= WIN_LEVEL


def window_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    c = s.combat
    assert c is not None
    out = [Action(seat, PASS)]
    n = len(c.monsters)
    room_full = s.seats == 6 and for_the_win(t, s, c)  # 004: Special Rules, six players
    # 004: Hordes: only another member of a Horde in the fight joins it (a monster of no Horde
    # joins nothing); a monster made Undead by a card opens the Undead Horde.
    hordes = {t.defs[m].horde for m in c.monsters} | ({"undead"} if any(c.undead) else set())
    hordes.discard(None)
    for card in sorted(set(s.hands[seat]) | {i for i in s.items[seat] if t.kind[i] == "oneshot"}):
        k = t.kind[card]
        if k == "oneshot":
            if any(e.op == "escape" for e in t.defs[card].effects):
                out.append(Action(seat, "oneshot", (card, 0)))
            else:
                out.extend(Action(seat, "oneshot", (card, side)) for side in range(n + 1))
        elif k == "enhancer":
            # A twin is another monster: the full room keeps it out too.
            if not (room_full and t.defs[card].amount_of("mate")):
                out.extend(Action(seat, "enhance", (card, i)) for i in range(n))
        elif k == "wandering" and not room_full and _top_discarded_monster(t, s) is not None:
            out.append(Action(seat, "wander", (card,)))
        elif k == "monster" and not room_full and t.defs[card].horde in hordes:
            out.append(Action(seat, "horde", (card,)))
    out.extend(anytime_actions(t, s, seat))
    on_side = seat in c.side
    if on_side and t.has_power(s, seat, "warrior") and seat not in c.berserked:
        fuel = sorted(set(s.hands[seat]) | set(s.items[seat]))
        out.extend(Action(seat, "berserk", (card,)) for card in fuel)
    if on_side and t.has_power(s, seat, "cleric") and s.gold[seat] >= TURN_UNDEAD_COST:
        out.extend(Action(seat, "turn_undead", (i,)) for i in range(n) if c.undead[i])
    if seat == c.fighter and c.helper is None and not t.players_winning(s, c):
        for p in range(s.seats):
            if p != seat and not s.out[p] and not s.dead[p] and p not in c.asked:
                out.append(Action(seat, "ask", (p,)))
    return out


# Any-time cards that act on the fight only when they land on one of its sides (issue 27.2).
_ON_A_SIDE = frozenset({"curse", "levelup"})


def window_answers(t: Table, s: ClassicState, seat: int) -> list[Action]:
    """The fight's answers (issue 27.2): what a seat may play into the window that acts on
    the fight (one-shots, enhancers, wandering monsters, a Horde's monster, the fighter's and
    helper's powers, asking for help; a curse or a level-up on a side; a hireling for a side),
    never an any-time move that leaves the fight as it was (giving up a role, a curse on a
    bystander, a gear change, gold, a trade)."""
    c = s.combat
    if c is None:
        return []
    sides = set(c.side)
    out = []
    for a in window_actions(t, s, seat):
        if a.kind in (PASS, "drop_role"):
            continue
        if a.kind in _ON_A_SIDE and a.args[1] not in sides:
            continue
        if a.kind == "hire" and seat not in sides:
            continue
        out.append(a)
    return out


def _top_discarded_monster(t: Table, s: ClassicState) -> int | None:
    for card in reversed(s.door_discard):
        if t.kind[card] == "monster":
            return card
    return None


def monster_coins(t: Table, c: Combat) -> int:
    """The gold the fight's monsters give if defeated (# 004: Rewards), a Mate's twice."""
    return COIN * sum(t.defs[m].coins * (1 + c.mates[i]) for i, m in enumerate(c.monsters))


def treasure_total(t: Table, c: Combat) -> int:
    total = 0
    for i, m in enumerate(c.monsters):
        total += max(0, t.defs[m].treasures + c.extra[i]) * (1 + c.mates[i])
    return total


def resolve_window_action(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    """Everything but ``pass`` reopens the window for everyone."""
    c, w = s.combat, s.window
    assert c is not None and w is not None
    seat, k = a.seat, a.kind
    if k == PASS:
        w.pass_(seat)
        if w.closed:
            s.window = None
            resolve_fight(t, s, ev)
        return
    w.passed.clear()
    if k == "oneshot":
        card, side = int(a.args[0]), int(a.args[1])
        t.take_card(s, seat, card)
        c.played.append(card)
        d = t.defs[card]
        if any(e.op == "escape" for e in d.effects):
            ev.append(Event("escaped", {"seat": c.fighter, "card": card}))
            s.window = None
            finish_combat(t, s, ev)
            return
        if side == 0:
            c.side_mod += t.bonus[card]
        else:
            c.mods[side - 1] += t.bonus[card]
        ev.append(Event("oneshot", {"seat": seat, "card": card, "side": side}))
    elif k == "enhance":
        card, i = int(a.args[0]), int(a.args[1])
        s.hands[seat].remove(card)
        c.played.append(card)
        d = t.defs[card]
        c.mods[i] += d.amount_of("bonus")
        c.extra[i] += d.amount_of("treasures")
        c.mates[i] += d.amount_of("mate")
        if d.amount_of("undead"):
            c.undead[i] = 1
        ev.append(Event("enhanced", {"seat": seat, "card": card, "monster": i}))
    elif k == "wander":
        card = int(a.args[0])
        s.hands[seat].remove(card)
        c.played.append(card)
        monster = _top_discarded_monster(t, s)
        assert monster is not None  # wander is offered only with one in the discards (004)
        s.door_discard.remove(monster)
        _add_monster(t, s, monster)
        ev.append(Event("wandered", {"seat": seat, "card": card, "monster": monster}))
    elif k == "horde":
        card = int(a.args[0])
        s.hands[seat].remove(card)
        _add_monster(t, s, card)
        ev.append(Event("horde", {"seat": seat, "monster": card}))
    elif k == "berserk":
        card = int(a.args[0])
        if card in s.hands[seat]:
            s.hands[seat].remove(card)
            t.discard(s, card)
        else:
            t.lose_item(s, seat, card)
        c.berserked.append(seat)
        c.side_mod += BERSERK_BONUS
        ev.append(Event("berserk", {"seat": seat, "card": card}))
    elif k == "turn_undead":
        i = int(a.args[0])
        s.gold[seat] -= TURN_UNDEAD_COST
        monster = c.monsters.pop(i)
        for arr in (c.mods, c.extra, c.mates, c.undead):
            arr.pop(i)
        c.played.append(monster)
        c.driven_off += 1
        ev.append(Event("driven_off", {"seat": seat, "monster": monster}))
        if not c.monsters:  # 004: Combat: the last monster gone ends the fight at once
            s.window = None
            finish_combat(t, s, ev)
    elif k == "ask":
        p = int(a.args[0])
        c.asked.append(p)
        s.pending.append(Pending("offer", seat, seats=[p]))


def resolve_fight(t: Table, s: ClassicState, ev: list[Event]) -> None:
    c = s.combat
    assert c is not None
    if not c.monsters:
        finish_combat(t, s, ev)
        return
    if t.players_winning(s, c):
        _rewards(t, s, c, ev)
        return
    ev.append(Event("lost_fight", {"seat": c.fighter}))
    for runner in reversed(c.side):  # the fighter flees first (the last pending is first)
        s.pending.append(Pending("flee", runner, cards=list(c.monsters)))


def finish_combat(t: Table, s: ClassicState, ev: list[Event]) -> None:
    c = s.combat
    assert c is not None
    for card in c.monsters + c.played:
        t.discard(s, card)
    for p in c.side:
        end_lasting(t, s, p)
    s.combat = None
    s.window = None
    s.phase = "charity"
    ev.append(Event("combat_over", {}))


def _rewards(t: Table, s: ClassicState, c: Combat, ev: list[Event]) -> None:
    """# 004: Rewards: a level per monster (two for some), then treasures and coins;
    face down alone, face up with a helper; level 10 only by this kill."""
    kills = sum(1 + m for m in c.mates)
    gain = sum(t.defs[m].levels * (1 + c.mates[i]) for i, m in enumerate(c.monsters))
    coins = monster_coins(t, c)
    count = treasure_total(t, c)
    fighter, helper = c.fighter, c.helper
    share, helper_first = c.deal_treasures, c.deal_helper_first
    finish_combat(t, s, ev)
    s.levels[fighter] = min(WIN_LEVEL, s.levels[fighter] + gain)
    s.gold[fighter] += coins
    if helper is not None:
        _pay_on_win(t, s, c, helper, ev)
    ev.append(Event("killed", {"seat": fighter, "level": s.levels[fighter], "kills": kills}))
    if helper is not None and t.has_power(s, helper, "elf"):
        s.levels[helper] = min(WIN_LEVEL - 1, max(s.levels[helper], s.levels[helper] + kills))
        ev.append(Event("level", {"seat": helper, "level": s.levels[helper]}))
    drawn = [card for card in (t.draw(s, False) for _ in range(count)) if card is not None]
    if helper is None:
        s.hands[fighter].extend(drawn)
        ev.extend(secret_draw(fighter, card, "treasure") for card in drawn)
    else:
        ev.append(Event("treasures", {"cards": list(drawn)}))  # face up: a helper was there
        share = min(share, len(drawn))
        order = [helper] * share + [fighter] * (len(drawn) - share)
        if not helper_first:
            order.reverse()
        if order:
            pending = Pending("pick", order[0], cards=drawn, seats=order[1:])
            s.pending.append(pending)
            _settle_picks(t, s, pending)
    if s.levels[fighter] >= WIN_LEVEL:
        winners = [fighter] + ([helper] if helper is not None else [])  # 004: Sharing Victory
        s.phase = "over"
        if s.single_winner and len(winners) > 1:
            start_roll_off(t, s, winners, ev)
        else:
            s.winners = winners
            ev.append(Event("won", {"seats": list(s.winners)}))


def _pay_on_win(t: Table, s: ClassicState, c: Combat, helper: int, ev: list[Event]) -> None:
    """# 004: Asking for Help: "follow the deal to the letter": what was promised for a win
    is handed over, as far as the fighter still has it (Bad Stuff may have taken items)."""
    gold = min(c.deal_win_gold, s.gold[c.fighter])
    s.gold[c.fighter] -= gold
    s.gold[helper] += gold
    items = []
    for card in c.deal_win_items:
        if t.kind[card] == "levelup":
            _play_promised(t, s, c, helper, card, ev)
            continue
        big_ok = not t.defs[card].big or t.big_count(s, helper) < t.max_big(s, helper)
        if card in s.items[c.fighter] and big_ok:
            t.put_item(s, helper, card, t.take_item(s, c.fighter, card))
            items.append(card)
    if gold or items:
        ev.append(Event("deal_paid", {"seat": c.fighter, "to": helper, "gold": gold}))


def _play_promised(
    t: Table, s: ClassicState, c: Combat, helper: int, card: int, ev: list[Event]
) -> None:
    """A level-up promised for a win goes on the helper if it is still in the fighter's hand
    and still legal: never to the winning level, never on the dead (# 004: Other Treasures)."""
    if card not in s.hands[c.fighter] or s.dead[helper] or s.levels[helper] >= WIN_LEVEL - 1:
        return
    s.hands[c.fighter].remove(card)
    t.discard(s, card)
    s.levels[helper] = min(WIN_LEVEL - 1, s.levels[helper] + t.defs[card].amount_of("gain_levels"))
    ev.append(Event("level", {"seat": helper, "level": s.levels[helper], "card": card}))


def pick(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    p = s.pending[-1]
    card = int(a.args[0])
    p.cards.remove(card)
    s.hands[a.seat].append(card)
    ev.append(Event("picked", {"seat": a.seat, "card": card}))
    if p.seats:
        p.seat = p.seats.pop(0)
    _settle_picks(t, s, p)
    offer_received(t, s, a.seat, [card])


def _settle_picks(t: Table, s: ClassicState, p: Pending) -> None:
    """Once every remaining pick belongs to one seat, there is nothing left to choose."""
    if p.cards and any(x != p.seat for x in p.seats):
        return
    s.hands[p.seat].extend(p.cards)
    s.pending.remove(p)
    offer_received(t, s, p.seat, p.cards)
    p.cards.clear()
