"""Monsters on the board: new monsters and their bases (R51, R16), removal (R73), ignoring
(R91), and the Monster Turn exactly (R70–R86; grid details: READINGs of SPEC 3.11)."""

from __future__ import annotations

from engine.core import Event
from engine.core.nothing import wire
from engine.quest.board import (
    bbox,
    draw_card,
    edge,
    link,
    monster_die,
    opposite,
    step_cell,
)
from engine.quest.content import COLOURS, DOOR, ENTRANCE, HIDDEN, LOCKED, PASSAGE, WALL, Content
from engine.quest.rules.answerable import die_window_due
from engine.quest.rules.dice import open_window
from engine.quest.state import Cell, Mon, Pending, QuestState

BASES_PER_COLOUR = 3  # R11, R51
ORIGIN: Cell = (0, 0)


def owner(s: QuestState, m: Mon) -> int | None:
    """The seat of the base colour (R87); None when that colour is not seated (or no base
    is picked yet)."""
    return m.base if m.base is not None and m.base < s.seats else None


def level_of(s: QuestState, c: Content, m: Mon) -> int:
    """Level + enhancers (for the removal rule, R51): the Boss is 20 (R121; option ``boss``)."""
    base = s.boss_level if m.boss else c.monsters[m.mdef].level
    return base + sum(c.dxm_card(e).amount for e in m.enh)


def free_bases(s: QuestState, colour: int) -> int:
    used = sum(1 for m in s.mons if m.base == colour)
    return BASES_PER_COLOUR - used if colour < s.seats else 0


def draw_dxm(s: QuestState, seat: int, ev: list[Event], why: str) -> None:
    card = draw_card(s, "D")
    if card is None:
        return
    s.hand[seat].append(card)
    ev.append(
        Event(
            "draw", {"seat": seat, "deck": "dxm", "why": why}, {"cards": [card]}, frozenset({seat})
        )
    )


def remove(s: QuestState, m: Mon) -> None:
    """A slain or removed monster: card and enhancers to the discards, base back (R73)."""
    s.mons.remove(m)
    if m.card is not None:
        s.discards["M"].append(m.card)
    s.discards["D"].extend(m.enh)
    m.enh = []
    if m.carried:  # what it carried falls in its room (READING SPEC 3.9)
        s.dropped.setdefault(m.cell, []).extend(m.carried)
        m.carried = []


def new_monster(
    s: QuestState, c: Content, cell: Cell, chooser: int, ev: list[Event], boss: bool = False
) -> Mon | None:
    """Draw the top Monster card into ``cell`` and give it a base (R51, SPEC 3.6 step 6)."""
    card = draw_card(s, "M")
    if card is None:
        return None
    return place(s, c, card, c.def_of[card], cell, chooser, ev, boss)


def place(
    s: QuestState,
    c: Content,
    card: int | None,
    mdef: int,
    cell: Cell,
    chooser: int,
    ev: list[Event],
    boss: bool = False,
) -> Mon:
    """Roll the Monster Die for the base: the rolled colour's if seated and free; otherwise
    the chooser picks a free one (a pending ``base``, nobody draws for it); with none free at
    all, every monster of the highest level leaves play first (READING of the GARBLED end of
    R51, SPEC 3.6). The base is given once the roll's die window closes (R16, SPEC 3.5)."""
    colour = monster_die(s)
    if not any(free_bases(s, k) for k in range(s.seats)):
        pool = [m for m in s.mons if not m.boss]
        top = max((level_of(s, c, m) for m in pool), default=0)
        for m in [m for m in pool if level_of(s, c, m) == top]:
            ev.append(Event("monster_removed", {"monster": wire(m.card), "why": "no_base"}))
            remove(s, m)
            if s.fight is not None and m.serial in s.fight.mons:  # R94: it leaves the fight
                s.fight.mons.remove(m.serial)
    m = Mon(s.next_serial, card, mdef, cell, None, boss=boss)
    s.next_serial += 1
    s.mons.append(m)
    windowed = die_window_due(s, c, "base")
    if not windowed:
        give_base(s, m, colour, chooser, ev, windowed=False)
    shown = {"monster": wire(card), "cell": list(cell), "base": wire(m.base), "boss": boss}
    ev.append(Event("monster", shown))
    if windowed:
        open_window(s, "base", chooser, [colour], [m.serial], ev)
    return m


