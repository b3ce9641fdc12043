"""Items (R141–R154, SPEC 3.12): where a played item goes (slots, Hands, worn, belt, pack),
arranging with the pack, buying levels, dropping and picking up."""

from __future__ import annotations

from engine.core import Event
from engine.quest.content import Content
from engine.quest.rules.effects import check_health, discard_treasure, take_item
from engine.quest.state import Pending, QuestState
from engine.quest.stats import hands_free, has, pack_size, packed

LEVEL_PRICE = 1000  # R131
HALFLING_USED = (999, 999, 1)  # marker in the per-turn list: the Halfling's double sale


def use_zone(s: QuestState, c: Content, seat: int, item: int) -> str | None:
    """The zone where the item works, if it is free now."""
    t = c.treasure(item)
    if t.oneshot or t.slot == "belt":
        return "belt"
    if t.slot == "worn":
        return "worn"
    if t.requires and not has(s, c, seat, t.requires) and item not in s.cheats[seat]:
        return None
    if t.slot in ("head", "armor", "feet"):
        taken = any(z == t.slot for i, z in s.gear[seat].items() if i != item)
        return None if taken else t.slot
    if t.slot == "hands":
        need = 0 if item in s.cheats[seat] else t.hands
        free = hands_free(s, c, seat) + (
            t.hands if s.gear[seat].get(item) == "hands" and item not in s.cheats[seat] else 0
        )
        return "hands" if need <= free else None
    return None


def target_zone(s: QuestState, c: Content, seat: int, item: int) -> str | None:
    """Where ``play`` puts an item: its use zone if free, else the pack if it has room."""
    zone = use_zone(s, c, seat, item)
    if zone is not None:
        return zone
    return "pack" if packed(s, seat) < pack_size(s, c, seat) else None


def play_item(s: QuestState, c: Content, seat: int, item: int, ev: list[Event]) -> None:
    """Into its use zone, else the pack, even a full one: the owner then gives or drops one
    packed item (R149, a pending ``pack_overflow`` raised by ``turn.settle``)."""
    zone = target_zone(s, c, seat, item) or "pack"
    s.hand[seat].remove(item)
    s.gear[seat][item] = zone
    ev.append(Event("play", {"seat": seat, "card": item, "zone": zone}))


def arrange(s: QuestState, c: Content, seat: int, item: int, zone: str, ev: list[Event]) -> None:
    s.gear[seat][item] = zone
    ev.append(Event("arrange", {"seat": seat, "card": item, "zone": zone}))
    check_health(s, c, seat, ev)


def can_arrange(s: QuestState, c: Content, seat: int, item: int) -> str | None:
    """The zone an item may move to: out of the pack into use, or into a pack with room."""
    zone = s.gear[seat][item]
    if zone == "pack":
        return use_zone(s, c, seat, item)
    if packed(s, seat) < pack_size(s, c, seat) and c.treasure(item).pack == 0:
        return "pack"
    return None


def sale_total(s: QuestState, c: Content, seat: int, sold: tuple[int, ...]) -> int:
    """The items' face values together; a Halfling's first sale of a turn counts its best
    item double (R131, SPEC 3.14.6 Halfling: the double goes to the turn's first sale)."""
    values = [c.treasure(i).value for i in sold]
    total = sum(values)
    if values and has(s, c, seat, "halfling") and HALFLING_USED not in s.deals_used:
        total += max(values)
    return total


def buy_level(s: QuestState, c: Content, seat: int, sold: tuple[int, ...], ev: list[Event]) -> None:
    """Sell any items together (hand or play; READING of R29/R131) and top up with gold to
    1,000; items never give change (R131)."""
    value = sale_total(s, c, seat, sold)
    if sold and has(s, c, seat, "halfling"):
        s.deals_used.append(HALFLING_USED)
    # In the order they are held (hand, then play), not by card number: which one tops the
    # discard pile is no business of the numbering (issue 26.4; the pile is reshuffled, R31)
    for item in [x for x in [*s.hand[seat], *s.gear[seat]] if x in sold]:
        if item in s.hand[seat]:
            s.hand[seat].remove(item)
        else:
            take_item(s, seat, item)
        discard_treasure(s, c, item)
    s.gold[seat] -= max(0, LEVEL_PRICE - value)
    s.level[seat] += 1
    ev.append(Event("buy_level", {"seat": seat, "items": list(sold), "level": s.level[seat]}))
    check_health(s, c, seat, ev)


