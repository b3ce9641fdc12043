"""Pictures drawn with Pillow: cards as text-on-card tiles, the fight as two strength bars.

Only public words reach these functions (a renderer picks what to draw from a view), and every
picture is a small palette PNG: a table edit uploads it again, so it stays well under 100 KB.
Tiles are large and few per row so that the text still reads when a phone shrinks the picture.

Drawing and encoding cost milliseconds of CPU a picture (about a quarter of the bot's CPU under
load), so the Discord layer calls a renderer that may draw through ``off_loop``: it runs in one
picture thread and the event loop keeps answering clicks meanwhile. The renderers stay plain
functions, so what they return is the same on either thread.
"""

from __future__ import annotations

import asyncio
import io
import textwrap
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import ParamSpec, TypeVar

from PIL import Image, ImageDraw, ImageFont

from bot.render.model import Picture

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
P = ParamSpec("P")
T = TypeVar("T")

# One worker: pictures are drawn one at a time in call order (Pillow holds the GIL for much of
# the drawing, so a second thread would only contend for it), and the caches below are never
# filled from two threads at once.
_PICTURE_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")

TILE_W, TILE_H = 210, 250
FIGHT_W = 480  # the fight picture's width: about what Discord shows, so nothing shrinks
CHIP_H = 40
GAP = 14
PER_ROW = 4  # a phone shows a 4-tile row at about half size: titles stay readable
BACKGROUND = (43, 45, 49)  # Discord's dark theme, so the picture sits in the message
PAPER = (246, 240, 226)
INK = (34, 30, 28)
MUTED = (96, 90, 84)
PLAYERS = (70, 130, 220)
MONSTERS = (210, 70, 60)
UNKNOWN = (120, 120, 130)

# Band colours per card family; unknown kinds fall back to grey.
BANDS: dict[str, tuple[int, int, int]] = {
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

_FONT_FILES = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
)


@dataclass(frozen=True, slots=True)
class CardFace:
    """What a tile shows: public words only. ``stat`` is the big number in the corner."""

    title: str
    kind: str
    line: str = ""
    stat: str = ""
    text: str = ""
    note: str = ""  # a mark under the tile: damage, "equipped", "face down"


@cache
def font(size: int, bold: bool = False) -> Font:
    path = _FONT_FILES[0 if bold else 1]
    if path.exists():
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def _wrap(draw: ImageDraw.ImageDraw, text: str, face: Font, width: int, lines: int) -> list[str]:
    """Greedy wrap to pixel width; the last line gets an ellipsis when text is left over."""
    words = text.split()
    out: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if draw.textlength(trial, font=face) <= width:
            current = trial
            continue
        if current:
            out.append(current)
        current = (
            word
            if draw.textlength(word, font=face) <= width
            else textwrap.shorten(word, 12, placeholder="…")
        )
        if len(out) == lines:
            break
    if current and len(out) < lines:
        out.append(current)
    if len(out) > lines or (len(out) == lines and " ".join(out) != " ".join(words)):
        out = out[:lines]
        last = out[-1]
        while last and draw.textlength(last + "…", font=face) > width:
            last = last[:-1]
        out[-1] = last.rstrip() + "…"
    return out


def draw_tile(image: Image.Image, x: int, y: int, card: CardFace) -> None:
    draw = ImageDraw.Draw(image)
    band = BANDS.get(card.kind, UNKNOWN)
    draw.rounded_rectangle(
        (x, y, x + TILE_W, y + TILE_H), radius=14, fill=PAPER, outline=band, width=4
    )
    draw.rounded_rectangle((x + 4, y + 4, x + TILE_W - 4, y + 40), radius=10, fill=band)
    draw.text((x + 12, y + 11), card.line or card.kind, font=font(15, True), fill=PAPER)
    if card.stat:
        stat_font = font(22, True)
        w = draw.textlength(card.stat, font=stat_font)
        draw.text((x + TILE_W - 12 - w, y + 8), card.stat, font=stat_font, fill=PAPER)
    top = y + 50
    for line in _wrap(draw, card.title, font(20, True), TILE_W - 24, 3):
        draw.text((x + 12, top), line, font=font(20, True), fill=INK)
        top += 25
    top += 6
    draw.line((x + 12, top, x + TILE_W - 12, top), fill=band, width=2)
    top += 8
    body = font(15)
    room = (y + TILE_H - 34 - top) // 19
    for line in _wrap(draw, card.text, body, TILE_W - 24, max(room, 0)):
        draw.text((x + 12, top), line, font=body, fill=MUTED)
        top += 19
    if card.note:
        note = _wrap(draw, card.note, font(15, True), TILE_W - 24, 1)
        draw.text(
            (x + 12, y + TILE_H - 28), note[0] if note else "", font=font(15, True), fill=band
        )


