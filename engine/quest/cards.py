"""Playing cards: races and classes, curses, enhancers and extra monsters, Go Up a Level,
die changers, Cheat, magic movement, map changers, one-shots (R96, R115, R119, R120, R130,
R133–R137, R145, R159–R162; card texts SPEC 3.14.5–3.14.6)."""

from __future__ import annotations

from engine.core import Event
from engine.quest.board import edge, step_cell
from engine.quest.content import DIRS, HIDDEN, LOCKED, PASSAGE, WALL, Content
from engine.quest.defs import Effect
from engine.quest.rules import dice
from engine.quest.rules.effects import (
    apply_effect,
    check_health,
    discard_treasure,
    gain_levels,
    heal,
    hit,
    take_item,
)
from engine.quest.rules.monsters import _enter, can_cross, new_monster, place
from engine.quest.state import Cell, Mon, Pending, QuestState
from engine.quest.stats import has, power_works, room_rules

LASTING = ("next_fight", "move")


def spend(s: QuestState, c: Content, seat: int, card: int, ev: list[Event]) -> None:
    """Discard a card from the hand or from play (R31); an item in play that gave Health
    lowers the maximum at once (R138)."""
    if card in s.hand[seat]:
        s.hand[seat].remove(card)
        discard_treasure(s, c, card)
        return
    if card in s.roles[seat]:  # a class card may power its own ability (R135)
        drop_role(s, c, seat, card, ev)
        return
    take_item(s, seat, card)
    discard_treasure(s, c, card)
    check_health(s, c, seat, ev)


def role_room(s: QuestState, c: Content, seat: int, card: int) -> bool:
    kind = c.kind[card]
    kinds = [c.kind[r] for r in s.roles[seat]]
    if kind in ("half_breed", "super_munchkin"):
        return kind not in kinds
    limit = 1 + (1 if ("half_breed" if kind == "race" else "super_munchkin") in kinds else 0)
    same = [c.cid[r] for r in s.roles[seat] if c.kind[r] == kind]
    return len(same) < limit and c.cid[card] not in same


def play_role(s: QuestState, c: Content, seat: int, card: int, ev: list[Event]) -> None:
    s.hand[seat].remove(card)
    s.roles[seat].append(card)
    ev.append(Event("role", {"seat": seat, "card": card}))


def drop_role(s: QuestState, c: Content, seat: int, card: int, ev: list[Event]) -> None:
    s.roles[seat].remove(card)
    s.discards["D"].append(card)
    ev.append(Event("drop_role", {"seat": seat, "card": card}))
    check_health(s, c, seat, ev)


def curse(s: QuestState, c: Content, card: int, target: int, ev: list[Event]) -> None:
    """A curse acts at once then is discarded, except lasting ones (R162)."""
    d = c.dxm_card(card)
    ev.append(Event("curse", {"card": card, "target": target}))
    if d.op in LASTING:
        s.curses[target].append(card)
        return
    s.discards["D"].append(card)
    if d.op == "pull_monsters":
        pull_monsters(s, c, target, ev)
        return
    apply_effect(s, c, target, Effect(op=d.op, amount=d.amount, slot=d.slot, role=d.role), ev)


def pull_monsters(s: QuestState, c: Content, seat: int, ev: list[Event]) -> None:
    """Smells Like Lunch: monsters next door, through links they may cross, come in; a card
    moves even Lurking monsters (R79)."""
    here = s.pos[seat]
    for d in DIRS:
        n = step_cell(here, d)
        kind = s.links.get(edge(here, d), WALL)
        for m in s.mons_at(n):
            if not m.boss and can_cross(c, m, kind) and here != (0, 0):
                _enter(s, m, here, [])


def ring_holder(s: QuestState, c: Content, target: int) -> int | None:
    for item, zone in s.gear[target].items():
        if zone != "pack" and c.treasure(item).op == "cancel_curse":
            return item
    return None


def start_curse(
    s: QuestState, c: Content, seat: int, card: int, target: int, ev: list[Event]
) -> None:
    s.hand[seat].remove(card)
    if ring_holder(s, c, target) is not None:  # R162: the ring may cancel it before it acts
        s.pending.append(Pending("ring", target, [card, seat]))
        return
    curse_or_ward(s, c, card, seat, target, ev)


def ward_cleric(s: QuestState, c: Content, target: int) -> int | None:
    """The Cleric who may try to avert a curse on ``target`` (R162, SPEC 3.14.6): the victim
    if he is one, else the first living Cleric in his room; None if none, or if the room
    switches Cleric powers off (public facts only, so nobody learns a hand)."""
    here = s.pos[target]
    order: list[int] = [target, *range(s.seats)]
    for k in order:
        if s.dead[k] or s.out[k] or s.pos[k] != here or not has(s, c, k, "cleric"):
            continue
        off = room_rules(s, c, here, "no_power")
        if any(getattr(r, "role", "") == "cleric" for r in off):
            return None
        return k
    return None


