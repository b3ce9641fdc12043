"""``Pen`` stamps words from masks rendered once (issue 29.4): the pixels are Pillow's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.games.quest import mapstyle
from bot.render import pen
from bot.render.pen import Pen
from bot.render.pictures import font

WRITES = [
    ((14, 10), "Alice and Bob", (246, 240, 226), font(22, True), None),
    ((60, 40), "37", (255, 255, 255), font(28, True), None),
    ((200, 30), "Sunlit Gate", (34, 30, 28), mapstyle.name_font(14), "mt"),
    ((120, 70), "E", (120, 104, 80), mapstyle.bold(9), "ld"),
    ((300, 60), "Wz", (246, 240, 226), mapstyle.bold(10), "rd"),
    ((40, 80), "3", (34, 30, 28), mapstyle.bold(12), "mm"),
    ((5, 85), "Gelatinous Bookkeeper · face down", (176, 52, 44), font(15), None),
    ((0, 0), "", (34, 30, 28), font(15), None),  # draws nothing
    ((10, 50), "two\nlines", (34, 30, 28), font(15), None),  # drawn as Pillow draws it
]


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    pen._stamp.cache_clear()
    yield


def drawn(make: type[ImageDraw.ImageDraw] | None) -> Image.Image:
    image = Image.new("RGB", (400, 100), (43, 45, 49))
    draw = Pen(image) if make is None else make(image)
    for xy, text, fill, face, anchor in WRITES:
        draw.text(xy, text, fill=fill, font=face, anchor=anchor)
    return image


def test_stamped_words_are_the_pixels_pillow_draws() -> None:
    assert ImageChops.difference(drawn(None), drawn(ImageDraw.ImageDraw)).getbbox() is None


def test_the_same_words_are_rendered_once() -> None:
    drawn(None)
    drawn(None)
    info = pen._stamp.cache_info()
    one_line = len([w for w in WRITES if "\n" not in w[1]])
    assert (info.misses, info.hits) == (one_line, one_line)
