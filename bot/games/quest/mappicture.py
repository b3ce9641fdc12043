"""The map pictures of a view: the table's (a phone-sized window around the seat whose turn
it is) and "Full map" (every room), each with the text map as its alternative text, so a
reader who cannot see the picture reads the same dungeon (``maptext``).

A step redraws the table and every seat's hand, and each shows the same picture: its scene and
alternative text are made once per content (``Shown``), not once per message.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from bot.games.quest import words
from bot.games.quest.cards import card_def, content, game, room_def_by_id, rooms, seat_of
from bot.games.quest.mapdraw import Scene, Tile, draw
from bot.games.quest.maptext import letters, text_map
from bot.games.quest.maptokens import Mob, Pawn
from bot.render.model import Picture
from engine.quest.content import COLOURS
from engine.quest.view import QuestView

TABLE_FILE = "map.png"
FULL_FILE = "full-map.png"


def scene_of(view: QuestView, full: bool = False, closeup: bool = False) -> Scene:
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
    pawns = [
        Pawn(entry.at, seat + 1, entry.colour, entry.dead)
        for seat, entry in enumerate(view.seats)
        if not entry.out
    ]
    mobs = []
    for m in view.monsters:
        ring = COLOURS[m.base] if 0 <= m.base < len(COLOURS) else None
        level = getattr(card_def(m.card), "level", 0)
        mobs.append(Mob(m.at, int(level or 0), ring, m.boss))
    paths = []
    for path in view.monster_paths:
        cells = tuple(p for p in path.steps if not isinstance(p, str))
        if len(cells) > 1:
            paths.append(cells)
    die = view.last_colour
    fight = view.fight
    turn = seat_of(view, view.turn)
    return Scene(
        tuple(tiles),
        tuple(sorted(view.board.links)),
        tuple(pawns),
        tuple(mobs),
        turn.at if turn is not None else None,
        fight.cell if fight is not None else None,
        full,
        tuple(content().link_costs),
        tuple(paths),
        die if die is not None and paths else None,
        tuple(sorted(fight.help_rooms)) if fight is not None else (),
        closeup and fight is not None,
    )


class Shown:
    """A view as the quest's pictures read it: equal to another, and hashed, by those parts
    alone (all public: the table's and every seat's hand share one) and the dungeon's cards (a
    match's pinned set), so a cache keyed by it answers every message of a step with one
    picture."""

    __slots__ = ("_hash", "parts", "view")

    def __init__(self, view: QuestView) -> None:
        self.view = view
        board = view.board
        self.parts = (
            game(),
            board.rooms,
            board.links,
            view.seats,
            view.monsters,
            view.monster_paths,
            view.last_colour,
            view.fight,
            view.turn,
        )
        self._hash = hash(self.parts)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shown) and self.parts == other.parts


def map_picture(view: QuestView, full: bool = False) -> Picture | None:
    """The map as a picture, its text map as the alternative text; ``None`` before any room."""
    if not rooms(view):
        return None
    return _map_picture(Shown(view), full)


@lru_cache(maxsize=64)
def _map_picture(shown: Shown, full: bool) -> Picture:
    view = shown.view
    drawn = draw(scene_of(view, full), FULL_FILE if full else TABLE_FILE)
    said = text_map(view)
    said = f"{words.MAP}:\n{said}\n{words.MAP_KEY}" if said else words.MAP_EMPTY
    return replace(drawn, description=said)
