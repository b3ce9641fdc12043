"""The people and monsters on the map picture (``mapdraw``): each seat's pawn in its colour
with its number (a dead one hollow), each monster a square ringed with its base colour (the
Boss in gold) showing its level, laid out below the room's name."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.games.quest import mapstyle
from bot.games.quest.mapstyle import DARK, DARK_TEXT, MONSTER, SEAT_RGB, WALL_INK
from bot.render.pictures import INK, PAPER, Font

Cell = tuple[int, int]


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


def tokens(
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
    face = mapstyle.bold(max(8, radius + 2))
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
