"""Type for the map picture (``mapdraw``): the fonts, laid out with Pillow's basic engine,
and room names wrapped to a tile's width."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

from bot.render.pictures import Font, font

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