def sales(s: QuestState, c: Content, seat: int) -> list[tuple[int, ...]]:
    """Every way to buy a level now (R131): gold alone, or items from the hand and the table
    with gold paying what they leave. Copies of one card are interchangeable (the first free
    ones stand for them), and no set holds an item it could do without (items give no
    change, so a superfluous one would only be thrown away; this keeps the list short)."""
    if s.level[seat] >= 9:  # never the winning level (R131)
        return []
    by_def: dict[int, list[int]] = {}
    for item in [*s.hand[seat], *s.gear[seat]]:
        if c.deck_of[item] == "T" and c.treasure(item).value > 0:
            by_def.setdefault(c.def_of[item], []).append(item)
    groups = sorted(by_def.values(), key=lambda g: (-c.treasure(g[0]).value, g[0]))
    out: list[tuple[int, ...]] = []

    def grow(at: int, chosen: tuple[int, ...]) -> None:
        if at == len(groups) or sale_total(s, c, seat, chosen) >= LEVEL_PRICE:
            if _affordable(s, c, seat, chosen) and not _superfluous(s, c, seat, chosen):
                out.append(tuple(sorted(chosen)))
            return
        group = groups[at]
        for n in range(len(group) + 1):
            grow(at + 1, chosen + tuple(group[:n]))
            if sale_total(s, c, seat, chosen + tuple(group[:n])) >= LEVEL_PRICE:
                break

    grow(0, ())
    return sorted(set(out), key=lambda t: (len(t), t))


def _affordable(s: QuestState, c: Content, seat: int, sold: tuple[int, ...]) -> bool:
    return s.gold[seat] >= max(0, LEVEL_PRICE - sale_total(s, c, seat, sold))


def _superfluous(s: QuestState, c: Content, seat: int, sold: tuple[int, ...]) -> bool:
    """An item the others (without gold) already pay the whole price without."""
    return any(
        sale_total(s, c, seat, sold[:i] + sold[i + 1 :]) >= LEVEL_PRICE for i in range(len(sold))
    )


def drop(s: QuestState, c: Content, seat: int, item: int, ev: list[Event]) -> None:
    take_item(s, seat, item)
    s.dropped.setdefault(s.pos[seat], []).append(item)
    ev.append(Event("drop", {"seat": seat, "card": item, "cell": list(s.pos[seat])}))
    check_health(s, c, seat, ev)


def pick_up(s: QuestState, seat: int, ev: list[Event]) -> None:
    """Take the gold here and choose among the dropped items, any of them or none (R153):
    a pending ``pick_up`` takes one card at a time until the stack is gone or enough."""
    cell = s.pos[seat]
    gold = s.floor_gold.pop(cell, 0)
    if gold:
        s.gold[seat] += gold
        ev.append(Event("pick_up", {"seat": seat, "cards": [], "gold": gold}))
    if s.dropped.get(cell):
        s.pending.append(Pending("pick_up", seat, [cell[0], cell[1]]))


def pick(s: QuestState, seat: int, item: int, ev: list[Event]) -> None:
    """One card of the room's dropped stack into the hand (R153)."""
    p = s.pending[-1]
    cell = (p.data[0], p.data[1])
    stack = s.dropped[cell]
    stack.remove(item)
    s.hand[seat].append(item)
    ev.append(Event("pick_up", {"seat": seat, "cards": [item], "gold": 0}))
    if not stack:
        del s.dropped[cell]
        s.pending.pop()


def pickable(s: QuestState, c: Content, seat: int) -> list[int]:
    """The stack's cards one may take next, one per definition (copies are alike)."""
    p = s.pending[-1]
    seen: set[int] = set()
    out = []
    for item in s.dropped.get((p.data[0], p.data[1]), []):
        if c.def_of[item] not in seen:
            seen.add(c.def_of[item])
            out.append(item)
    return out
