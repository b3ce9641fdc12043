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
import textwrap
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import ParamSpec, TypeVar

from PIL import Image, ImageDraw, ImageFont

from bot.render.model import Picture
from bot.render.palette import BACKGROUND as BACKGROUND
from bot.render.palette import BANDS as BANDS
from bot.render.palette import INK as INK
from bot.render.palette import MONSTERS, PLAYERS, TRACK, UNKNOWN, blank, in_palette
from bot.render.palette import MUTED as MUTED
from bot.render.palette import PAPER as PAPER
from bot.render.palette import encode as encode
from bot.render.pen import Pen

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
    draw = Pen(image)
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


@lru_cache(maxsize=TILES_KEPT)
def tile(card: CardFace) -> Image.Image:
    """One card's tile on the background (its rounded corners show it), as ``draw_tile``
    draws it at (0, 0), in the shared palette."""
    image = Image.new("RGB", (TILE_W + 1, TILE_H + 1), BACKGROUND)
    draw_tile(image, 0, 0, card)
    return in_palette(image)


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
    return Picture(filename, encode(image))  # in the shared palette: saved as it is


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a fight: a label, its strength (``None`` while face down) and its cards."""

    label: str
    strength: int | None
    cards: tuple[CardFace, ...] = ()


# Fight pictures kept (~7 KB each): one per live fight of a busy process and more, so a
# table redrawn while its fight stands still never draws it again (128 missed at 400
# matches, issue 29.4).
FIGHTS_KEPT = 1024


@lru_cache(maxsize=FIGHTS_KEPT)
def fight_picture(
    players: Side, monsters: Side, verdict: str, filename: str = "fight.png"
) -> Picture:
    """The fight: two strength bars on one scale, the verdict, then both sides' cards.

    Narrow, and the cards as one-line chips rather than tiles: Discord draws an embed picture
    about 300-500 px wide, so the words must be large next to the picture's width. Pasted
    together in the shared palette: the bars (``bars_piece``) and each card's chip, drawn
    once per card (``chip``)."""
    cards = [*players.cards, *monsters.cards]
    width = FIGHT_W
    tiles_top = GAP + Bars().height
    height = tiles_top + len(cards) * (CHIP_H + 8) + (GAP if cards else 0)
    image = blank(width, height)
    image.paste(bars_piece(players, monsters, verdict, width), (0, 0))
    for n, card in enumerate(cards):
        image.paste(chip(card, width - 2 * GAP), (GAP, tiles_top + n * (CHIP_H + 8)))
    return Picture(filename, encode(image))


def bars_piece(
    players: Side, monsters: Side, verdict: str, width: int, bars: Bars | None = None
) -> Image.Image:
    """``draw_strength`` from ``GAP`` down on the background, ``GAP + bars.height`` tall, in
    the shared palette: its colours are the palette's exact ones and the text's steps over
    the background."""
    bars = bars or Bars()
    image = Image.new("RGB", (width, GAP + bars.height), BACKGROUND)
    draw_strength(Pen(image), GAP, width, players, monsters, verdict, bars)
    return in_palette(image)


@lru_cache(maxsize=TILES_KEPT)
def chip(card: CardFace, width: int) -> Image.Image:
    """One card's chip on the background, as ``_chip`` draws it at (0, 0), in the shared
    palette."""
    image = Image.new("RGB", (width + 1, CHIP_H + 1), BACKGROUND)
    _chip(Pen(image), 0, 0, width, card)
    return in_palette(image)


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
        draw.rounded_rectangle(bar, radius=radius, fill=TRACK)
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


async def off_loop(render: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """``render(*args, **kwargs)`` run in the picture thread. Pass values computed on the loop
    (a view's JSON, a copy of a log): the renderer must not read state the loop may change."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_PICTURE_THREAD, partial(render, *args, **kwargs))
