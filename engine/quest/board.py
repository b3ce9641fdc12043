"""The map model (SPEC 3.2): a square grid of room faces, one link on every side of every
placed room, edges normalised to their N or W owner; and the random draws (tiles, links,
dice, decks) with the scenario stacks used first."""

from __future__ import annotations

from engine.quest.content import (
    COLOURS,
    DELTA,
    DIRS,
    ENTRANCE,
    KIND_OF_NAME,
    OPPOSITE,
    PASSAGE,
    WALL,
    Content,
)
from engine.quest.state import Cell, Edge, QuestState


def edge(cell: Cell, d: str) -> Edge:
    x, y = cell
    if d == "N":
        return (x, y, "N")
    if d == "W":
        return (x, y, "W")
    if d == "S":
        return (x, y + 1, "N")
    return (x + 1, y, "W")


def step_cell(cell: Cell, d: str) -> Cell:
    dx, dy = DELTA[d]
    return (cell[0] + dx, cell[1] + dy)


def link(s: QuestState, cell: Cell, d: str) -> int:
    """The link kind on side ``d`` of ``cell`` (a placed room always has one)."""
    return s.links.get(edge(cell, d), WALL)


def neighbour(s: QuestState, cell: Cell, d: str) -> Cell | None:
    n = step_cell(cell, d)
    return n if n in s.rooms else None


def adjacent(s: QuestState, cell: Cell) -> list[tuple[str, Cell]]:
    """Rooms joined to ``cell`` by an exit, i.e. any link but a wall (R56, R41)."""
    out = []
    for d in DIRS:
        n = step_cell(cell, d)
        if n in s.rooms and link(s, cell, d) != WALL:
            out.append((d, n))
    return out


def is_adjacent_or_same(s: QuestState, a: Cell, b: Cell) -> bool:
    return a == b or any(n == b for _, n in adjacent(s, a))


def bbox(s: QuestState) -> tuple[int, int, int, int]:
    xs = [c[0] for c in s.rooms]
    ys = [c[1] for c in s.rooms]
    return min(xs), min(ys), max(xs), max(ys)


# --- random draws, stacked first ---------------------------------------------------------


def roll(s: QuestState, sides: int = 6) -> int:
    key = "d6" if sides == 6 else "d10"
    stack = s.stack.get(key)
    if stack:
        return int(stack.pop(0))
    return s.rng.roll(sides)


def monster_die(s: QuestState) -> int:
    stack = s.stack.get("monster_die")
    if stack:
        return COLOURS.index(str(stack.pop(0)))
    return s.rng.below(6)


def coin(s: QuestState) -> int:
    stack = s.stack.get("coins")
    if stack:
        return int(stack.pop(0))
    return s.rng.below(2)


def draw_card(s: QuestState, deck: str) -> int | None:
    """The top card; an empty deck is rebuilt from its discards; none at all: nothing (R20)."""
    cards = s.decks[deck]
    if not cards:
        pile = s.discards[deck]
        if not pile:
            return None
        cards.extend(pile)
        pile.clear()
        s.rng.shuffle(cards)
    return cards.pop()


def draw_tile(s: QuestState, content: Content) -> int:
    """A tile at random from the pool, and a coin for its face (READING R11/R47)."""
    stack = s.stack.get("tiles")
    if stack:
        rid = content.room_index[str(stack.pop(0))]
        tile = content.rooms[rid].tile
        if tile in s.tile_pool:
            s.tile_pool.remove(tile)
        return rid
    tile = s.tile_pool.pop(s.rng.below(len(s.tile_pool)))
    return content.faces[tile][coin(s)]


def draw_link(s: QuestState) -> int:
    """A link at random from the pool, and a coin for its face: heads its front, tails the
    passage on its back (READING R12/R48). An empty pool gives a passage."""
    stack = s.stack.get("links")
    if stack:
        kind = KIND_OF_NAME[str(stack.pop(0))]
        if kind != PASSAGE and kind in s.link_pool:
            s.link_pool.remove(kind)
        return kind
    if not s.link_pool:
        return PASSAGE
    kind = s.link_pool.pop(s.rng.below(len(s.link_pool)))
    return kind if coin(s) else PASSAGE


def place_room(s: QuestState, content: Content, cell: Cell, rid: int) -> None:
    """Lay a room face on a dark cell and draw a link for each side that has none (R47, R48);
    sides facing placed rooms keep the link already there."""
    s.rooms[cell] = rid
    s.order.append(cell)
    for d in DIRS:
        e = edge(cell, d)
        if e not in s.links:
            s.links[e] = draw_link(s)
    del content  # faces are fixed orientation (R47): nothing else to set


def open_to_dark(s: QuestState, cell: Cell, d: str) -> bool:
    return step_cell(cell, d) not in s.rooms


def room_def_at(s: QuestState, content: Content, cell: Cell) -> int:
    return s.rooms.get(cell, ENTRANCE)


def opposite(d: str) -> str:
    return OPPOSITE[d]
