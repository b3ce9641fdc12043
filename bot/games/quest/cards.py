"""The quest dungeon as the screens name it: card instances, rooms on the map, monsters on the
board and seats, read from the match's pinned dungeon (``bot.render.games.pinned_game``).

Engine states and views hold integers (card instances into ``Content``; cells as ``(x, y)``
in the typed ``QuestView``, ``[x, y]`` in actions and events); this module turns them into the
names people read. An id the dungeon does not know reads as
``None`` so a caller can say "a card" instead of guessing.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from bot.render.games import pinned_game
from engine.games import load_game
from engine.quest.content import Content
from engine.quest.defs import DxmDef, MonsterDef, RoomDef, TreasureDef
from engine.quest.game import Quest
from engine.quest.view import Cell, MonsterView, QuestView, SeatView


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


CardDef = MonsterDef | TreasureDef | DxmDef


def card_def(card: object) -> CardDef | None:
    """The definition behind a card instance (a monster, Treasure or Twist card)."""
    c = content()
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < len(c.deck_of):
        return None
    deck, index = c.deck_of[card], c.def_of[card]
    if deck == "T":
        return c.treasures[index]
    return c.dxm[index] if deck == "D" else c.monsters[index]


def card_name(card: object) -> str | None:
    found = card_def(card)
    return str(found.name) if found is not None else None


def deck_of(card: object) -> str:
    c = content()
    ok = isinstance(card, int) and 0 <= card < len(c.deck_of)
    return c.deck_of[card] if ok and isinstance(card, int) else ""


def room_def_by_id(room_id: object) -> RoomDef | None:
    c = content()
    index = c.room_index.get(str(room_id))
    return c.rooms[index] if index is not None else None


def cell_of(value: object) -> Cell | None:
    """An action's or an event's ``[x, y]`` as a cell; ``None`` for anything else."""
    if isinstance(value, list | tuple) and len(value) == 2:
        x, y = value
        if isinstance(x, int) and isinstance(y, int):
            return (x, y)
    return None


def rooms(view: QuestView) -> dict[Cell, str]:
    """Cell -> room id, in the order the rooms were laid."""
    return {(x, y): room_id for x, y, room_id in view.board.rooms}


def room_name_at(view: QuestView, cell: Cell | None) -> str | None:
    if cell is None:
        return None
    found = room_def_by_id(rooms(view).get(cell))
    return str(found.name) if found is not None else None


def monster_by_serial(view: QuestView, serial: object) -> MonsterView | None:
    return next((m for m in view.monsters if m.serial == serial), None)


def monster_name(entry: MonsterView | None) -> str | None:
    if entry is None:
        return None
    found = content().monsters
    named = next((m.name for m in found if m.id == entry.id), None)
    return named if named is not None else card_name(entry.card)


def fight_monsters(view: QuestView) -> list[MonsterView]:
    """The monsters of the fight in the fight's order (a Mate copy has no card of its own:
    it is found among the copies standing in the fight's room)."""
    fight = view.fight
    if fight is None:
        return []
    here = [m for m in view.monsters if m.at == fight.cell]
    out: list[MonsterView] = []
    for card in fight.monsters:
        pool = [m for m in here if m.card == card and not any(m is o for o in out)]
        if pool:
            out.append(pool[0])
    return out


def seat_name(names: Sequence[str], seat: object) -> str:
    ok = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names)
    return names[seat] if ok and isinstance(seat, int) else "somebody"


def seat_of(view: QuestView, seat: int | None) -> SeatView | None:
    ok = seat is not None and 0 <= seat < len(view.seats)
    return view.seats[seat] if ok and seat is not None else None
