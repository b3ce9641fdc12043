"""Movement, exploring, searching and deals (R38–R68, SPEC 3.5–3.7)."""

from __future__ import annotations

from engine.core import Event
from engine.quest.board import (
    adjacent,
    draw_card,
    draw_tile,
    edge,
    link,
    open_to_dark,
    place_room,
    roll,
    step_cell,
)
from engine.quest.content import ENTRANCE, WALL, Content
from engine.quest.rules import combat
from engine.quest.rules.answerable import die_window_due
from engine.quest.rules.dice import open_window
from engine.quest.rules.effects import check_health, discard_treasure, heal, hit, take_item
from engine.quest.rules.items import pick_up
from engine.quest.rules.monsters import draw_dxm, new_monster
from engine.quest.state import Cell, Pending, QuestState
from engine.quest.stats import (
    can_grapple,
    dark_blocked,
    has_power,
    icon_dice,
    link_cost,
    move_left,
    room,
    room_rules,
    search_mod,
)

# R66: the Search Table, by total: (gold, treasures, token) or "monster"
SEARCH_TABLE: dict[int, tuple[int, int, int] | None] = {
    2: (300, 0, 0),
    3: (400, 0, 0),
    4: (500, 0, 0),
    5: (100, 1, 1),
    6: (300, 1, 1),
    7: None,
    8: (500, 1, 1),
    9: (0, 2, 2),
    10: (500, 2, 2),
}
RANSACKED, LOOTED_OUT = 1, 2


def go_cost(s: QuestState, c: Content, seat: int, d: str, left: int | None = None) -> int | None:
    """What going through side ``d`` costs now; ``None`` if it is not legal (walls, the dark
    once the tiles are gone, too little Move and the all-in rule spent)."""
    cell = s.pos[seat]
    cost = link_cost(s, c, seat, cell, d, hook=can_grapple(s, c, seat))
    if cost is None or dark_blocked(s, cell, d):
        return None
    if open_to_dark(s, cell, d) and s.explore_limit and s.explored >= s.explore_limit:
        return None
    if cost <= (move_left(s, c, seat) if left is None else left):
        return cost
    if s.spent[seat] == 0 and not s.allin_used and not s.stopped:
        return -1  # the all-in rule (READING R42): all your Move, even 0
    return None


def go(s: QuestState, c: Content, seat: int, d: str, ev: list[Event]) -> None:
    cost = go_cost(s, c, seat, d)
    assert cost is not None
    if cost < 0:
        s.allin_used = True
        s.spent[seat] = max(s.spent[seat], 99)
    else:
        s.spent[seat] += cost
    how = "walked"
    if link(s, s.pos[seat], d) == WALL:
        s.grappled, how = True, "grappled"  # the Grappling Hook, once a turn (SPEC 3.14)
    target = step_cell(s.pos[seat], d)
    s.pos[seat] = target
    ev.append(Event("moved", {"seat": seat, "cell": list(target), "how": how}))
    if target not in s.rooms:
        explore(s, c, seat, target, ev)
        return
    on_enter(s, c, seat, target, ev)


def explore(s: QuestState, c: Content, seat: int, cell: Cell, ev: list[Event]) -> None:
    """Lay a tile, draw its links (R46–R48), then offer the optional DxM (R49)."""
    rid = draw_tile(s, c)
    place_room(s, c, cell, rid)
    s.explored += 1
    ev.append(
        Event(
            "explore",
            {
                "seat": seat,
                "cell": list(cell),
                "room": c.rooms[rid].id,
                "links": [s.links[k] for k in _edges(cell)],
            },
        )
    )
    s.pending.append(Pending("explore_dxm", seat, [cell[0], cell[1]]))


def _edges(cell: Cell) -> list[tuple[int, int, str]]:
    return [edge(cell, d) for d in "NESW"]


def after_explore_dxm(
    s: QuestState, c: Content, seat: int, cell: Cell, take: bool, ev: list[Event]
) -> None:
    if take:
        draw_dxm(s, seat, ev, "explore")
    on_enter(s, c, seat, cell, ev, explore=True)
    if s.window is None:  # else the room roll's window goes on with the monster
        explore_monster(s, c, seat, cell, ev)


def explore_monster(s: QuestState, c: Content, seat: int, cell: Cell, ev: list[Event]) -> None:
    if s.dead[seat]:
        return
    if new_monster(s, c, cell, seat, ev) is not None:  # R51: a new room always has one
        combat.begin(s, c, seat, cell, ev)


