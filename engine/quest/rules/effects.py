"""Hits, healing, levels, Bad Stuff and curse effects, death and the way back (R104, R110,
R126–R132, R138, R144, R162)."""

from __future__ import annotations

from engine.core import Event
from engine.quest.board import draw_card
from engine.quest.content import Content
from engine.quest.defs import Effect
from engine.quest.state import Mon, Pending, QuestState
from engine.quest.stats import MAX_LEVEL, max_health, overflowing

SLOT_ZONES = {
    "head": ("head",),
    "armor": ("armor",),
    "feet": ("feet",),
    "hands": ("hands",),
    "worn": ("head", "armor", "feet", "worn"),
    "any": ("head", "armor", "feet", "hands", "worn", "belt", "pack"),
}


def discard_treasure(s: QuestState, c: Content, card: int) -> None:
    s.discards[c.deck_of[card]].append(card)


def take_item(s: QuestState, seat: int, item: int) -> None:
    s.gear[seat].pop(item, None)
    cheat = s.cheats[seat].pop(item, None)
    if cheat is not None:
        s.discards["D"].append(cheat)


def lose_item(s: QuestState, c: Content, seat: int, item: int) -> None:
    take_item(s, seat, item)
    discard_treasure(s, c, item)


def check_health(s: QuestState, c: Content, seat: int, ev: list[Event]) -> None:
    """Losing a Health bonus lowers the maximum; hits reaching it kill (READING SPEC 3.12).
    A dead munchkin's tokens are all black: they follow the maximum (a race dropped, R34)."""
    if s.dead[seat]:
        s.hits[seat] = max_health(s, c, seat)
    elif s.hits[seat] >= max_health(s, c, seat):
        die(s, c, seat, ev)


def hit(s: QuestState, c: Content, seat: int, n: int, ev: list[Event]) -> None:
    """Turn n Health tokens black; the last one kills (R104, R138)."""
    if s.dead[seat] or n <= 0:
        return
    top = max_health(s, c, seat)
    s.hits[seat] = min(top, s.hits[seat] + n)
    ev.append(Event("hit", {"seat": seat, "hits": s.hits[seat], "max": top}))
    if s.hits[seat] >= top:
        die(s, c, seat, ev)


def heal(s: QuestState, c: Content, seat: int, n: int, ev: list[Event]) -> None:
    s.hits[seat] = max(0, s.hits[seat] - n)
    ev.append(Event("heal", {"seat": seat, "hits": s.hits[seat]}))


def gain_levels(s: QuestState, seat: int, n: int, kill: bool, ev: list[Event]) -> None:
    """Only a kill may give Level 10 (R2, R129, R130)."""
    cap = MAX_LEVEL if kill else MAX_LEVEL - 1
    new = min(cap, s.level[seat] + n) if s.level[seat] < cap else s.level[seat]
    if new != s.level[seat]:
        s.level[seat] = new
        ev.append(Event("level", {"seat": seat, "level": new}))


def lose_levels(s: QuestState, seat: int, n: int, ev: list[Event]) -> None:
    new = max(1, s.level[seat] - n)  # never below Level 1 (R2, R132)
    if new != s.level[seat]:
        s.level[seat] = new
        ev.append(Event("level", {"seat": seat, "level": new}))


def items_for(s: QuestState, c: Content, seat: int, slot: str) -> list[int]:
    zones = SLOT_ZONES[slot]
    return [i for i, z in s.gear[seat].items() if z in zones]


def apply_effect(
    s: QuestState, c: Content, seat: int, e: Effect, ev: list[Event], snatcher: object = None
) -> bool:
    """Apply one Bad Stuff or curse effect; ``False`` if it could not touch the victim (then a
    Bad Stuff becomes one hit, R110; a curse does nothing, R162). When several items fit, the
    victim picks which one goes (R144, R162): a pending ``lose_pick`` for his seat, answered
    after the rest of the effect; cards from the hand go from the front."""
    if s.dead[seat]:
        return True
    op = e.op
    if op == "hit":
        hit(s, c, seat, e.amount, ev)
        return True
    if op == "lose_levels":
        if s.level[seat] <= 1:
            return False
        lose_levels(s, seat, e.amount, ev)
        return True
    if op == "lose_item":
        items = items_for(s, c, seat, e.slot)
        if not items:
            return False
        if len(items) > 1:
            s.pending.append(Pending("lose_pick", seat, sorted(items)))
            ev.append(Event("lose_pick", {"seat": seat, "items": sorted(items)}))
            return True
        give_up(s, c, seat, items[0], ev)
        return True
    if op == "lose_role":
        kind = e.role
        cards = [r for r in s.roles[seat] if c.dxm_card(r).kind == kind]
        if not cards:
            return False
        for r in cards[:1]:
            s.roles[seat].remove(r)
            s.discards["D"].append(r)
        ev.append(Event("lose_role", {"seat": seat, "role": kind}))
        check_health(s, c, seat, ev)
        return True
    if op == "drop_gold":
        amount = s.gold[seat] if e.amount < 0 else min(e.amount, s.gold[seat])
        if amount <= 0:
            return False
        s.gold[seat] -= amount
        cell = s.pos[seat]
        s.floor_gold[cell] = s.floor_gold.get(cell, 0) + amount
        ev.append(Event("drop_gold", {"seat": seat, "gold": amount}))
        return True
    if op == "discard_cards":
        if not s.hand[seat]:
            return False
        for _ in range(min(e.amount, len(s.hand[seat]))):
            card = s.hand[seat].pop(0)
            discard_treasure(s, c, card)
        ev.append(Event("discard_cards", {"seat": seat}))
        return True
    if op == "discard_hand":
        if not s.hand[seat]:
            return False
        for card in s.hand[seat]:
            discard_treasure(s, c, card)
        s.hand[seat] = []
        return True
    if op == "death":
        die(s, c, seat, ev)
        return True
    if op == "snatch":
        items = sorted(s.gear[seat])
        if not items or snatcher is None:
            return False
        serial = snatcher.serial  # type: ignore[attr-defined]
        if len(items) > 1:  # R7: the player on the victim's left picks
            picker = left_of(s, seat)
            s.pending.append(Pending("snatch_pick", picker, [serial, seat, *items]))
            ev.append(Event("snatch_pick", {"seat": picker, "victim": seat, "items": items}))
            return True
        snatch(s, c, seat, snatcher, items[0], ev)  # type: ignore[arg-type]
        return True
    return False


