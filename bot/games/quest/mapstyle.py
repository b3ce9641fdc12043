"""The map picture's look (``mapdraw``, ``maptokens``): its palette (rooms, links, the
fight's room and the rooms help may come from, seat colours for pawns and paths, the icons'
short names) and its type (fonts laid out with Pillow's basic engine, room names wrapped to
a tile's width)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

from bot.render.pictures import Font, font

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
HELP = (86, 156, 255)  # the rooms help may come from: the players' side of a fight, in blue
DIM = (128, 120, 104)  # a fight's close-up: a room no help can come from, in the dark

_CONDENSED = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf")
_BOLD = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")


def height(face: Font) -> int:
    """A font's size in pixels (Pillow's built-in bitmap font: about 11)."""
    return int(getattr(face, "size", 11))


@cache
def name_font(size: int) -> Font:
    """Room names: the condensed bold face, so more of a name fits on a tile."""
    return _face(_CONDENSED, size)


@cache
def bold(size: int) -> Font:
    return _face(_BOLD, size)


def _face(path: Path, size: int) -> Font:
    """A font with Pillow's basic text layout: a map's short labels need no shaping, and the
    basic layout measures them several times faster than the complex one."""
    if path.exists():
        return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
    return font(size, True)


def wrapped(pen: ImageDraw.ImageDraw, text: str, face: Font, width: int, lines: int) -> list[str]:
    """``text`` on at most ``lines`` lines of ``width`` px; the last one cut with "…"."""
    out: list[str] = []
    current = ""
    words = text.split()
    while words:
        trial = f"{current} {words[0]}".strip()
        if pen.textlength(trial, font=face) <= width or not current:
            current = trial
            words.pop(0)
            continue
        out.append(current)
        current = ""
        if len(out) == lines:
            break
    if current and len(out) < lines:
        out.append(current)
    if words:  # more than fits: the last line ends with what it can hold and "…"
        last = f"{out[-1]} {' '.join(words)}" if out else " ".join(words)
        while last and pen.textlength(last + "…", font=face) > width:
            last = last[:-1].rstrip()
        out[-1:] = [last + "…"]
    return [_cut(pen, line, face, width) for line in out]


def _cut(pen: ImageDraw.ImageDraw, line: str, face: Font, width: int) -> str:
    if pen.textlength(line, font=face) <= width:
        return line
    while line and pen.textlength(line + "…", font=face) > width:
        line = line[:-1]
    return line + "…"
