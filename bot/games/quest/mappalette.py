"""The one palette of quest's map pictures (the table's map, Full map, a fight's close-up under
its strength bars): every colour ``mapdraw`` and ``maptokens`` draw flat, and the steps of
each text colour over what it is written on (text is anti-aliased; tiles, links, tokens and
paths are not). A drawn map is reduced to it by nearest colour: ~7× quicker than the octree's
48 colours each map took (issue 29.4), and as close to the drawing (``tests/bot/
test_quest_map_palette.py`` measures both against the unreduced picture).
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from bot.games.quest.mapstyle import (
    BAD,
    DARK,
    DARK_TEXT,
    DIM,
    DOOR_WOOD,
    EDGE,
    ENTRANCE,
    FIGHT,
    FOCUS,
    GOOD,
    HELP,
    LOCK_RED,
    MONSTER,
    ROOM,
    SEAT_RGB,
    WALL_INK,
)
from bot.render.palette import (
    BACKGROUND,
    INK,
    MONSTERS,
    PAPER,
    PLAYERS,
    TRACK,
    UNKNOWN,
    palette_of,
)

STUB = (150, 150, 160)  # the "?" beyond a way into the dark (``mapdraw._link``)
BOSS_RING = (250, 215, 80)  # the Boss's ring (``maptokens._mob``)
MOB_RING = (150, 150, 150)  # a monster's ring before it has a base colour
PAWN_GREY = (128, 128, 128)  # a pawn of an unknown colour


@cache
def map_palette() -> Image.Image:
    floors = (ROOM, ENTRANCE, DIM)
    pairs = [(floor, ink) for floor in floors for ink in (INK, EDGE)]  # names, letters, "+n"
    pairs += [(under, PAPER) for under in (GOOD, BAD, DOOR_WOOD, LOCK_RED, MONSTER, BACKGROUND)]
    pairs += [(BACKGROUND, STUB)]
    for name, colour in SEAT_RGB.items():  # a pawn's number, a dead one's in its colour
        pairs += [(colour, INK if name in DARK_TEXT else PAPER), (DARK, colour)]
    flat = (WALL_INK, FOCUS, FIGHT, HELP, BOSS_RING, MOB_RING, PAWN_GREY, *SEAT_RGB.values())
    bars = (TRACK, PLAYERS, MONSTERS, UNKNOWN)  # a fight's strength bars above its close-up
    return palette_of(pairs, (*flat, *bars))


def in_map_palette(image: Image.Image) -> Image.Image:
    """A drawn map (RGB) in the map palette, each pixel its nearest colour."""
    return image.quantize(palette=map_palette(), dither=Image.Dither.NONE)
