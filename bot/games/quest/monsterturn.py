"""The Monster Turn in the log, one line per monster (issue 27.7: a turn people can follow):
"The Chaos Clown walks from Pickpocket Alley to Rattling Armory and stops: blocked.", after
the turn's own line (the die's colour and how many moved, ``events``).

The event gives each monster's path as its cells then why it stopped (``engine/quest/
monsters.py`` ``move_monster``); the monster is named from the map the events left (its
serial), the rooms by the log's own names (``events.room_names``)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.quest.cards import cell_of, monster_by_serial, monster_name
from engine.quest.view import QuestView

Json = Mapping[str, object]  # an event as its reader may see it
Rooms = Mapping[tuple[int, int], str]

WALKS = "The {name} walks from {start} to {end}{via}{why}."
STAYS = "The {name} stays in {start}{why}."
VIA = " through {rooms}"
# Why a monster stopped, or stayed (the path's last words).
STOPPED = {
    "blocked": " and stops: blocked",
    "no_arrow": " and stops: no arrow of that colour there",
    "slow": " and stops: it is slow",
    "fast": ", one room more: it is fast",
    "gotcha": " and catches its target",
}
STAYED = {
    "lurks": ": it lurks",
    "gotcha": ": it holds its target",
    "no_arrow": ": no arrow of that colour",
    "blocked": ": blocked",
}


def lines(event: Json, drawn: QuestView | None, rooms: Rooms) -> list[str]:
    """A line for each monster the Monster Turn moved or held, in the order they went."""
    out = []
    paths = event.get("paths")
    for entry in paths if isinstance(paths, list) else []:
        if not isinstance(entry, list | tuple) or len(entry) != 2:
            continue
        serial, path = entry
        if not isinstance(path, list):
            continue
        found = monster_by_serial(drawn, serial) if drawn is not None else None
        name = monster_name(found) or "monster"
        cells = [c for c in (cell_of(p) for p in path) if c is not None]
        reasons = [p for p in path if isinstance(p, str)]
        if not cells:
            continue
        start = rooms.get(cells[0]) or "its room"
        if len(cells) == 1:
            why = next((STAYED[r] for r in reasons if r in STAYED), "")
            out.append(STAYS.format(name=name, start=start, why=why))
            continue
        between = [rooms.get(c) or "a room" for c in cells[1:-1]]
        via = VIA.format(rooms=", ".join(between)) if between else ""
        why = "".join(STOPPED.get(r, "") for r in reasons)
        end = rooms.get(cells[-1]) or "a room"
        out.append(WALKS.format(name=name, start=start, end=end, via=via, why=why))
    return out