def give_base(
    s: QuestState, m: Mon, colour: int, chooser: int, ev: list[Event], windowed: bool = True
) -> None:
    """The base from the Monster Die as it stands (R51, R16); after its die window
    (``windowed``) the base is announced on its own, the new monster's event having none."""
    s.last_colour = colour
    ev.append(Event("monster_die", {"colour": COLOURS[colour], "why": "base"}))
    if colour < s.seats:  # R16, R51: the rolled colour's player draws, base free or not
        draw_dxm(s, colour, ev, "monster_die")
    if colour < s.seats and free_bases(s, colour) > 0:
        m.base = colour
    else:  # R51: the explorer chooses; the chosen colour's player draws nothing
        choices = [k for k in range(s.seats) if free_bases(s, k) > 0]
        if len(choices) == 1:
            m.base = choices[0]
        else:
            s.pending.append(Pending("base", chooser, [m.serial]))
    if m.base is not None and windowed:
        ev.append(Event("base", base_data(m, colour)))


def base_data(m: Mon, rolled: int | None) -> dict[str, object]:
    """A base event's data: the die's colour too when the monster stands elsewhere (R51: no
    base of that colour was free), so the log says why the two differ."""
    data: dict[str, object] = {"monster": wire(m.card), "base": m.base}
    if rolled is not None and m.base != rolled:
        data["rolled"] = COLOURS[rolled]
    return data


def ignores(s: QuestState, c: Content, m: Mon, seat: int) -> bool:
    """A monster ignores a munchkin by its card or a card played this turn (R91); the Boss
    never ignores a Level 10 munchkin (R121)."""
    if m.boss:
        return False
    if (m.serial, seat) in s.ignore:
        return True
    ig = c.monsters[m.mdef].ignores
    lvl = s.level[seat]
    return (ig.level_at_least > 0 and lvl >= ig.level_at_least) or (
        ig.level_at_most > 0 and lvl <= ig.level_at_most
    )


# --- the Monster Turn ---------------------------------------------------------------------


def can_cross(c: Content, m: Mon, kind: int) -> bool:
    """Passages and doors by default; cards add locked, hidden, walls (R75, R77, R79)."""
    if kind in (PASSAGE, DOOR):
        return True
    d = c.monsters[m.mdef]
    return (
        (kind == LOCKED and "locked" in d.crosses)
        or (kind == HIDDEN and "hidden" in d.crosses)
        or (kind == WALL and "wall" in d.crosses)
    )


def _scan(s: QuestState, start: Cell, d: str) -> Cell | None:
    """Across the dark (R83): the first room further along ``d`` inside the bounding box of
    placed rooms, else the first from the far edge of the box in the same row or column."""
    x0, y0, x1, y1 = bbox(s)
    cur = step_cell(start, d)
    while x0 <= cur[0] <= x1 and y0 <= cur[1] <= y1:
        if cur in s.rooms:
            return cur
        cur = step_cell(cur, d)
    far = {"E": (x0, start[1]), "W": (x1, start[1]), "S": (start[0], y0), "N": (start[0], y1)}[d]
    cur = far
    while cur != start:
        if cur in s.rooms:
            return cur
        cur = step_cell(cur, d)
    return None


