"""A drawing pen whose words are stamped from masks rendered once (issue 29.4).

Pillow rasterises every ``text`` call again with FreeType (~0.25 ms for a 22 px line), and a
picture repeats the same few words draw after draw: the players' names and "Monsters" on the
fight's bars, the verdict, a room's name on every map of a quest, a pawn's number. ``Pen``
keeps each (font, text, anchor)'s anti-aliased mask and pastes it in the ink's colour, which
is what ``ImageDraw.text`` does with the mask it renders (the same blend), so the pixels are
the same (``tests/bot/test_pen.py`` compares them).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

# Masks kept: a word or line is a few kilobytes; several thousand cover the names, numbers
# and lines of every live match's pictures.
STAMPS_KEPT = 4096


class Pen(ImageDraw.ImageDraw):
    """``ImageDraw.Draw`` for an RGB picture; a one-line ``text`` in a TrueType font and an
    RGB colour, at whole pixels, is stamped (anything else is drawn as Pillow draws it)."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self._target = image

    def text(
        self,
        xy: tuple[float, float],
        text: Any,
        fill: Any = None,
        font: Any = None,
        anchor: str | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        plain = (
            not args
            and not kwargs
            and self._target.mode == "RGB"
            and isinstance(text, str)
            and "\n" not in text
            and isinstance(font, ImageFont.FreeTypeFont)
            and isinstance(fill, tuple)
            and all(isinstance(v, int) for v in xy)
        )
        if not plain:
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        stamp = _stamp(font, text, anchor)
        if stamp is not None:
            mask, left, top = stamp
            self._target.paste(fill, (int(xy[0]) + left, int(xy[1]) + top), mask)


@lru_cache(maxsize=STAMPS_KEPT)
def _stamp(
    font: ImageFont.FreeTypeFont, text: str, anchor: str | None
) -> tuple[Image.Image, int, int] | None:
    """The text's mask (its ink's coverage) and where its corner sits from the anchor point;
    ``None`` when it draws nothing."""
    left, top, right, bottom = (int(v) for v in font.getbbox(text, anchor=anchor))
    if right <= left or bottom <= top:
        return None
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=font, anchor=anchor)
    return mask, left, top
