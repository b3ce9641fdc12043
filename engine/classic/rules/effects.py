"""Curses, Bad Stuff and death (# 004: Curses, Running Away, You Are Dead!)."""

from __future__ import annotations

from engine.classic.cards import Effect
from engine.classic.pending import Pending
from engine.classic.state import TIE_LOOT, ClassicState, start_tie
from engine.classic.table import COIN, Table
from engine.core import Action, Event


def apply_effects(
    t: Table, s: ClassicState, seat: int, effects: tuple[Effect, ...], ev: list[Event]
) -> None:
    """Apply Bad Stuff or a curse to ``seat``. Anything it names that the victim lacks is
    ignored, unless the card names an alternative (# 004: Running Away, Curses). Death stops
    the rest."""
    for e in effects:
        if s.out[seat]:
            return
        if e.op == "death":  # nothing more after it, and no second death while dead
            if not s.dead[seat]:
                kill(t, s, seat, ev)
            return
        if e.op == "lose_levels":
            s.levels[seat] = max(1, s.levels[seat] - e.amount)  # 004: Conflicts, rule 1
            ev.append(Event("level", {"seat": seat, "level": s.levels[seat]}))
        elif e.op == "lose_gold":
            s.gold[seat] = max(0, s.gold[seat] - e.amount * COIN)
            ev.append(Event("gold", {"seat": seat, "gold": s.gold[seat]}))
        elif e.op in ("lose_item", "lose_role"):
            if e.op == "lose_item":
                matches = _losable(t, s, seat, e.slot, e.which)
            else:
                matches = [r for r in s.roles[seat] if t.kind[r] == e.role_kind]
            if not matches:
                apply_effects(t, s, seat, e.otherwise, ev)
            elif len(matches) > 1:
                # 004: Curses: when several could go, the victim decides which.
                s.pending.append(Pending("lose", seat, cards=matches))
            else:
                lose_card(t, s, seat, matches[0], ev)
        elif e.op == "discard_hand":
            for card in s.hands[seat]:
                t.discard(s, card)
            s.hands[seat].clear()
            ev.append(Event("discarded_hand", {"seat": seat}))


def _losable(t: Table, s: ClassicState, seat: int, slot: str, which: str) -> list[int]:
    """The items a loss could take: any carried item, or those worn in the named slot (two
    one-hand items can both be worn, so even a slot loss may leave a choice). A card that
    takes the cheapest narrows them to the lowest value (# 004: Conflicts Between Cards and
    Rules: the card's word wins); equally cheap ones stay the victim's choice (# 004: Curses)."""
    if slot == "none":  # a hireling is not an item (# 004: Attached names them apart)
        found = [c for c in s.items[seat] if t.kind[c] != "hireling"]
    else:
        found = [c for c in s.equipped[seat] if t.defs[c].slot == slot]
    if which == "cheapest" and found:
        low = min(t.defs[c].value for c in found)
        found = [c for c in found if t.defs[c].value == low]
    return found


def lose_card(t: Table, s: ClassicState, seat: int, card: int, ev: list[Event]) -> None:
    """An item (with what is attached to it) or a role (with its Overachiever) goes."""
    if card in s.roles[seat]:
        remove_role(t, s, seat, card)
    else:
        t.lose_item(s, seat, card)
    ev.append(Event("lost_item", {"seat": seat, "card": card}))  # one log line for both


def remove_role(t: Table, s: ClassicState, seat: int, role: int) -> None:
    """# 004: Roles, Super Munchkin: an attached Overachiever goes with its role; a lost Dwarf
    may leave too many Big items, which owes a shed decision (# 004: Big Items)."""
    roles = s.roles[seat]
    i = roles.index(role)
    j = i + 1
    while j < len(roles) and t.kind[roles[j]] == "super":
        j += 1
    for card in roles[i:j]:
        t.discard(s, card)
    del roles[i:j]
    # Equipped items the character may no longer use stop counting but stay equipped.
    if t.big_count(s, seat) > t.max_big(s, seat):
        s.pending.append(Pending("shed", seat))


def curse(t: Table, s: ClassicState, seat: int, card: int, ev: list[Event]) -> None:
    """A curse hits ``seat``; lasting ones stay on the table in front of the victim."""
    d = t.defs[card]
    ev.append(Event("cursed", {"seat": seat, "card": card}))
    if any(e.op == "next_combat" for e in d.effects):
        s.curses[seat].append(card)
        return
    # 004: Curses: a "your next turn" curse played during that player's turn counts now.
    if any(e.op == "next_turn" for e in d.effects) and s.turn != seat:
        s.curses[seat].append(card)
        return
    t.discard(s, card)
    apply_effects(t, s, seat, d.effects, ev)


def end_lasting(t: Table, s: ClassicState, seat: int) -> None:
    """ "Your next combat" curses are used up when that combat ends."""
    keep = [c for c in s.curses[seat] if not t.defs[c].amount_of("next_combat")]
    for c in s.curses[seat]:
        if c not in keep:
            t.discard(s, c)
    s.curses[seat] = keep


def start_of_turn(t: Table, s: ClassicState, seat: int, ev: list[Event]) -> None:
    """ "Your next turn" curses waiting in front of ``seat`` strike as its turn begins."""
    waiting = [c for c in s.curses[seat] if t.defs[c].amount_of("next_turn")]
    for card in waiting:
        s.curses[seat].remove(card)
        t.discard(s, card)
        ev.append(Event("curse_strikes", {"seat": seat, "card": card}))
        apply_effects(t, s, seat, t.defs[card].effects, ev)


