"""The quest dungeon as the screens name it: card instances, rooms on the map, monsters on the
board and seats, read from the match's pinned dungeon (``bot.render.games.pinned_game``).

Engine states and views hold integers (card instances into ``Content``; cells as ``[x, y]``);
this module turns them into the names people read. An id the dungeon does not know reads as
``None`` so a caller can say "a card" instead of guessing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from bot.render.games import pinned_game
from engine.games import load_game
from engine.quest.content import Content
from engine.quest.game import Quest

Json = Mapping[str, Any]


def game() -> Quest:
    """The dungeon of the match being drawn (its pinned set), else the data folder's."""
    pinned = pinned_game()
    return pinned if isinstance(pinned, Quest) else _data_game()


@cache
def _data_game() -> Quest:
    loaded = load_game("quest")
    assert isinstance(loaded, Quest)
    return loaded


def content() -> Content:
    return game().content


def card_def(card: object) -> Any | None:
    """The definition behind a card instance (a monster, Treasure or DxM card)."""
    c = content()
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(c.deck_of):
        return None
    deck = c.deck_of[card]
    defs: Sequence[Any] = {"T": c.treasures, "D": c.dxm, "M": c.monsters}[deck]
    return defs[c.def_of[card]]


def card_name(card: object) -> str | None:
    found = card_def(card)
    return str(found.name) if found is not None else None


def deck_of(card: object) -> str:
    c = content()
    ok = isinstance(card, int) and 0 <= card < len(c.deck_of)
    return c.deck_of[card] if ok and isinstance(card, int) else ""


def room_def_by_id(room_id: object) -> Any | None:
    c = content()
    index = c.room_index.get(str(room_id))
    return c.rooms[index] if index is not None else None


def cell_of(value: object) -> tuple[int, int] | None:
    if isinstance(value, list | tuple) and len(value) == 2:
        x, y = value
        if isinstance(x, int) and isinstance(y, int):
            return (x, y)
    return None


def rooms(view: Json) -> dict[tuple[int, int], str]:
    """Cell -> room id, in the order the rooms were laid."""
    out: dict[tuple[int, int], str] = {}
    for entry in view.get("rooms") or []:
        x, y, room_id = entry
        out[(int(x), int(y))] = str(room_id)
    return out


def room_name_at(view: Json, cell: object) -> str | None:
    where = cell_of(cell)
    if where is None:
        return None
    found = room_def_by_id(rooms(view).get(where))
    return str(found.name) if found is not None else None


def monsters(view: Json) -> list[Json]:
    return [m for m in view.get("monsters") or [] if isinstance(m, Mapping)]


def monster_by_serial(view: Json, serial: object) -> Json | None:
    return next((m for m in monsters(view) if m.get("serial") == serial), None)


def monster_name(entry: Json | None) -> str | None:
    if entry is None:
        return None
    found = content().monsters
    mid = entry.get("id")
    named = next((m.name for m in found if m.id == mid), None)
    return named if named is not None else card_name(entry.get("card"))


def fight_monsters(view: Json) -> list[Json]:
    """The monsters of the fight in the fight's order (a Mate copy has no card of its own:
    it is found among the copies standing in the fight's room)."""
    fight = view.get("fight")
    if not isinstance(fight, Mapping):
        return []
    cell = cell_of(fight.get("cell"))
    here = [m for m in monsters(view) if cell_of(m.get("at")) == cell]
    out: list[Json] = []
    for card in fight.get("monsters") or []:
        pool = [m for m in here if m.get("card") == card and not any(m is o for o in out)]
        if pool:
            out.append(pool[0])
    return out


def seat_name(names: Sequence[str], seat: object) -> str:
    ok = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names)
    return names[seat] if ok and isinstance(seat, int) else "somebody"


def seat_of(view: Json, seat: object) -> Json | None:
    seats = view.get("seats") or []
    ok = isinstance(seat, int) and 0 <= seat < len(seats)
    return seats[seat] if ok and isinstance(seat, int) else None
