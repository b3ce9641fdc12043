"""The dungeon as a picture (SPEC 3.2 "Drawing the map", 4.2): each laid room a tile with its
short name, its map letter and its icons; each link drawn on the side it sits on (an open
passage joins two tiles, a door, a locked door, a hidden door with their Move cost, a wall as
a thick bar, a way into the dark as a stub); the seats' pawns in their colours and the
monsters as discs ringed with their base colour and showing their level.

The table's picture is for a phone: at most ``TABLE_W`` px wide and as tall, a window of at
most ``WINDOW`` × ``WINDOW`` cells around the seat whose turn it is; "Full map" draws every
room larger. A picture is drawn from a ``Scene``, the few public things it shows, and the
same scene is never drawn twice (a cache keyed by the scene).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.quest import mapfonts
from bot.render.model import Picture
from bot.render.pictures import BACKGROUND, INK, PAPER, Font, encode

Cell = tuple[int, int]
Link = tuple[int, int, str, int]  # x, y, side (N or W), kind (engine/quest/content.py)

TABLE_W = 400  # the table's picture: a phone's width, and never taller than that
FULL_W = 1200  # "Full map": every room, as large as this width allows
WINDOW = 4  # the table shows at most this many cells each way (a phone shrinks it to ~300 px)
MARGIN = 22  # room around the grid for the stubs of ways into the dark
MAX_CELL = 96
CHIPS_FROM = 100  # a tile this large or larger shows its room's icons
FULL_CELL = 120

OPEN, DOOR, LOCKED, HIDDEN, WALL = range(5)
ROOM = (226, 214, 186)
ENTRANCE = (240, 200, 96)
DARK = (31, 32, 36)
EDGE = (120, 104, 80)
DOOR_WOOD = (140, 90, 40)
LOCK_RED = (150, 40, 36)
WALL_INK = (18, 16, 14)
FOCUS = (255, 255, 255)
FIGHT = (220, 60, 50)
MONSTER = (92, 24, 24)
GOOD, BAD = (46, 125, 70), (170, 50, 44)
SEAT_RGB = {
    "blue": (52, 112, 220),
    "green": (40, 160, 70),
    "red": (214, 48, 44),
    "yellow": (236, 196, 40),
    "purple": (140, 70, 190),
    "orange": (236, 130, 30),
}
DARK_TEXT = frozenset({"yellow", "orange", "green"})  # pawns whose number reads in black
ICONS = {
    "warrior": "Wr",
    "wizard": "Wz",
    "cleric": "Cl",
    "thief": "Th",
    "dwarf": "Dw",
    "elf": "El",
    "halfling": "Hf",
    "everyone": "All",
}


@dataclass(frozen=True, slots=True)
class Tile:
    cell: Cell
    name: str
    letter: str
    entrance: bool = False
    green: tuple[str, ...] = ()
    red: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Pawn:
    cell: Cell
    number: int  # the seat's number as the table says it (1-4)
    colour: str
    dead: bool = False


@dataclass(frozen=True, slots=True)
class Mob:
    cell: Cell
    level: int
    base: str | None  # the base colour, None before it has one
    boss: bool = False


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything a map picture shows, and nothing else: equal scenes draw equal pictures."""

    tiles: tuple[Tile, ...]
    links: tuple[Link, ...]
    pawns: tuple[Pawn, ...] = ()
    mobs: tuple[Mob, ...] = ()
    focus: Cell | None = None  # the room of the seat whose turn it is
    fight: Cell | None = None
    full: bool = False
    costs: tuple[int | None, ...] = ()  # Move to cross each link kind, written on its door
    # The last Monster Turn: each moving monster's rooms in order, drawn in the die's colour.
    paths: tuple[tuple[Cell, ...], ...] = ()
    die: str | None = None