def kill(t: Table, s: ClassicState, seat: int, ev: list[Event]) -> None:
    """# 004: You Are Dead!: keep roles, level and curses; lose the hand; the others loot one
    item each, highest level first; coins split evenly, the remainder discarded."""
    s.dead[seat] = True
    s.redraw[seat] = True
    ev.append(Event("died", {"seat": seat}))
    for card in s.hands[seat]:
        t.discard(s, card)
    s.hands[seat].clear()
    for cheat in s.cheats[seat][0::2]:  # 004: You Are Dead!: a Cheat is not looted
        t.discard(s, cheat)
    s.cheats[seat].clear()
    # 004: You Are Dead! (Looting The Body) lays out the Items; a Hireling is not one (004:
    # Other Treasures names it apart), so it goes with "everything else" to the discards. The
    # item it carried is an Item: it is laid out on its own (docs/rules/classic.md).
    for card in s.items[seat]:
        if t.kind[card] == "hireling":
            t.discard(s, card)
        else:
            s.corpse.append(card)
    s.hired[seat].clear()
    s.items[seat].clear()
    s.equipped[seat].clear()
    others = [p for p in range(s.seats) if p != seat and not s.out[p]]
    if others:
        coins = s.gold[seat] // COIN
        share = coins // len(others)
        for p in others:
            s.gold[p] += share * COIN
    s.gold[seat] = 0
    # Drop any decision the dead seat still owed in this fight (death ends the rolls).
    s.pending = [p for p in s.pending if not (p.seat == seat and p.kind in ("flee", "lose", "die"))]
    if s.corpse and others:
        # 004: Looting The Body: highest level first; equal levels roll (Dealing With Ties),
        # and a die-changing card may be used on that roll: looting waits for it.
        order = start_tie(s, others, [s.levels[p] for p in others], TIE_LOOT, [], ev)
        if order is not None:
            start_looting(t, s, order)
    else:
        start_looting(t, s, [])


def start_looting(t: Table, s: ClassicState, order: list[int]) -> None:
    """The looting order is settled: the first picks (# 004: Looting The Body)."""
    if s.corpse and order:
        s.pending.append(Pending("loot", order[0], seats=order[1:]))
    else:
        for card in s.corpse:
            t.discard(s, card)
        s.corpse.clear()


def loot(t: Table, s: ClassicState, seat: int, card: int, ev: list[Event]) -> None:
    p = s.pending.pop()
    s.corpse.remove(card)
    s.hands[seat].append(card)
    ev.append(Event("looted", {"seat": seat, "card": card}))
    if p.seats and s.corpse:
        s.pending.append(Pending("loot", p.seats[0], seats=p.seats[1:]))
    else:
        for rest in s.corpse:
            t.discard(s, rest)
        s.corpse.clear()
    offer_received(t, s, seat, [card])


def offer_received(
    t: Table, s: ClassicState, seat: int, cards: list[int], face_down: bool = False
) -> None:
    """# 004: When You May Take Actions: a card just received may be played at once, even
    off-turn (charity, # 004: Charity; looted items, # 004: Looting The Body; a helper's
    treasure, # 004: Rewards). The receiver owes a ``received`` decision: keep the cards, or
    play those that may be played (``free.received_actions``). A card received face down
    (charity) owes it whatever the card is, so that neither the decision nor who the table
    waits on tells anyone else what it was; a face-up receipt owes it only when something
    may be played. The turn player outside combat plays them with its own-turn actions."""
    if s.out[seat] or (seat == s.turn and s.combat is None):
        return
    held = [c for c in cards if c in s.hands[seat]]
    if not face_down:
        held = [c for c in held if received_plays(t, s, seat, c)]
    if not held:
        return
    top = s.pending[-1] if s.pending else None
    if top is not None and top.kind == "received" and top.seat == seat:
        top.cards.extend(held)
    else:
        s.pending.append(Pending("received", seat, cards=held))


def lose_chosen(t: Table, s: ClassicState, seat: int, card: int, ev: list[Event]) -> None:
    s.pending.pop()
    lose_card(t, s, seat, card, ev)


def received_plays(t: Table, s: ClassicState, seat: int, card: int) -> list[Action]:
    """How a just-received card may be played at once (# 004: When You May Take Actions;
    Treasures: "as soon as you get it"; Roles: "whenever you first get it"): an item or
    one-shot to the table (within the Big limit), a race or class with room for it, an
    Overachiever on a role in play, a Cheat on an item. Any-time cards (curses, level-ups,
    hirelings) need no receipt: they may be played whenever the seat may act."""
    k = t.kind[card]
    if k in ("item", "oneshot"):
        room = not t.defs[card].big or t.big_count(s, seat) < t.max_big(s, seat)
        return [Action(seat, "play", (card,))] if room else []
    if k in ("race", "class"):
        return [Action(seat, "play", (card,))] if t.role_room(s, seat, k) else []
    if k == "super":
        return [Action(seat, "attach", (card, r)) for r in s.roles[seat] if t.kind[r] != "super"]
    if k == "cheat":
        return [
            Action(seat, "cheat", (card, i))
            for i in s.items[seat]
            if t.kind[i] == "item"
            and not t.cheated(s, seat, i)
            and not t.carried_by_hireling(s, seat, i)
        ]
    return []
