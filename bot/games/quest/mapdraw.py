"""The dungeon as a picture (SPEC 3.2 "Drawing the map", 4.2): each laid room a tile with its
short name, its map letter and its icons; each link drawn on the side it sits on (an open
passage joins two tiles, a door, a locked door, a hidden door with their Move cost, a wall as
a thick bar, a way into the dark as a stub); the seats' pawns and the monsters
(``maptokens``).

The table's picture is for a phone: at most ``TABLE_W`` × ``TABLE_H`` px and never narrower
than 4:3 (a phone draws it as wide as the message: its shape sets its height there), a window
of at most ``WINDOW`` × ``ROWS`` cells around the seat whose turn it is, cut to the rooms it
draws; "Full map" draws every room larger. A picture is drawn from a ``Scene``, the few
public things it shows, and the same scene is never drawn twice (a cache keyed by the scene).

A fight's close-up (``Scene.closeup``, drawn under the strength bars by ``fightdraw``) shows
the fight's room and the rooms help may come from (``Scene.reach``, the engine's own rule):
three cells across and only the rows those rooms are in, every other room dimmed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.quest import mapstyle
from bot.games.quest.mappalette import in_map_palette
from bot.games.quest.mapstyle import (
    BAD,
    DIM,
    DOOR_WOOD,
    EDGE,
    ENTRANCE,
    FIGHT,
    FOCUS,
    GOOD,
    HELP,
    ICONS,
    LOCK_RED,
    ROOM,
    SEAT_RGB,
    WALL_INK,
)
from bot.games.quest.maptokens import Mob, Pawn, tokens
from bot.render.model import Picture
from bot.render.pen import Pen
from bot.render.pictures import BACKGROUND, INK, PAPER, encode

Cell = tuple[int, int]
Link = tuple[int, int, str, int]  # x, y, side (N or W), kind (engine/quest/content.py)

TABLE_W = 400  # the table's picture: a phone's width at most
TABLE_H = 300  # and at most this tall (4:3): the rest of a phone's table must fit one screen
CLOSEUP_H = 220  # a fight's close-up, under its bars: two rows of 88 px, three of 58
FULL_W = 1200  # "Full map": every room, as large as this width allows
WINDOW = 4  # the table shows at most this many cells across (a phone shrinks it to ~300 px)
ROWS = 3  # and this many down: four rows in ``TABLE_H`` would draw rooms too small to read
MARGIN = 22  # room around the grid for the stubs of ways into the dark
MAX_CELL = 112  # the first turns' few rooms drawn large (a phone shows them ~0.7×)
CHIPS_FROM = 100  # a tile this large or larger shows its room's icons
FULL_CELL = 120

OPEN, DOOR, LOCKED, HIDDEN, WALL = range(5)


@dataclass(frozen=True, slots=True)
class Tile:
    cell: Cell
    name: str
    letter: str
    entrance: bool = False
    green: tuple[str, ...] = ()
    red: tuple[str, ...] = ()


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
    reach: tuple[Cell, ...] = ()  # a fight's rooms help may come from, ringed in blue
    closeup: bool = False  # a fight's close-up: around the fight, the rest dimmed


def window(scene: Scene) -> tuple[int, int, int, int]:
    """The cells drawn, ``(x0, y0, x1, y1)`` inclusive: every laid room for the full map;
    for the table, at most ``WINDOW`` across and ``ROWS`` down, around the focus."""
    xs = [t.cell[0] for t in scene.tiles] or [0]
    ys = [t.cell[1] for t in scene.tiles] or [0]
    box = [min(xs), min(ys), max(xs), max(ys)]
    if scene.full:
        return box[0], box[1], box[2], box[3]
    if scene.closeup and scene.fight is not None:
        fx, fy = scene.fight
        rows = [fy, *(y for _, y in scene.reach)]
        x0, x1 = _span(box[0], box[2], fx, 3)
        return x0, min(rows), x1, max(rows)
    fx, fy = scene.focus if scene.focus is not None else (0, 0)
    (x0, x1), (y0, y1) = _span(box[0], box[2], fx, WINDOW), _span(box[1], box[3], fy, ROWS)
    return x0, y0, x1, y1


def _span(low: int, high: int, at: int, most: int) -> tuple[int, int]:
    """At most ``most`` cells of ``low``..``high`` around ``at``, kept inside them."""
    if high - low + 1 <= most:
        return low, high
    start = min(max(at - most // 2, low), high - most + 1)
    return start, start + most - 1


def draw(scene: Scene, filename: str = "map.png") -> Picture:
    """The scene's picture (cached: the same scene is drawn once)."""
    return _draw(scene, filename)


@lru_cache(maxsize=64)
def _draw(scene: Scene, filename: str) -> Picture:
    return Picture(filename, encode(in_map_palette(paint(scene))))


