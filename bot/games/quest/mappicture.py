"""The map pictures of a view: the table's (a phone-sized window around the seat whose turn
it is) and "Full map" (every room), each with the text map as its alternative text, so a
reader who cannot see the picture reads the same dungeon (``maptext``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.games.quest import words
from bot.games.quest.cards import (
    card_def,
    cell_of,
    content,
    monsters,
    room_def_by_id,
    rooms,
    seat_of,
)
from bot.games.quest.mapdraw import Scene, Tile, draw
from bot.games.quest.maptext import letters, text_map
from bot.games.quest.maptokens import Mob, Pawn
from bot.render.model import Picture
from engine.quest.content import COLOURS

Json = Mapping[str, Any]
TABLE_FILE = "map.png"
FULL_FILE = "full-map.png"


def scene_of(view: Json, full: bool = False, closeup: bool = False) -> Scene:
    """What a map picture of ``view`` shows (public things only: the spectator's map); during
    a fight, the rooms help may come from as the engine gives them (``closeup``: the fight's
    picture, around the fight)."""
    laid = letters(view)
    tiles = []
    for cell, room_id in rooms(view).items():
        found = room_def_by_id(room_id)
        tiles.append(
            Tile(
                cell,
                str(getattr(found, "name", "?")),
                laid.get(cell, "?"),
                room_id == "entrance",
                tuple(getattr(found, "green", ()) or ()),
                tuple(getattr(found, "red", ()) or ()),
            )
        )
    links = tuple(
        (int(x), int(y), str(side), int(kind)) for x, y, side, kind in view.get("links") or []
    )
    pawns = []
    for seat, entry in enumerate(view.get("seats") or []):
        stands = cell_of(entry.get("at"))
        if stands is not None and not entry.get("out"):
            colour = str(entry.get("colour", ""))
            pawns.append(Pawn(stands, seat + 1, colour, bool(entry.get("dead"))))
    mobs = []
    for m in monsters(view):
        at = cell_of(m.get("at"))
        if at is None:
            continue
        base = m.get("base")
        ring = COLOURS[base] if isinstance(base, int) and 0 <= base < len(COLOURS) else None
        level = getattr(card_def(m.get("card")), "level", 0)
        mobs.append(Mob(at, int(level or 0), ring, bool(m.get("boss"))))
    paths = []
    for _, path in view.get("monster_paths") or []:
        cells = tuple(c for c in (cell_of(p) for p in path or []) if c is not None)
        if len(cells) > 1:
            paths.append(cells)
    die = view.get("last_colour")
    fight = view.get("fight")
    fight = fight if isinstance(fight, Mapping) else {}
    reach = (cell_of(c) for c in fight.get("help_rooms") or [])
    return Scene(
        tuple(tiles),
        tuple(sorted(links)),
        tuple(pawns),
        tuple(mobs),
        cell_of((seat_of(view, view.get("turn")) or {}).get("at")),
        cell_of(fight.get("cell")),
        full,
        tuple(content().link_costs),
        tuple(paths),
        die if isinstance(die, str) and paths else None,
        tuple(sorted(c for c in reach if c is not None)),
        closeup and bool(fight),
    )


def map_picture(view: Json, full: bool = False) -> Picture | None:
    """The map as a picture, its text map as the alternative text; ``None`` before any room."""
    if not rooms(view):
        return None
    drawn = draw(scene_of(view, full), FULL_FILE if full else TABLE_FILE)
    said = text_map(view)
    said = f"{words.MAP}:\n{said}\n{words.MAP_KEY}" if said else words.MAP_EMPTY
    return replace(drawn, description=said)