def _step(
    s: QuestState, c: Content, m: Mon, d: str, visited: list[Cell], path: list[object]
) -> Cell | None:
    here = m.cell
    kind = link(s, here, d)
    if not can_cross(c, m, kind):
        return None
    r: Cell | None = step_cell(here, d)
    if r not in s.rooms:
        r = _scan(s, here, d)
        if r is None or r == here:
            return None
        path.append("wrap")
    through = r == ORIGIN  # sunlight: straight through in one step, never stopping (R3, R78)
    if through:
        r = step_cell(ORIGIN, d)
        if r not in s.rooms or ORIGIN in visited:
            return None  # no retracing through the Entrance either (R81)
    if r in visited:  # no retracing (R81)
        return None
    sizes = [
        getattr(x, "size", "") for x in c.rooms[s.rooms[r]].rules if x.op == "no_monster_entry"
    ]
    if c.monsters[m.mdef].size in sizes:
        return None
    if through:  # recorded only once the step beyond is sure: a blocked monster stays put
        visited.append(ORIGIN)
        path.append([ORIGIN[0], ORIGIN[1]])
    if c.monsters[m.mdef].smash and kind in (DOOR, LOCKED, HIDDEN) and here != ORIGIN:
        s.links[edge(here, d)] = PASSAGE  # smashed before the others move (R80)
    visited.append(r)
    return r


def _enter(s: QuestState, m: Mon, r: Cell, path: list[object]) -> None:
    m.cell = r
    path.append([r[0], r[1]])
    who = owner(s, m)
    m.gotcha = who is not None and s.pos[who] == r  # R82: set only by the monster entering


def move_monster(s: QuestState, c: Content, m: Mon, colour: int) -> list[object]:
    path: list[object] = [[m.cell[0], m.cell[1]]]
    d = c.monsters[m.mdef]
    who = owner(s, m)
    if m.gotcha and (who is None or s.pos[who] != m.cell):
        m.gotcha = False  # the target's figure left: the hold ends (READING SPEC 3.11)
    if d.move == "lurking" or any(r.op == "lurk_here" for r in c.rooms[s.rooms[m.cell]].rules):
        path.append("lurks")
        return path
    if m.gotcha:
        path.append("gotcha")
        return path
    arrow = c.arrows[s.rooms[m.cell]][colour]
    if arrow is None:
        path.append("no_arrow")
        return path
    way = opposite(arrow) if d.move == "contrary" else arrow
    visited = [m.cell]
    moved = 0
    last = way
    while True:
        r = _step(s, c, m, way, visited, path)
        if r is None:
            path.append("blocked")
            break
        _enter(s, m, r, path)
        moved += 1
        last = way
        if m.gotcha:
            path.append("gotcha")
            return path
        if d.move == "slow":
            path.append("slow")
            return path
        nxt = c.arrows[s.rooms[r]][colour]
        if nxt is None:
            path.append("no_arrow")
            break
        way = nxt
    if d.move == "fast" and moved >= 1:
        r = _step(s, c, m, last, visited, path)
        if r is not None:
            _enter(s, m, r, path)
            path.append("fast")
    return path


def monster_turn(s: QuestState, c: Content, ev: list[Event]) -> bool:
    """Roll the Monster Die (always, R71); unless its die window opens (R16, SPEC 3.5), move
    the monsters at once. False when the window holds the turn (``turn.close_window`` goes on)."""
    colour = monster_die(s)
    if die_window_due(s, c, "monster_turn"):
        open_window(s, "monster_turn", s.turn, [colour], [], ev)
        return False
    move_all(s, c, colour, ev)
    return True


def move_all(s: QuestState, c: Content, colour: int, ev: list[Event]) -> None:
    """Pay the colour a DxM, then move every monster: door smashers first, then in placement
    order; nothing interrupts it (R80)."""
    s.last_colour = colour
    ev.append(Event("monster_die", {"colour": COLOURS[colour], "why": "monster_turn"}))
    if colour < s.seats:
        draw_dxm(s, colour, ev, "monster_die")
    movers = sorted(
        (m for m in s.mons if not m.boss), key=lambda m: (not c.monsters[m.mdef].smash, m.serial)
    )
    s.last_paths = []
    for m in movers:
        path = move_monster(s, c, m, colour)
        s.last_paths.append([m.serial, path])
    ev.append(Event("monster_turn", {"colour": COLOURS[colour], "paths": s.last_paths}))


def entrance_room(c: Content) -> int:
    return ENTRANCE