def curse_or_ward(
    s: QuestState, c: Content, card: int, seat: int, target: int, ev: list[Event]
) -> None:
    cleric = ward_cleric(s, c, target)
    if cleric is not None:
        s.pending.append(Pending("ward", cleric, [card, seat, target]))
        return
    curse(s, c, card, target, ev)


def ward(s: QuestState, c: Content, cleric: int, p: Pending, ev: list[Event]) -> None:
    """The Cleric's one d10 attempt: on his level or less the curse is averted, discarded
    without acting (R136, R162)."""
    face = dice.roll_d10(s, c, "ward", cleric, "cleric", list(p.data), ev)
    if face is not None:
        ward_result(s, c, cleric, p.data, face, ev)


def ward_result(
    s: QuestState, c: Content, cleric: int, data: list[int], face: int, ev: list[Event]
) -> None:
    card, target = data[0], data[2]
    works = power_works(s, c, cleric, "cleric", face)
    ev.append(Event("power", {"seat": cleric, "role": "cleric", "d10": face, "works": works}))
    if works:
        s.discards["D"].append(card)
        ev.append(Event("curse_cancelled", {"seat": target, "by": cleric}))
    else:
        curse(s, c, card, target, ev)


def pickpocket_result(
    s: QuestState, c: Content, seat: int, t: int, face: int, ev: list[Event]
) -> None:
    """Pick Pocket after its d10 window: the best belt or packed item, or a hit."""
    loot = [i for i, z in s.gear[t].items() if z in ("belt", "pack")]
    if power_works(s, c, seat, "thief", face) and loot:
        item = max(loot, key=lambda i: (c.treasure(i).value, i))
        take_item(s, t, item)
        s.hand[seat].append(item)
        ev.append(Event("pickpocket", {"seat": seat, "from": t, "card": item, "d10": face}))
    else:
        ev.append(Event("pickpocket", {"seat": seat, "from": t, "d10": face}))
        hit(s, c, seat, 1, ev)


def enhance(s: QuestState, c: Content, seat: int, card: int, m: Mon, ev: list[Event]) -> None:
    s.hand[seat].remove(card)
    m.enh.append(card)
    ev.append(Event("enhance", {"seat": seat, "card": card, "monster": m.card}))


def extra_monster(
    s: QuestState, c: Content, seat: int, card: int, mate_of: Mon | None, ev: list[Event]
) -> None:
    """Wandering Monster: the top Monster card joins; Mate: a copy of one monster joins, with
    its own base (R120, SPEC 3.14.6)."""
    f = s.fight
    assert f is not None
    s.hand[seat].remove(card)
    s.discards["D"].append(card)
    if mate_of is None:
        m = new_monster(s, c, f.cell, seat, ev)
    else:
        m = place(s, c, None, mate_of.mdef, f.cell, seat, ev)  # R106: a copy, no card
    if m is not None:
        f.mons.append(m.serial)


def levelup(s: QuestState, c: Content, seat: int, card: int, target: int, ev: list[Event]) -> None:
    s.hand[seat].remove(card)
    s.discards["D"].append(card)
    gain_levels(s, target, 1, False, ev)  # never the winning level (R130)


def map_change(
    s: QuestState, c: Content, seat: int, at: Cell, card: int, d: str, ev: list[Event]
) -> None:
    """A map changer played by ``seat`` on side ``d`` of room ``at`` (his own on his turn, the
    active munchkin's in a Stop, R161)."""
    kind = WALL if c.dxm_card(card).to == "wall" else PASSAGE
    s.hand[seat].remove(card)
    s.discards["D"].append(card)
    s.links[edge(at, d)] = kind
    ev.append(Event("link", {"cell": list(at), "side": d, "link": kind}))


def map_change_ok(s: QuestState, c: Content, here: Cell, card: int, d: str) -> bool:
    n = step_cell(here, d)
    if here == (0, 0) or n == (0, 0):
        return False  # the Entrance's links never change (R2)
    kind = s.links.get(edge(here, d), WALL)
    if c.dxm_card(card).to == "wall":
        return kind != WALL and n in s.rooms
    return kind in (LOCKED, HIDDEN)


def magic_targets(s: QuestState, c: Content, seat: int, to: str) -> list[Cell]:
    here = s.pos[seat]
    if to == "entrance":
        return [] if here == (0, 0) else [(0, 0)]
    out = []
    for d in DIRS:
        n = step_cell(here, d)
        if n in s.rooms and (to == "adjacent_any" or s.links.get(edge(here, d), WALL) != WALL):
            out.append(n)
    return out


def second_wind(
    s: QuestState, c: Content, seat: int, card: int, amount: int, ev: list[Event]
) -> None:
    spend(s, c, seat, card, ev)
    heal(s, c, seat, amount, ev)


def is_role(c: Content, card: int) -> bool:
    return c.deck_of[card] == "D" and c.dxm_card(card).kind in (
        "race",
        "class",
        "half_breed",
        "super_munchkin",
    )


def warrior(s: QuestState, c: Content, seat: int) -> bool:
    return has(s, c, seat, "warrior")