def give_up(s: QuestState, c: Content, seat: int, item: int, ev: list[Event]) -> None:
    """The item a Bad Stuff or curse takes is discarded (R144)."""
    lose_item(s, c, seat, item)
    ev.append(Event("lose_item", {"seat": seat, "item": item}))
    check_health(s, c, seat, ev)


def stale_pick(s: QuestState, c: Content) -> bool:
    """A pending ``lose_pick`` or ``snatch_pick`` whose victim no longer holds any of its
    items (he died, or later Bad Stuff took them), or whose monster is gone; a
    ``pack_overflow`` whose pack fits again."""
    p = s.pending[-1]
    if p.kind == "lose_pick":
        return not any(i in s.gear[p.seat] for i in p.data)
    if p.kind == "snatch_pick":
        gone = not any(m.serial == p.data[0] for m in s.mons)
        return gone or not any(i in s.gear[p.data[1]] for i in p.data[2:])
    if p.kind == "pack_overflow":  # settled: an item left the pack (or the pack grew)
        return overflowing(s, c) != p.seat
    return False


def left_of(s: QuestState, seat: int) -> int:
    """The next seat in turn order still in the match (R24: turns pass to the left)."""
    k = seat
    for _ in range(s.seats):
        k = (k + 1) % s.seats
        if not s.out[k]:
            return k
    return seat


def snatch(s: QuestState, c: Content, seat: int, m: Mon, item: int, ev: list[Event]) -> None:
    """The monster carries the item and uses its bonus until killed (R7, SPEC #26)."""
    take_item(s, seat, item)
    m.carried.append(item)
    ev.append(Event("snatch", {"seat": seat, "item": item}))
    check_health(s, c, seat, ev)


def die(s: QuestState, c: Content, seat: int, ev: list[Event]) -> None:
    """Death (R126): figure stays; hand discarded; −1 level; items in play and gold dropped in
    the room as one stack; roles and lasting curses stay."""
    if s.dead[seat]:
        return
    s.dead[seat] = True
    for card in s.hand[seat]:
        discard_treasure(s, c, card)
    s.hand[seat] = []
    lose_levels(s, seat, 1, ev)
    cell = s.pos[seat]
    items = list(s.gear[seat])
    for item in items:
        take_item(s, seat, item)
    if items:
        s.dropped.setdefault(cell, []).extend(items)
    s.hits[seat] = max_health(s, c, seat)
    if s.gold[seat]:
        s.floor_gold[cell] = s.floor_gold.get(cell, 0) + s.gold[seat]
        s.gold[seat] = 0
    ev.append(Event("death", {"seat": seat, "cell": list(cell)}))
    f = s.fight
    if f is not None and f.helper == seat:
        f.helper = None
    if all(s.dead[k] or s.out[k] for k in range(s.seats)) and not all(s.out):
        s.phase = "over"
        s.winners = ()
        s.end_reason = "monsters_win"  # R26
        ev.append(Event("game_over", {"reason": "monsters_win"}))


def return_to_life(s: QuestState, c: Content, seat: int, ev: list[Event]) -> None:
    """At his next turn start (R128): in the Entrance, unhurt, 300 gold, 2 Treasure + 2 DxM
    (these replace the turn's DxM draw: READING SPEC 3.5 T1)."""
    s.dead[seat] = False
    s.hits[seat] = 0
    s.pos[seat] = (0, 0)
    s.gold[seat] += 300
    drawn: list[int] = []
    for deck in ("T", "T", "D", "D"):
        card = draw_card(s, deck)
        if card is not None:
            s.hand[seat].append(card)
            drawn.append(card)
    ev.append(Event("return", {"seat": seat}, {"cards": drawn}, frozenset({seat})))