def tiles_height(count: int, per_row: int = PER_ROW) -> int:
    rows = max(1, -(-count // per_row))
    return rows * TILE_H + (rows - 1) * GAP


def draw_tiles(
    image: Image.Image, x: int, y: int, cards: Sequence[CardFace], per_row: int = PER_ROW
) -> None:
    """The tiles in rows on a picture in the shared palette (``blank``), each pasted from its
    pre-drawn copy (``tile``)."""
    for n, card in enumerate(cards):
        row, col = divmod(n, per_row)
        image.paste(tile(card), (x + col * (TILE_W + GAP), y + row * (TILE_H + GAP)))


# Pre-drawn tiles, one per card face in use, in one palette shared by every tile: a hand is
# then pasted together and saved as it is, with no drawing of text and no colour reduction
# of its own (together ~90% of a hand picture's cost, the profile of issue 29.4). A hand
# redrawn after a move shares most of its cards with the one before. ~53 KB each.
TILES_KEPT = 512
# zlib's level for every PNG: 3 takes half the CPU of the default 6 for ~25% more bytes (a
# 7-card hand: 1.6 ms and 14.6 KB against 3.1 ms and 11.7 KB), the same pixels; a picture
# is encoded once per content and uploaded only when it changed (issue 29.4).
PNG_LEVEL = 3
SHADES = 6  # steps from a background to the colour drawn on it: enough for smooth text edges


@cache
def shared_palette() -> Image.Image:
    """Every colour a tile is drawn with, and the steps of each over what it is drawn on
    (text and outlines are anti-aliased): 160 of PNG's 256 palette entries."""
    bands = (*BANDS.values(), UNKNOWN)
    pairs = [(PAPER, ink) for ink in (INK, MUTED, *bands)]
    pairs += [(band, PAPER) for band in bands]
    pairs += [(BACKGROUND, ink) for ink in (*bands, PAPER)]
    colours: list[tuple[int, int, int]] = []
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
    flat = [value for colour in colours[:256] for value in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[-3:] * (256 - len(colours[:256])))
    return palette


def _in_palette(image: Image.Image) -> Image.Image:
    return image.quantize(palette=shared_palette(), dither=Image.Dither.NONE)


def blank(width: int, height: int) -> Image.Image:
    """A picture of the background colour in the shared palette."""
    return _in_palette(Image.new("RGB", (width, height), BACKGROUND))


@lru_cache(maxsize=TILES_KEPT)
def tile(card: CardFace) -> Image.Image:
    """One card's tile on the background (its rounded corners show it), as ``draw_tile``
    draws it at (0, 0), in the shared palette."""
    image = Image.new("RGB", (TILE_W + 1, TILE_H + 1), BACKGROUND)
    draw_tile(image, 0, 0, card)
    return _in_palette(image)


def cards_picture(cards: Sequence[CardFace], filename: str = "cards.png") -> Picture:
    """A grid of tiles (a hand, one looked-up card). The same cards draw once (a cache)."""
    return _cards_picture(tuple(cards), filename)


# Encoded hands kept (~10 KB each): at least one per live seat of a busy process, so a hand
# redrawn unchanged (a page turned, a builder's step, a stale press) is never drawn again.
PICTURES_KEPT = 2048


@lru_cache(maxsize=PICTURES_KEPT)
def _cards_picture(cards: tuple[CardFace, ...], filename: str) -> Picture:
    per_row = min(PER_ROW, max(1, len(cards)))
    width = GAP + per_row * (TILE_W + GAP)
    height = 2 * GAP + tiles_height(len(cards), per_row)
    image = blank(width, height)
    draw_tiles(image, GAP, GAP, cards, per_row)
    buffer = io.BytesIO()
    # Already in the shared palette: no encode() pass.
    image.save(buffer, format="PNG", compress_level=PNG_LEVEL)
    return Picture(filename, buffer.getvalue())


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a fight: a label, its strength (``None`` while face down) and its cards."""

    label: str
    strength: int | None
    cards: tuple[CardFace, ...] = ()


@lru_cache(maxsize=128)
def fight_picture(
    players: Side, monsters: Side, verdict: str, filename: str = "fight.png"
) -> Picture:
    """The fight: two strength bars on one scale, the verdict, then both sides' cards.

    Narrow, and the cards as one-line chips rather than tiles: Discord draws an embed picture
    about 300-500 px wide, so the words must be large next to the picture's width."""
    cards = [*players.cards, *monsters.cards]
    width = FIGHT_W
    tiles_top = GAP + Bars().height
    height = tiles_top + len(cards) * (CHIP_H + 8) + (GAP if cards else 0)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_strength(draw, GAP, width, players, monsters, verdict)
    for n, card in enumerate(cards):
        _chip(draw, GAP, tiles_top + n * (CHIP_H + 8), width - 2 * GAP, card)
    return Picture(filename, encode(image))


@dataclass(frozen=True, slots=True)
class Bars:
    """How tall ``draw_strength`` draws: a side's label line, its bar, the gap below it and
    the verdict's line. ``COMPACT`` suits a picture that has more to show below its bars."""

    label: int = 30
    bar: int = 34
    gap: int = 14
    verdict: int = 44

    @property
    def height(self) -> int:
        return 2 * (self.label + self.bar + self.gap) + self.verdict


COMPACT = Bars(label=30, bar=20, gap=8, verdict=36)


def draw_strength(
    draw: ImageDraw.ImageDraw,
    top: int,
    width: int,
    players: Side,
    monsters: Side,
    verdict: str,
    bars: Bars = Bars(),
) -> None:
    """The two strength bars on one scale and the verdict below them, ``bars.height`` tall
    from ``top``, across ``width`` less a ``GAP`` each side (a game's own fight picture may
    put them above its own drawing)."""
    known = [s for s in (players.strength, monsters.strength) if s is not None]
    scale = max([*known, 1])
    room = width - 2 * GAP
    side_h = bars.label + bars.bar + bars.gap
    radius = min(8, bars.bar // 2)
    for n, (side, colour) in enumerate(((players, PLAYERS), (monsters, MONSTERS))):
        at = top + n * side_h
        value = "?" if side.strength is None else str(side.strength)
        value_w = draw.textlength(value, font=font(28, True))
        label = _fit(draw, side.label, font(22, True), int(room - value_w - 12))
        draw.text((GAP, at), label, font=font(22, True), fill=PAPER)
        draw.text((GAP + room - value_w, at - 4), value, font=font(28, True), fill=PAPER)
        bar = (GAP, at + bars.label, GAP + room, at + bars.label + bars.bar)
        draw.rounded_rectangle(bar, radius=radius, fill=(60, 62, 68))
        if side.strength is None:
            draw.rounded_rectangle(bar, radius=radius, fill=UNKNOWN)
        else:
            length = max(8, int(room * max(side.strength, 0) / scale))
            filled = (GAP, at + bars.label, GAP + length, at + bars.label + bars.bar)
            draw.rounded_rectangle(filled, radius=radius, fill=colour)
    draw.text(
        (GAP, top + 2 * side_h),
        _fit(draw, verdict, font(22, True), room),
        font=font(22, True),
        fill=PAPER,
    )


def _chip(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, card: CardFace) -> None:
    """A card on one line: its family's colour, its name, its number."""
    band = BANDS.get(card.kind, UNKNOWN)
    draw.rounded_rectangle(
        (x, y, x + width, y + CHIP_H), radius=8, fill=PAPER, outline=band, width=3
    )
    draw.rounded_rectangle((x, y, x + 14, y + CHIP_H), radius=6, fill=band)
    stat_w = draw.textlength(card.stat, font=font(22, True)) if card.stat else 0
    draw.text((x + width - 10 - stat_w, y + 7), card.stat, font=font(22, True), fill=band)
    name = card.title + (f" · {card.note}" if card.note else "")
    room = int(width - 34 - stat_w - 16)
    draw.text(
        (x + 24, y + 8), _fit(draw, name, font(20, True), room), font=font(20, True), fill=INK
    )


def _fit(draw: ImageDraw.ImageDraw, text: str, face: Font, width: int) -> str:
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def encode(image: Image.Image) -> bytes:
    """A palette PNG: flat colours and text compress to a few tens of kilobytes. The fast
    octree palette takes ~10 ms where median cut with PNG optimisation took ~110 ms."""
    buffer = io.BytesIO()
    quantized = image.quantize(colors=48, method=Image.Quantize.FASTOCTREE)
    quantized.save(buffer, format="PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()


async def off_loop(render: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """``render(*args, **kwargs)`` run in the picture thread. Pass values computed on the loop
    (a view's JSON, a copy of a log): the renderer must not read state the loop may change."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_PICTURE_THREAD, partial(render, *args, **kwargs))
