"""The colours the shared pictures are drawn in (``pictures``), the one palette they share, and
the PNG encoder every picture goes through.

A picture is pasted together from pieces drawn once in the shared palette (card tiles, fight
chips, the strength bars) and saved as it is: no colour reduction of the whole picture (the
fast octree took ~0.5 ms for a 400 × 140 px map and ~1.5 ms for a fight picture, each time it
was drawn, issue 29.4); a piece is reduced to the palette once, by nearest colour, which is
~7× quicker than the octree and keeps the exact colours it was drawn with.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from functools import cache

from PIL import Image

Colour = tuple[int, int, int]

BACKGROUND = (43, 45, 49)  # Discord's dark theme, so the picture sits in the message
PAPER = (246, 240, 226)
INK = (34, 30, 28)
MUTED = (96, 90, 84)
PLAYERS = (70, 130, 220)
MONSTERS = (210, 70, 60)
UNKNOWN = (120, 120, 130)
TRACK = (60, 62, 68)  # a strength bar's empty part

# Band colours per card family; unknown kinds fall back to grey.
BANDS: dict[str, Colour] = {
    "monster": (176, 52, 44),
    "curse": (120, 60, 150),
    "enhancer": (200, 110, 40),
    "wandering": (176, 52, 44),
    "race": (50, 130, 90),
    "class": (40, 110, 150),
    "super": (40, 110, 150),
    "item": (190, 150, 40),
    "oneshot": (210, 120, 60),
    "levelup": (60, 150, 70),
    "hireling": (110, 110, 60),
    "cheat": (90, 90, 100),
    "hero": (40, 90, 170),
    "ally": (60, 140, 120),
    "loot": (190, 150, 40),
    "location": (100, 120, 60),
    "mischief": (150, 60, 120),
    "hidden": (70, 70, 80),
}

# zlib's level for every PNG: 3 takes half the CPU of the default 6 for ~25% more bytes (a
# 7-card hand: 1.6 ms and 14.6 KB against 3.1 ms and 11.7 KB), the same pixels; a picture
# is encoded once per content and uploaded only when it changed (issue 29.4).
PNG_LEVEL = 3
SHADES = 6  # steps from a background to the colour drawn on it: enough for smooth text edges


def palette_of(pairs: Iterable[tuple[Colour, Colour]], exact: Iterable[Colour] = ()) -> Image.Image:
    """A palette image of each ``(under, over)`` pair's ``SHADES`` steps (text and outlines
    are anti-aliased over what they are drawn on), then the ``exact`` colours (flat shapes,
    never blended), at most 256; unused entries repeat the last colour."""
    colours: list[Colour] = []
    for under, over in pairs:
        for step in range(SHADES):
            t = step / (SHADES - 1)
            shade = (
                round(under[0] + (over[0] - under[0]) * t),
                round(under[1] + (over[1] - under[1]) * t),
                round(under[2] + (over[2] - under[2]) * t),
            )
            if shade not in colours:
                colours.append(shade)
    colours += [c for c in dict.fromkeys(exact) if c not in colours]
    if len(colours) > 256:
        raise ValueError(f"{len(colours)} colours: a PNG palette holds 256")
    flat = [value for colour in colours for value in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[-3:] * (256 - len(colours)))
    return palette


@cache
def shared_palette() -> Image.Image:
    """Every colour a tile, a chip or the strength bars are drawn with, and the steps of each
    over what it is drawn on. The pairs come first and in their old order, so a tile keeps
    its very pixels; the bars' flat colours after them."""
    bands = (*BANDS.values(), UNKNOWN)
    pairs = [(PAPER, ink) for ink in (INK, MUTED, *bands)]
    pairs += [(band, PAPER) for band in bands]
    pairs += [(BACKGROUND, ink) for ink in (*bands, PAPER)]
    return palette_of(pairs, (TRACK, PLAYERS, MONSTERS))


def in_palette(image: Image.Image, palette: Image.Image | None = None) -> Image.Image:
    """``image`` (RGB) in ``palette`` (the shared one by default), each pixel its nearest
    colour: for a piece drawn once and pasted many times."""
    return image.quantize(palette=palette or shared_palette(), dither=Image.Dither.NONE)


@cache
def _background() -> Image.Image:
    return in_palette(Image.new("RGB", (1, 1), BACKGROUND))


def blank(width: int, height: int) -> Image.Image:
    """A picture of the background colour in the shared palette, made as palette indices at
    once (reducing a whole RGB picture to the palette took ~0.6 ms for a hand)."""
    dot = _background()
    image = Image.new("P", (width, height), dot.getpixel((0, 0)))
    image.putpalette(dot.getpalette() or [])
    return image


def encode(image: Image.Image) -> bytes:
    """A picture as a PNG. One already in a palette (``blank`` and pasted pieces) is saved as
    it is; any other is first reduced to 48 colours by the fast octree (~10 ms where median
    cut with PNG optimisation took ~110 ms)."""
    if image.mode != "P":
        image = image.quantize(colors=48, method=Image.Quantize.FASTOCTREE)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()