def window(scene: Scene) -> tuple[int, int, int, int]:
    """The cells drawn, ``(x0, y0, x1, y1)`` inclusive: every laid room for the full map;
    for the table, at most ``WINDOW`` each way, around the focus."""
    xs = [t.cell[0] for t in scene.tiles] or [0]
    ys = [t.cell[1] for t in scene.tiles] or [0]
    box = [min(xs), min(ys), max(xs), max(ys)]
    if scene.full:
        return box[0], box[1], box[2], box[3]
    fx, fy = scene.focus if scene.focus is not None else (0, 0)
    out = []
    for low, high, at in ((box[0], box[2], fx), (box[1], box[3], fy)):
        if high - low + 1 <= WINDOW:
            out.append((low, high))
            continue
        start = min(max(at - WINDOW // 2, low), high - WINDOW + 1)
        out.append((start, start + WINDOW - 1))
    (x0, x1), (y0, y1) = out
    return x0, y0, x1, y1


def draw(scene: Scene, filename: str = "map.png") -> Picture:
    """The scene's picture (cached: the same scene is drawn once)."""
    return _draw(scene, filename)


@lru_cache(maxsize=64)
def _draw(scene: Scene, filename: str) -> Picture:
    x0, y0, x1, y1 = window(scene)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    wide = FULL_W if scene.full else TABLE_W
    biggest = FULL_CELL if scene.full else MAX_CELL
    size = max(24, min(biggest, (wide - 2 * MARGIN) // max(cols, 1 if scene.full else rows)))
    width = TABLE_W if not scene.full else cols * size + 2 * MARGIN
    height = rows * size + 2 * MARGIN
    image = Image.new("RGB", (width, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    left = (width - cols * size) // 2

    def origin(cell: Cell) -> tuple[int, int]:
        return left + (cell[0] - x0) * size, MARGIN + (cell[1] - y0) * size

    shown = {t.cell: t for t in scene.tiles if x0 <= t.cell[0] <= x1 and y0 <= t.cell[1] <= y1}
    laid = {t.cell for t in scene.tiles}
    band = max(4, size // 11)
    names_end: dict[Cell, int] = {}  # where each tile's name ends: its tokens go below
    for cell, tile in shown.items():
        names_end[cell] = _tile(
            pen, origin(cell), size, band, tile, cell == scene.focus, cell == scene.fight
        )
    for link in scene.links:
        _link(pen, link, laid, size, band, origin, (x0, y0, x1, y1), scene.costs)
    for path in scene.paths:
        _path(pen, [origin(c) for c in path], path, size, SEAT_RGB.get(scene.die or "", FOCUS))
    for cell in shown:
        _tokens(
            pen,
            origin(cell),
            size,
            band,
            names_end[cell],
            [p for p in scene.pawns if p.cell == cell],
            [m for m in scene.mobs if m.cell == cell],
        )
    return Picture(filename, encode(image))


def _tile(
    pen: ImageDraw.ImageDraw,
    at: tuple[int, int],
    size: int,
    band: int,
    tile: Tile,
    focus: bool,
    fight: bool,
) -> int:
    x, y = at
    box = (x + band, y + band, x + size - band, y + size - band)
    outline = FIGHT if fight else FOCUS if focus else EDGE
    pen.rounded_rectangle(
        box,
        radius=max(3, size // 12),
        fill=ENTRANCE if tile.entrance else ROOM,
        outline=outline,
        width=3 if fight or focus else 1,
    )
    inner = size - 2 * band - 8
    points = max(9, size * 2 // 13)
    face = mapfonts.name_font(points)
    longest = max(tile.name.split(), key=len, default="")
    while pen.textlength(longest, font=face) > inner and points > max(8, size // 8 - 2):
        points -= 1  # a long word gets a smaller type before it gets cut
        face = mapfonts.name_font(points)
    top = y + band + 3
    for line in mapfonts.wrapped(pen, tile.name, face, inner, 2):
        pen.text((x + size // 2, top), line, font=face, fill=INK, anchor="mt")
        top += mapfonts.height(face) + 1
    names_end = top
    small = mapfonts.bold(max(8, size // 10))
    bottom = y + size - band - 3
    pen.text((x + band + 4, bottom), tile.letter, font=small, fill=EDGE, anchor="ld")
    right = x + size - band - 4
    chips = size >= CHIPS_FROM
    for text, colour in [*((ICONS.get(r, r[:2]), BAD) for r in tile.red)][::-1] + [
        *((ICONS.get(g, g[:2]), GOOD) for g in tile.green)
    ][::-1]:
        w = int(pen.textlength(text, font=small)) + 4
        if not chips or right - w < x + band + 4 + int(pen.textlength(tile.letter, font=small)) + 2:
            break
        pen.rounded_rectangle(
            (right - w, bottom - mapfonts.height(small) - 1, right, bottom + 1),
            radius=3,
            fill=colour,
        )
        pen.text((right - 2, bottom), text, font=small, fill=PAPER, anchor="rd")
        right -= w + 2

    return names_end


def _link(
    pen: ImageDraw.ImageDraw,
    link: Link,
    laid: set[Cell],
    size: int,
    band: int,
    origin: Callable[[Cell], tuple[int, int]],
    view: tuple[int, int, int, int],
    costs: tuple[int | None, ...],
) -> None:
    x, y, side, kind = link
    here, other = (x, y), ((x, y - 1) if side == "N" else (x - 1, y))
    x0, y0, x1, y1 = view
    if not any(x0 <= c[0] <= x1 and y0 <= c[1] <= y1 and c in laid for c in (here, other)):
        return
    ox, oy = origin(here)
    # The shared side: the top of ``here`` for N, its left for W; ``out`` points at ``other``.
    across = side == "N"
    mid = (ox + size // 2, oy) if across else (ox, oy + size // 2)
    if kind == WALL:
        _bar(pen, mid, across, size // 2 - band, band // 2 + 1, WALL_INK)
        return
    half, reach = size // 6, band + 2
    pen.rectangle(_across(mid, across, half, reach), fill=ROOM)  # a corridor joins the tiles
    if here not in laid or other not in laid:  # a way into the dark: a "?" beyond its stub
        sign = -1 if other not in laid else 1
        face = mapfonts.bold(max(9, size // 7))
        gap = reach + mapfonts.height(face) // 2 - 1
        mark = (mid[0], mid[1] + sign * gap) if across else (mid[0] + sign * gap, mid[1])
        pen.text(mark, "?", font=face, fill=(150, 150, 160), anchor="mm")
    if kind == OPEN:
        return
    thick = max(3, band // 2 + 2)
    door = _across(mid, across, half, thick)
    if kind == HIDDEN:
        _dotted(pen, door, WALL_INK)
    else:
        pen.rectangle(door, fill=LOCK_RED if kind == LOCKED else DOOR_WOOD, outline=WALL_INK)
    cost = str(costs[kind]) if 0 <= kind < len(costs) and costs[kind] is not None else ""
    face = mapfonts.bold(max(8, thick * 2 - 1))
    pen.text(mid, cost, font=face, fill=INK if kind == HIDDEN else PAPER, anchor="mm")


def _path(
    pen: ImageDraw.ImageDraw,
    corners: list[tuple[int, int]],
    cells: tuple[Cell, ...],
    size: int,
    colour: tuple[int, int, int],
) -> None:
    """A monster's way through the rooms as a dashed line from centre to centre (a jump
    across the dungeon, its wrap-around, is left out), ending in a dot."""
    centres = [(x + size // 2, y + size // 2 + size // 5) for x, y in corners]
    for n in range(1, len(cells)):
        (ax, ay), (bx, by) = cells[n - 1], cells[n]
        if abs(ax - bx) + abs(ay - by) != 1:
            continue
        (x0, y0), (x1, y1) = centres[n - 1], centres[n]
        dashes = 6
        for k in range(0, dashes, 2):
            start = (x0 + (x1 - x0) * k // dashes, y0 + (y1 - y0) * k // dashes)
            end = (x0 + (x1 - x0) * (k + 1) // dashes, y0 + (y1 - y0) * (k + 1) // dashes)
            pen.line([start, end], fill=colour, width=max(2, size // 30))
    if len(centres) > 1:
        x, y = centres[-1]
        r = max(3, size // 24)
        pen.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _across(mid: tuple[int, int], across: bool, half: int, thick: int) -> tuple[int, int, int, int]:
    """A box centred on a side: ``half`` along it, ``thick`` across it."""
    if across:
        return (mid[0] - half, mid[1] - thick, mid[0] + half, mid[1] + thick)
    return (mid[0] - thick, mid[1] - half, mid[0] + thick, mid[1] + half)


def _bar(
    pen: ImageDraw.ImageDraw,
    mid: tuple[int, int],
    across: bool,
    half: int,
    thick: int,
    colour: tuple[int, int, int],
) -> None:
    pen.rectangle(_across(mid, across, half, thick), fill=colour)


def _dotted(
    pen: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: tuple[int, int, int]
) -> None:
    left, top, right, bottom = box
    for x in range(left, right + 1, 4):
        pen.point([(x, top), (x, bottom)], fill=colour)
    for y in range(top, bottom + 1, 4):
        pen.point([(left, y), (right, y)], fill=colour)


def _tokens(
    pen: ImageDraw.ImageDraw,
    at: tuple[int, int],
    size: int,
    band: int,
    top: int,
    pawns: list[Pawn],
    mobs: list[Mob],
) -> None:
    """Pawns and monsters on one row when they fit, else pawns above monsters, below the
    room's name."""
    x, y = at
    both: list[Pawn | Mob] = [*pawns, *mobs]
    if not both:
        return
    bottom = y + size - band - 2
    widest = (size - 2 * band - 4) // (2 * (size // 9) + 3)
    rows: list[Sequence[Pawn | Mob]] = [both] if len(both) <= widest else [pawns, mobs]
    rows = [r for r in rows if r]
    radius = max(5, min(size // 9, ((bottom - top) // len(rows) - 3) // 2))
    face = mapfonts.bold(max(8, radius + 2))
    step = 2 * radius + 3
    centre_y = top + (bottom - top - len(rows) * step) // 2 + radius + 1
    room = max(1, (size - 2 * band - 4) // step)
    for row in rows:
        more = len(row) - room if len(row) > room else 0  # the rest said as "+n"
        drawn = row[: room - 1] if more else row
        count = len(drawn) + (1 if more else 0)
        start = x + size // 2 - step * (count - 1) // 2
        for n, thing in enumerate(drawn):
            cx = start + n * step
            if isinstance(thing, Pawn):
                _pawn(pen, (cx, centre_y), radius, thing, face)
            else:
                _mob(pen, (cx, centre_y), radius, thing, face)
        if more:
            cx = start + len(drawn) * step
            pen.text((cx, centre_y), f"+{more + 1}", font=face, fill=INK, anchor="mm")
        centre_y += step


def _pawn(
    pen: ImageDraw.ImageDraw, at: tuple[int, int], radius: int, pawn: Pawn, face: Font
) -> None:
    cx, cy = at
    colour = SEAT_RGB.get(pawn.colour, (128, 128, 128))
    box = (cx - radius, cy - radius, cx + radius, cy + radius)
    if pawn.dead:  # lying down: a hollow ring
        pen.ellipse(box, fill=DARK, outline=colour, width=3)
        pen.text(at, str(pawn.number), font=face, fill=colour, anchor="mm")
        return
    pen.ellipse(box, fill=colour, outline=WALL_INK, width=1)
    ink = INK if pawn.colour in DARK_TEXT else PAPER
    pen.text(at, str(pawn.number), font=face, fill=ink, anchor="mm")


def _mob(pen: ImageDraw.ImageDraw, at: tuple[int, int], radius: int, mob: Mob, face: Font) -> None:
    cx, cy = at
    ring = SEAT_RGB.get(mob.base or "", (150, 150, 150))
    if mob.boss:
        ring = (250, 215, 80)
    box = (cx - radius, cy - radius, cx + radius, cy + radius)
    pen.rounded_rectangle(box, radius=max(2, radius // 3), fill=MONSTER, outline=ring, width=3)
    pen.text(at, str(mob.level), font=face, fill=PAPER, anchor="mm")
