"""Quest's map pictures reduced to their one palette (``mappalette``, issue 29.4) rather than
to 48 octree colours per picture: as close to the drawing or closer, their flat colours exact,
and the picture the same for the same scene."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

from bot.games.quest import mapdraw, mappicture, mapstyle
from bot.games.quest.cards import rooms
from bot.games.quest.mappalette import in_map_palette, map_palette
from tests.bot.render_support import playout


def error(drawn: Image.Image, reduced: Image.Image) -> float:
    """Mean absolute difference per channel, 0-255."""
    return sum(ImageStat.Stat(ImageChops.difference(drawn, reduced.convert("RGB"))).mean) / 3


def scenes() -> list[mapdraw.Scene]:
    found = []
    for seed in range(2):
        for step, (game, state) in enumerate(playout("quest", 3, seed, 200)):
            view = game.view(state, None)
            if step % 25 == 0 and rooms(view):
                found += [mappicture.scene_of(view), mappicture.scene_of(view, full=True)]
    return found


def test_a_map_in_its_palette_is_as_close_to_the_drawing_as_the_octree_was() -> None:
    drawn = [mapdraw.paint(scene) for scene in scenes()]
    assert len(drawn) >= 8
    ours = [error(image, in_map_palette(image)) for image in drawn]
    octree = [
        error(image, image.quantize(colors=48, method=Image.Quantize.FASTOCTREE)) for image in drawn
    ]
    assert sum(ours) <= sum(octree)  # measured: 0.12 against 0.39 on average
    assert max(ours) < 0.5


def test_the_map_picture_is_saved_in_the_palette_with_its_flat_colours_exact() -> None:
    scene = mapdraw.Scene((mapdraw.Tile((0, 0), "Hall", "A"),), (), focus=(0, 0))
    mapdraw._draw.cache_clear()
    picture = mapdraw.draw(scene)
    assert mapdraw.draw(scene) is picture  # the same scene is not drawn again
    decoded = Image.open(io.BytesIO(picture.data))
    assert decoded.mode == "P" and decoded.getpalette() == map_palette().getpalette()
    colours = {colour for _, colour in decoded.convert("RGB").getcolors(1 << 16) or ()}
    assert {mapstyle.ROOM, mapstyle.FOCUS} <= colours