def on_enter(
    s: QuestState, c: Content, seat: int, cell: Cell, ev: list[Event], explore: bool = False
) -> None:
    """Room rules that act on entering (R50); the fight itself starts in ``settle``. A room
    roll gets its die window (R16, SPEC 3.5); ``explore`` then goes on with the new monster."""
    for rule in room_rules(s, c, cell, "on_enter_hit"):
        if has_power(s, c, seat, getattr(rule, "power", "")):
            hit(s, c, seat, 1, ev)
    for rule in room_rules(s, c, cell, "on_enter_roll"):
        ctx = [
            getattr(rule, "low", 0),
            1 if getattr(rule, "effect", "") == "hit" else 0,
            1 if explore else 0,
            cell[0],
            cell[1],
        ]
        face = roll(s)
        if die_window_due(s, c, "room"):
            open_window(s, "room", seat, [face], ctx, ev)
            return  # one roll per room (data/quest/rooms.toml)
        # With no window the explorer's monster comes from ``after_explore_dxm``, not here
        # too (a new room has one monster, R51).
        ctx[2] = 0
        room_roll_result(s, c, seat, ctx, face, ev)


def room_roll_result(
    s: QuestState, c: Content, seat: int, ctx: list[int], face: int, ev: list[Event]
) -> None:
    """The room roll as it stands after its window: a low roll hits or stops (R50)."""
    low, is_hit, explore, x, y = ctx
    ev.append(Event("room_roll", {"seat": seat, "die": face}))
    if face <= low:
        if is_hit:
            hit(s, c, seat, 1, ev)
        else:
            s.stopped = True
    if explore and s.window is None:
        explore_monster(s, c, seat, (x, y), ev)


def can_search(s: QuestState, c: Content, seat: int) -> bool:
    cell = s.pos[seat]
    return (
        move_left(s, c, seat) >= 1
        and room(s, c, cell).search != "none"
        and s.tokens.get(cell) != LOOTED_OUT
        and not s.mons_at(cell)
        and cell not in s.searched
    )


def search(s: QuestState, c: Content, seat: int, ev: list[Event]) -> None:
    """R60–R68, SPEC 3.7: dice by icons, + the room's search icon, a Ransacked token −2."""
    cell = s.pos[seat]
    s.spent[seat] += 1
    s.searched.append(cell)
    dice = icon_dice(s, c, seat, cell)
    faces = [roll(s) for _ in range(max(0, dice))]
    if faces and die_window_due(s, c, "search"):
        open_window(s, "search", seat, faces, [], ev)  # R16: the dice may still change
        return
    search_result(s, c, seat, faces, ev)


def search_result(s: QuestState, c: Content, seat: int, faces: list[int], ev: list[Event]) -> None:
    """The Search Table on the dice as they stand after their window (R66)."""
    cell = s.pos[seat]
    icon = room(s, c, cell).search
    total = sum(faces) + (icon if isinstance(icon, int) else 0) + search_mod(s, c, seat)
    if s.tokens.get(cell) == RANSACKED:
        total -= 2
    ev.append(Event("search", {"seat": seat, "dice": faces, "total": total}))
    result = None if total <= 1 else SEARCH_TABLE.get(total, (0, 3, 2))
    if result is None:
        if new_monster(s, c, cell, seat, ev) is not None:
            combat.begin(s, c, seat, cell, ev, from_search=True)
        return
    gold, treasures, token = result
    s.gold[seat] += gold
    if token:
        old = s.tokens.get(cell, 0)
        s.tokens[cell] = LOOTED_OUT if token == 2 or old == RANSACKED else RANSACKED
    drawn = [x for x in (draw_card(s, "T") for _ in range(treasures)) if x is not None]
    s.hand[seat].extend(drawn)
    others = any(k != seat and s.pos[k] == cell for k in range(s.seats) if not s.out[k])
    face_up = others or bool(room_rules(s, c, cell, "face_up"))
    data = {
        "seat": seat,
        "gold": gold,
        "count": len(drawn),
        "token": s.tokens.get(cell, 0),
        "public": face_up,
    }
    if face_up:
        ev.append(Event("found", {**data, "cards": drawn}))
    else:
        ev.append(Event("found", data, {"cards": drawn}, frozenset({seat})))
    if s.dropped.get(cell) or s.floor_gold.get(cell):
        pick_up(s, seat, ev)  # R60, R153: the search's share, any of the stack


# --- deals (R59, SPEC 3.14.2) --------------------------------------------------------------


