"""The parts of the quest table (SPEC 4.1): what the match waits for, the rooms somebody or
something is in, one line per seat, the fight and the last Monster Turn, all from the
spectator view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.quest import words
from bot.games.quest.cards import (
    card_def,
    card_name,
    cell_of,
    fight_monsters,
    monster_by_serial,
    monster_name,
    monsters,
    room_name_at,
    seat_name,
    seat_of,
)
from bot.games.quest.maptext import letters, pawns
from bot.render.games import Field
from engine.quest.content import COLOURS

Json = Mapping[str, Any]
MAX_LEGEND = 8  # rooms listed under the map: a phone screenful


def seats(view: Json) -> list[Mapping[str, Any]]:
    return [s for s in view.get("seats") or [] if isinstance(s, Mapping)]


def and_(items: Sequence[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def monster_short(m: Mapping[str, Any]) -> str:
    """A monster in a room of the legend: its name, base colour and level (the picture
    shows where it stands; the fight says its dice)."""
    name = monster_name(m) or "a monster"
    if m.get("boss"):
        name = f"{name} ({words.BOSS})"
    base = m.get("base")
    ok = isinstance(base, int) and 0 <= base < len(COLOURS)
    dot = words.COLOUR_DOTS[COLOURS[base]] if ok and isinstance(base, int) else ""
    level = getattr(card_def(m.get("card")), "level", "?")
    return words.MONSTER_SHORT.format(name=name, dot=dot, level=level).replace("  ", " ")


def monster_line(m: Mapping[str, Any]) -> str:
    found = card_def(m.get("card"))
    name = monster_name(m) or "a monster"
    if m.get("boss"):
        name = f"{name} ({words.BOSS})"
    level = getattr(found, "level", "?")
    dice = getattr(found, "dice", 0)
    base = m.get("base")
    fields = {
        "name": name,
        "level": level,
        "dice": dice,
        "die_word": words.DIE_WORDS[0 if dice == 1 else 1],
    }
    if isinstance(base, int) and 0 <= base < len(COLOURS):
        colour = COLOURS[base]
        return words.MONSTER.format(base=f"{words.COLOUR_DOTS[colour]} {colour}", **fields)
    return words.MONSTER_NO_BASE.format(**fields)


def turn_line(view: Json, names: Sequence[str]) -> str:
    turn = view.get("turn")
    me = seat_of(view, turn) or {}
    name = seat_name(names, turn)
    if me.get("dead"):
        return words.TURN_DEAD.format(turn=view.get("turn_no", 0), name=name)
    return words.TURN.format(
        turn=view.get("turn_no", 0), name=name, left=me.get("move_left", 0), move=me.get("move", 0)
    )


def waiting_words(view: Json, names: Sequence[str], waiting: Sequence[int]) -> str:
    who = and_([seat_name(names, s) for s in waiting]) or words.NOBODY
    if view.get("phase") == "prep":
        return words.WAIT_READY.format(names=who)
    pending = view.get("pending")
    if isinstance(pending, Mapping):
        template = words.WAIT_PENDING.get(str(pending.get("kind")), words.WAIT_SOMEONE)
        return template.format(name=who, names=who)
    fight = view.get("fight")
    if isinstance(fight, Mapping):
        stage = fight.get("stage")
        if stage == "open":
            return words.WAIT_FIGHT.format(name=who)
        if stage == "rolling":
            return words.WAIT_WINDOW_FIGHT.format(names=who)
        return words.WAIT_AFTER.format(names=who)
    return words.WAIT_MOVE.format(name=who)


def legend(view: Json, names: Sequence[str]) -> list[str]:
    """A line for each room somebody or something is in (the active seat's first)."""
    laid = letters(view)
    who = pawns(view)
    mobs: dict[tuple[int, int], list[str]] = {}
    for m in monsters(view):
        cell = cell_of(m.get("at"))
        if cell is not None:
            mobs.setdefault(cell, []).append(monster_short(m))
    busy = [cell for cell in laid if cell in who or cell in mobs]
    active = cell_of((seat_of(view, view.get("turn")) or {}).get("at"))
    # The active seat's room first, then every room with somebody in it (the seat lines
    # leave where people stand to this legend), then the monsters' rooms.
    busy.sort(key=lambda cell: (cell != active, cell not in who, list(laid).index(cell)))
    lines = []
    for cell in busy[:MAX_LEGEND]:
        people = [seat_name(names, s) for s in who.get(cell, [])]
        what = ", ".join(people + mobs.get(cell, []))
        room = room_name_at(view, list(cell)) or "?"
        lines.append(words.ROOM_LINE.format(letter=laid[cell], room=room, who=what))
    return lines


def seat_field(view: Json, names: Sequence[str], marks: Sequence[str], seat: int) -> Field:
    me = seats(view)[seat]
    colour = str(me.get("colour", ""))
    tags = [t for t in (marks[seat].split(", ") if seat < len(marks) and marks[seat] else [])]
    title = words.SEAT_TITLE.format(
        number=seat + 1,
        name=names[seat],
        colour=words.COLOUR_DOTS.get(colour, colour),
    )
    if tags:
        title += f" · {', '.join(tags)}"
    health = int(me.get("health", 0))
    lines = [
        words.SEAT_SHORT.format(
            level=me.get("level", 1),
            health=max(0, health - int(me.get("hits", 0))),
            max=health,
            gold=me.get("gold", 0),
        )
    ]
    if me.get("out"):
        lines.append(words.SEAT_OUT)
    elif me.get("dead"):
        lines.append(words.SEAT_DEAD)  # where the living stand: the map and its legend
    return Field(title, "\n".join(lines), inline=True)


def seat_detail(view: Json, names: Sequence[str], seat: int) -> Field:
    """What the table's line for ``seat`` leaves out: race and class, items, curses."""
    me = seats(view)[seat]
    title = words.SEAT_TITLE.format(
        number=seat + 1,
        name=names[seat],
        colour=words.COLOUR_DOTS.get(str(me.get("colour", "")), ""),
    )
    roles = [card_name(r) or "?" for r in me.get("roles") or []]
    cards = words.card_count(int(me.get("hand_size", 0)))  # the table's line leaves it out
    lines = [f"{' '.join(roles) if roles else words.NO_ROLE} · {cards}"]
    used = [card_name(i) or "?" for i, zone in me.get("gear") or [] if zone != "pack"]
    packed = [card_name(i) or "?" for i, zone in me.get("gear") or [] if zone == "pack"]
    if used:
        lines.append(words.SEAT_GEAR.format(items=", ".join(used)))
    if packed:
        lines.append(words.SEAT_PACK.format(items=", ".join(packed)))
    if me.get("curses"):
        cursed = ", ".join(card_name(c) or "?" for c in me.get("curses") or [])
        lines.append(words.SEAT_CURSES.format(cards=cursed))
    return Field(title, "\n".join(lines), inline=True)


def fight_lines(view: Json, names: Sequence[str], pictured: bool = False) -> list[str]:
    """The fight in words: the picture's alternative text; ``pictured``, the table's field
    beside the picture, leaves out what the picture draws (the totals as its bars, the rooms
    help may come from, the stage the waiting line says too), as classic shows a fight once."""
    fight = view.get("fight")
    if not isinstance(fight, Mapping):
        return []
    main = seat_name(names, fight.get("main"))
    helper = fight.get("helper")
    who = main
    if isinstance(helper, int) and helper >= 0:
        who = f"{main} and {seat_name(names, helper)}"
    mons = [monster_line(m) for m in fight_monsters(view)]
    # Beside the picture its bars name the sides: the line says what they fight, and where.
    template = words.FIGHT_WHAT if pictured else words.FIGHT_WHO
    lines = [
        template.format(
            who=who,
            monsters=and_(mons) or "a monster",
            room=room_name_at(view, fight.get("cell")) or "?",
        )
    ]
    # Beside the picture (its blue rings are the rooms) the table says nothing of help: who
    # may be asked is the fighter's to see, on their Ask buttons (issue 27.6: one screen).
    lines += [] if pictured else help_lines(view, names, fight)
    dice = fight.get("dice") or []
    if dice:
        faces = " ".join(
            f"{'🎲' if d[2] == 0 else '💀'}{d[1]}" for d in dice if isinstance(d, list)
        )
        lines.append(words.DICE.format(faces=faces))
    if not pictured:
        totals = words.FIGHT_TOTALS.format(
            side=fight.get("side", 0), monsters=fight.get("monster_side", 0)
        )
        lines.append(totals)
    played = [card_name(c) or "?" for c in fight.get("played") or []]
    if played:
        lines.append(words.FIGHT_PLAYED.format(cards=", ".join(played)))
    if fight.get("bribe"):
        lines.append(words.FIGHT_BRIBE.format(treasures=words.treasures(int(fight["bribe"]))))
    stage = words.FIGHT_STAGES.get(str(fight.get("stage")))
    if stage and not pictured:
        lines.append(stage.format(main=main))
    return lines


def help_lines(view: Json, names: Sequence[str], fight: Mapping[str, Any]) -> list[str]:
    """Where help may come from (the rooms the picture rings blue) and, while the fighter
    decides, who may be asked: both as the engine gives them (SPEC 4.2.4)."""
    if "help_rooms" not in fight or fight.get("stage") == "done":
        return []
    here = cell_of(fight.get("cell"))
    reach = [c for c in (cell_of(r) for r in fight.get("help_rooms") or []) if c is not None]
    if not reach:
        return [words.FIGHT_NO_HELP]
    near = [room_name_at(view, list(c)) or "?" for c in reach if c != here]
    lines = [words.FIGHT_HELP.format(rooms=and_(near)) if near else words.FIGHT_HELP_HERE]
    askable = [seat_name(names, k) for k in fight.get("may_help") or []]
    if askable and fight.get("stage") == "open":
        lines.append(words.FIGHT_ASK.format(names=and_(askable)))
    return lines


def monster_turn_lines(view: Json) -> list[str]:
    colour = view.get("last_colour")
    paths = view.get("monster_paths") or []
    if not isinstance(colour, str) or not paths:
        return []
    lines = [words.MONSTER_TURN_DIE.format(dot=words.COLOUR_DOTS.get(colour, ""), colour=colour)]
    for serial, path in paths:
        entry = monster_by_serial(view, serial)
        name = monster_name(entry) if entry is not None else None
        if name is None or not isinstance(path, list):
            continue
        cells = [p for p in path if isinstance(p, list)]
        why = "".join(words.PATH_WHY.get(p, "") for p in path if isinstance(p, str))
        rooms_on = [room_name_at(view, cell) or "?" for cell in cells]
        if len(cells) > 1:
            lines.append(words.MONSTER_PATH.format(name=name, path=" → ".join(rooms_on), why=why))
    return lines if len(lines) > 1 else []  # nobody moved: the log says so


def die_window_line(view: Json) -> str | None:
    """The table's line for an open die window (``WAIT_DIE``), else ``None``."""
    window = view.get("window")
    if not isinstance(window, Mapping) or view.get("phase") == "prep":
        return None
    what = str(window.get("what", ""))
    head = words.WINDOW_HEADS.get(what) or window_words(window).capitalize()
    return words.WAIT_DIE.format(what=head)


def window_words(window: Mapping[str, Any]) -> str:
    what = str(window.get("what", ""))
    return words.WINDOWS.get(what, what.replace("_", " "))
