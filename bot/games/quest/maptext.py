"""The dungeon as a few lines of monospace text (SPEC 4.2: the text map is what tests compare
and what a phone always shows; the picture is extra).

Each cell is three characters: who stands there (a seat number, ``+`` for several), the
room's letter (``E`` the Entrance, then ``A``, ``B``… in the order rooms were laid) and its
monsters (``m``, or their number). Between cells sits the link: ``-`` and ``|`` open, ``d`` a
door, ``L`` locked, ``h`` hidden, ``#`` a wall, a blank for no link yet.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.quest.cards import rooms
from engine.quest.view import Cell, QuestView

LETTERS = "ABCDFGHIJKLMNOPQRSTUVWXYZ"  # E is the Entrance's
ACROSS = {0: "-", 1: "d", 2: "L", 3: "h", 4: "#"}  # a link between two cells side by side
UPDOWN = {0: "|", 1: "d", 2: "L", 3: "h", 4: "#"}


def letters(view: QuestView) -> dict[Cell, str]:
    """Each laid room's letter, in the order the rooms were laid."""
    out: dict[Cell, str] = {}
    others = iter(LETTERS)
    for cell, room_id in rooms(view).items():
        out[cell] = "E" if room_id == "entrance" else next(others, "?")
    return out


def pawns(view: QuestView) -> dict[Cell, list[int]]:
    out: dict[Cell, list[int]] = {}
    for seat, entry in enumerate(view.seats):
        if not entry.out:
            out.setdefault(entry.at, []).append(seat)
    return out


def monster_counts(view: QuestView) -> dict[Cell, int]:
    out: dict[Cell, int] = {}
    for m in view.monsters:
        out[m.at] = out.get(m.at, 0) + 1
    return out


def text_map(view: QuestView) -> str:
    laid = letters(view)
    if not laid:
        return ""
    links = {(x, y, side): kind for x, y, side, kind in view.board.links}
    who = pawns(view)
    mobs = monster_counts(view)
    xs = [x for x, _ in laid]
    ys = [y for _, y in laid]
    lines: list[str] = []
    for y in range(min(ys), max(ys) + 1):
        above = [" "]
        row = []
        for x in range(min(xs), max(xs) + 1):
            north = links.get((x, y, "N"))
            above.append(" " + UPDOWN.get(north, " ") + "  " if north is not None else "    ")
            west = links.get((x, y, "W"))
            row.append(ACROSS.get(west, " ") if west is not None else " ")
            row.append(_cell((x, y), laid, who, mobs))
        east = links.get((max(xs) + 1, y, "W"))
        row.append(ACROSS.get(east, " ") if east is not None else " ")
        lines.append("".join(above).rstrip())
        lines.append("".join(row).rstrip())
    below = [" "]
    for x in range(min(xs), max(xs) + 1):
        south = links.get((x, max(ys) + 1, "N"))
        below.append(" " + UPDOWN.get(south, " ") + "  " if south is not None else "    ")
    lines.append("".join(below).rstrip())
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


def _cell(
    cell: Cell, laid: Mapping[Cell, str], who: Mapping[Cell, list[int]], mobs: Mapping[Cell, int]
) -> str:
    if cell not in laid:
        return "   "
    seats = who.get(cell, [])
    left = str(seats[0] + 1) if len(seats) == 1 else ("+" if seats else " ")
    count = mobs.get(cell, 0)
    right = "m" if count == 1 else (str(min(count, 9)) if count else " ")
    return f"{left}{laid[cell]}{right}"