def deal_ok(s: QuestState, c: Content, seat: int, n: int, pay_card: int | None) -> bool:
    cell = s.pos[seat]
    deals = room(s, c, cell).deals
    if n >= len(deals) or s.mons_at(cell):
        return False
    deal = deals[n]
    if deal.move > move_left(s, c, seat):
        return False
    if deal.limit == "turn" and (cell[0], cell[1], n) in s.deals_used:
        return False
    p = deal.pay
    if s.gold[seat] < p.gold:
        return False
    if p.treasure_cards and sum(1 for x in s.hand[seat] if c.deck_of[x] == "T") < p.treasure_cards:
        return False
    if p.cards and len(s.hand[seat]) < p.cards:
        return False
    if p.item or p.value:
        if pay_card is None or c.deck_of[pay_card] != "T":
            return False
        if pay_card not in s.hand[seat] and pay_card not in s.gear[seat]:
            return False
        if p.value and not any(s.dropped.values()):
            return False
    elif pay_card is not None:
        return False
    return any(g.op != "heal" for g in deal.get) or s.hits[seat] > 0


def do_deal(
    s: QuestState, c: Content, seat: int, n: int, pay_card: int | None, ev: list[Event]
) -> None:
    cell = s.pos[seat]
    deal = room(s, c, cell).deals[n]
    s.spent[seat] += deal.move
    s.deals_used.append((cell[0], cell[1], n))
    p = deal.pay
    s.gold[seat] -= p.gold
    for _ in range(p.treasure_cards):
        card = next(x for x in s.hand[seat] if c.deck_of[x] == "T")
        s.hand[seat].remove(card)
        discard_treasure(s, c, card)
    for _ in range(p.cards):
        discard_treasure(s, c, s.hand[seat].pop(0))
    value = 0
    if pay_card is not None:
        value = c.treasure(pay_card).value
        if pay_card in s.hand[seat]:
            s.hand[seat].remove(pay_card)
        else:
            take_item(s, seat, pay_card)
        discard_treasure(s, c, pay_card)
        check_health(s, c, seat, ev)  # a Health item paid away lowers the maximum (R138)
    ev.append(Event("deal", {"seat": seat, "deal": deal.name}))
    for g in deal.get:
        if g.op == "heal":
            heal(s, c, seat, g.amount, ev)
        elif g.op == "pawn":
            s.gold[seat] += (value // 2) // 100 * 100
        elif g.op in ("wager", "toss"):
            face = roll(s)
            if die_window_due(s, c, g.op):  # R16, SPEC 3.5: a Deal roll gets its die window
                open_window(s, g.op, seat, [face], [], ev)
            else:
                deal_roll_result(s, c, seat, g.op, face, ev)
        elif g.op == "draw":
            _draw_to(s, seat, "D" if g.deck == "dxm" else "T", g.amount)
        elif g.op == "uncurse":
            if s.curses[seat]:
                s.discards["D"].append(s.curses[seat].pop(0))
        elif g.op == "bid":
            _bid(s, c, seat, value)
        elif g.op == "teleport":
            _teleport(s, seat, g.to)


def deal_roll_result(
    s: QuestState, c: Content, seat: int, op: str, face: int, ev: list[Event]
) -> None:
    """A Deal's die as it stands after its window: the Wager pays on 5+ and hurts on a 1, the
    Toss finds a Treasure on a 6 (data/quest/rooms.toml)."""
    ev.append(Event("room_roll", {"seat": seat, "die": face, "deal": op}))
    if op == "wager":
        if face >= 5:
            s.gold[seat] += 1000
        elif face == 1:
            hit(s, c, seat, 1, ev)
    elif face == 6:
        _draw_to(s, seat, "T", 1)


def _draw_to(s: QuestState, seat: int, deck: str, n: int) -> None:
    for _ in range(n):
        card = draw_card(s, deck)
        if card is not None:
            s.hand[seat].append(card)


def _bid(s: QuestState, c: Content, seat: int, value: int) -> None:
    for cell, stack in s.dropped.items():
        for item in stack:
            if c.deck_of[item] == "T" and c.treasure(item).value <= value:
                stack.remove(item)
                s.hand[seat].append(item)
                if not stack:
                    del s.dropped[cell]
                return


def _teleport(s: QuestState, seat: int, to: str) -> None:
    if to == "entrance":
        s.pos[seat] = (0, 0)
        return
    near = [n for _, n in adjacent(s, (0, 0))]
    if near:
        s.pos[seat] = near[0]


def entrance_id() -> int:
    return ENTRANCE