def paint(scene: Scene) -> Image.Image:
    """The scene drawn, not yet encoded (a fight's picture puts it under its bars)."""
    x0, y0, x1, y1 = window(scene)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    wide = FULL_W if scene.full else TABLE_W
    biggest = FULL_CELL if scene.full else MAX_CELL
    size = max(24, min(biggest, (wide - 2 * MARGIN) // max(cols, 1 if scene.full else rows)))
    if not scene.full:
        tall = CLOSEUP_H if scene.closeup else TABLE_H  # a close-up has the bars above it
        size = max(24, min(size, (tall - 2 * MARGIN) // rows))
    height = rows * size + 2 * MARGIN
    width = cols * size + 2 * MARGIN
    if not scene.full:
        # A phone draws the picture as wide as the message, so its height there is set by
        # its shape: never narrower than 4:3 (at most ~206 px tall at 400 px, issue 27.6),
        # else cut to the rooms drawn (two rooms fill the width, not a wide dark frame).
        width = TABLE_W if scene.closeup else min(TABLE_W, max(width, -(-height * 4 // 3)))
    image = Image.new("RGB", (width, height), BACKGROUND)
    pen = Pen(image)
    left = (width - cols * size) // 2

    def origin(cell: Cell) -> tuple[int, int]:
        return left + (cell[0] - x0) * size, MARGIN + (cell[1] - y0) * size

    shown = {t.cell: t for t in scene.tiles if x0 <= t.cell[0] <= x1 and y0 <= t.cell[1] <= y1}
    laid = {t.cell for t in scene.tiles}
    band = max(4, size // 11)
    names_end: dict[Cell, int] = {}  # where each tile's name ends: its tokens go below
    for cell, tile in shown.items():
        ring = (
            FIGHT
            if cell == scene.fight
            else HELP
            if cell in scene.reach
            else FOCUS
            if cell == scene.focus
            else None
        )
        dim = scene.closeup and ring not in (FIGHT, HELP)
        names_end[cell] = _tile(pen, origin(cell), size, band, tile, ring, dim)
    for link in scene.links:
        _link(pen, link, laid, size, band, origin, (x0, y0, x1, y1), scene.costs)
    for path in scene.paths:
        _path(pen, [origin(c) for c in path], path, size, SEAT_RGB.get(scene.die or "", FOCUS))
    for cell in shown:
        tokens(
            pen,
            origin(cell),
            size,
            band,
            names_end[cell],
            [p for p in scene.pawns if p.cell == cell],
            [m for m in scene.mobs if m.cell == cell],
        )
    return image


def _tile(
    pen: ImageDraw.ImageDraw,
    at: tuple[int, int],
    size: int,
    band: int,
    tile: Tile,
    ring: tuple[int, int, int] | None,
    dim: bool,
) -> int:
    """A room's tile, ringed (the fight's, help's or the turn's room) or dimmed (out of a
    fight's reach); where its name ends."""
    x, y = at
    box = (x + band, y + band, x + size - band, y + size - band)
    pen.rounded_rectangle(
        box,
        radius=max(3, size // 12),
        fill=DIM if dim else ENTRANCE if tile.entrance else ROOM,
        outline=ring or EDGE,
        width=1 if ring is None else 4 if ring == HELP else 3,
    )
    inner = size - 2 * band - 8
    points = max(9, size * 2 // 13)
    face = mapstyle.name_font(points)
    longest = max(tile.name.split(), key=len, default="")
    while pen.textlength(longest, font=face) > inner and points > max(8, size // 8 - 2):
        points -= 1  # a long word gets a smaller type before it gets cut
        face = mapstyle.name_font(points)
    top = y + band + 3
    for line in mapstyle.wrapped(pen, tile.name, face, inner, 2):
        pen.text((x + size // 2, top), line, font=face, fill=INK, anchor="mt")
        top += mapstyle.height(face) + 1
    names_end = top
    small = mapstyle.bold(max(8, size // 10))
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
            (right - w, bottom - mapstyle.height(small) - 1, right, bottom + 1),
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
        face = mapstyle.bold(max(9, size // 7))
        gap = reach + mapstyle.height(face) // 2 - 1
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
    face = mapstyle.bold(max(8, thick * 2 - 1))
    pen.text(mid, cost, font=face, fill=INK if kind == HIDDEN else PAPER, anchor="mm")


def _path(
    pen: ImageDraw.ImageDraw,
    corners: list[tuple[int, int]],
    cells: tuple[Cell, ...],
    size: int,
    colour: tuple[int, int, int],
) -> None:
    """A monster's way through the rooms (issue 27.7: a path people can follow): a ring where
    it started, a solid line from centre to centre with an arrowhead into each room it
    entered, outlined in ink so the die's colour reads on any tile (a jump across the
    dungeon, its wrap-around, is left out)."""
    centres = [(x + size // 2, y + size // 2 + size // 5) for x, y in corners]
    width = max(3, size // 16)
    head = max(8, size // 5)
    for n in range(1, len(cells)):
        (ax, ay), (bx, by) = cells[n - 1], cells[n]
        if abs(ax - bx) + abs(ay - by) != 1:
            continue
        (x0, y0), (x1, y1) = centres[n - 1], centres[n]
        dx, dy = bx - ax, by - ay
        # The head just inside the room entered, clear of the tokens round its centre.
        tip = ((x0 + x1) // 2 + dx * size // 5, (y0 + y1) // 2 + dy * size // 5)
        neck = (tip[0] - dx * head, tip[1] - dy * head)
        wing = (dy * head * 3 // 4, dx * head * 3 // 4)
        arrow = [
            tip,
            (neck[0] + wing[0], neck[1] + wing[1]),
            (neck[0] - wing[0], neck[1] - wing[1]),
        ]
        pen.line([(x0, y0), (x1, y1)], fill=INK, width=width + 2)
        pen.polygon(arrow, fill=INK)
        pen.line([(x0, y0), (x1, y1)], fill=colour, width=width)
        pen.polygon(_shrunk(arrow), fill=colour)
    if len(centres) > 1:
        x, y = centres[0]
        r = max(4, size // 14)
        pen.ellipse((x - r, y - r, x + r, y + r), outline=INK, width=width + 2)
        pen.ellipse((x - r, y - r, x + r, y + r), outline=colour, width=width)


def _shrunk(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A triangle pulled 2 px toward its middle: the colour inside its ink outline."""
    mx = sum(x for x, _ in points) // 3
    my = sum(y for _, y in points) // 3
    return [
        (x + (2 if x < mx else -2 if x > mx else 0), y + (2 if y < my else -2 if y > my else 0))
        for x, y in points
    ]


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
