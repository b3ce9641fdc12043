"""Items (R141–R154, SPEC 3.12): where a played item goes (slots, Hands, worn, belt, pack),
arranging with the pack, buying levels, dropping and picking up."""

from __future__ import annotations

from engine.core import Event
from engine.quest.content import Content
from engine.quest.effects import check_health, discard_treasure, take_item
from engine.quest.state import QuestState
from engine.quest.stats import hands_free, has, pack_size

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


def packed(s: QuestState, seat: int) -> int:
    return sum(1 for z in s.gear[seat].values() if z == "pack")


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


def overflowing(s: QuestState, c: Content) -> int:
    """A live seat holding more packed items than its pack takes (R149), or -1."""
    for k in range(s.seats):
        if not s.out[k] and not s.dead[k] and packed(s, k) > pack_size(s, c, k):
            return k
    return -1


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


def sale_value(s: QuestState, c: Content, seat: int, item: int) -> int:
    """Face value; a Halfling's first item sold for a level each turn counts double (R131,
    SPEC 3.14.6 Halfling: the double goes to the first sale, the only one that may use it)."""
    value = c.treasure(item).value
    if has(s, c, seat, "halfling") and HALFLING_USED not in s.deals_used:
        return 2 * value
    return value


def buy_level(s: QuestState, c: Content, seat: int, item: int, ev: list[Event]) -> None:
    """Sell one item (hand or play; READING of R29/R131) and top up with gold to 1,000; items
    never give change (R131)."""
    value = 0
    if item >= 0:
        value = sale_value(s, c, seat, item)
        if has(s, c, seat, "halfling"):
            s.deals_used.append(HALFLING_USED)
        if item in s.hand[seat]:
            s.hand[seat].remove(item)
        else:
            take_item(s, seat, item)
        discard_treasure(s, c, item)
    s.gold[seat] -= max(0, LEVEL_PRICE - value)
    s.level[seat] += 1
    ev.append(Event("buy_level", {"seat": seat, "item": item, "level": s.level[seat]}))
    check_health(s, c, seat, ev)


def can_buy(s: QuestState, c: Content, seat: int, item: int) -> bool:
    if s.level[seat] >= 9:  # never the winning level (R131)
        return False
    value = sale_value(s, c, seat, item) if item >= 0 else 0
    return s.gold[seat] >= max(0, LEVEL_PRICE - value)


def drop(s: QuestState, c: Content, seat: int, item: int, ev: list[Event]) -> None:
    take_item(s, seat, item)
    s.dropped.setdefault(s.pos[seat], []).append(item)
    ev.append(Event("drop", {"seat": seat, "card": item, "cell": list(s.pos[seat])}))
    check_health(s, c, seat, ev)


def pick_up(s: QuestState, seat: int, ev: list[Event]) -> None:
    """1 Move takes everything dropped here, cards to the hand (R153)."""
    cell = s.pos[seat]
    cards = s.dropped.pop(cell, [])
    gold = s.floor_gold.pop(cell, 0)
    s.hand[seat].extend(cards)
    s.gold[seat] += gold
    ev.append(Event("pick_up", {"seat": seat, "cards": cards, "gold": gold}))
