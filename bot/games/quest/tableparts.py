"""The parts of the quest table (SPEC 4.1): what the match waits for, the rooms somebody or
something is in, one line per seat, the fight and the last Monster Turn, all from the
spectator view."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.quest import words
from bot.games.quest.cards import (
    card_def,
    card_name,
    fight_monsters,
    monster_by_serial,
    monster_name,
    room_name_at,
    seat_name,
    seat_of,
)
from bot.games.quest.maptext import letters, pawns
from bot.render.games import Field
from engine.quest.content import COLOURS
from engine.quest.view import Cell, FightView, MonsterView, QuestView, WindowView

MAX_LEGEND = 8  # rooms listed under the map: a phone screenful


def and_(items: Sequence[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def monster_short(m: MonsterView) -> str:
    """A monster in a room of the legend: its name, base colour and level (the picture
    shows where it stands; the fight says its dice)."""
    name = monster_name(m) or "a monster"
    if m.boss:
        name = f"{name} ({words.BOSS})"
    base = m.base
    dot = words.COLOUR_DOTS[COLOURS[base]] if 0 <= base < len(COLOURS) else ""
    level = getattr(card_def(m.card), "level", "?")
    return words.MONSTER_SHORT.format(name=name, dot=dot, level=level).replace("  ", " ")


def monster_line(m: MonsterView) -> str:
    found = card_def(m.card)
    name = monster_name(m) or "a monster"
    if m.boss:
        name = f"{name} ({words.BOSS})"
    level = getattr(found, "level", "?")
    dice = getattr(found, "dice", 0)
    base = m.base
    fields = {
        "name": name,
        "level": level,
        "dice": dice,
        "die_word": words.DIE_WORDS[0 if dice == 1 else 1],
    }
    if 0 <= base < len(COLOURS):
        colour = COLOURS[base]
        return words.MONSTER.format(base=f"{words.COLOUR_DOTS[colour]} {colour}", **fields)
    return words.MONSTER_NO_BASE.format(**fields)


def turn_line(view: QuestView, names: Sequence[str]) -> str:
    me = seat_of(view, view.turn)
    name = seat_name(names, view.turn)
    if me is not None and me.dead:
        return words.TURN_DEAD.format(turn=view.turn_no, name=name)
    left, move = (me.move_left, me.move) if me is not None else (0, 0)
    return words.TURN.format(turn=view.turn_no, name=name, left=left, move=move)


def waiting_words(view: QuestView, names: Sequence[str], waiting: Sequence[int]) -> str:
    who = and_([seat_name(names, s) for s in waiting]) or words.NOBODY
    if view.phase == "prep":
        return words.WAIT_READY.format(names=who)
    pending = view.pending
    if pending is not None:
        template = words.WAIT_PENDING.get(pending.kind, words.WAIT_SOMEONE)
        return template.format(name=who, names=who)
    fight = view.fight
    if fight is not None:
        stage = fight.stage
        if stage == "open":
            return words.WAIT_FIGHT.format(name=who)
        if stage == "rolling":
            return words.WAIT_WINDOW_FIGHT.format(names=who)
        return words.WAIT_AFTER.format(names=who)
    return words.WAIT_MOVE.format(name=who)


def legend(view: QuestView, names: Sequence[str]) -> list[str]:
    """A line for each room somebody or something is in (the active seat's first)."""
    laid = letters(view)
    who = pawns(view)
    mobs: dict[Cell, list[str]] = {}
    for m in view.monsters:
        mobs.setdefault(m.at, []).append(monster_short(m))
    busy = [cell for cell in laid if cell in who or cell in mobs]
    turn = seat_of(view, view.turn)
    active = turn.at if turn is not None else None
    # The active seat's room first, then every room with somebody in it (the seat lines
    # leave where people stand to this legend), then the monsters' rooms.
    busy.sort(key=lambda cell: (cell != active, cell not in who, list(laid).index(cell)))
    lines = []
    for cell in busy[:MAX_LEGEND]:
        people = [seat_name(names, s) for s in who.get(cell, [])]
        what = ", ".join(people + mobs.get(cell, []))
        room = room_name_at(view, cell) or "?"
        lines.append(words.ROOM_LINE.format(letter=laid[cell], room=room, who=what))
    return lines


def seat_field(view: QuestView, names: Sequence[str], marks: Sequence[str], seat: int) -> Field:
    me = view.seats[seat]
    colour = me.colour
    tags = [t for t in (marks[seat].split(", ") if seat < len(marks) and marks[seat] else [])]
    title = words.SEAT_TITLE.format(
        number=seat + 1,
        name=names[seat],
        colour=words.COLOUR_DOTS.get(colour, colour),
    )
    if tags:
        title += f" · {', '.join(tags)}"
    lines = [
        words.SEAT_SHORT.format(
            level=me.level, health=max(0, me.health - me.hits), max=me.health, gold=me.gold
        )
    ]
    if me.out:
        lines.append(words.SEAT_OUT)
    elif me.dead:
        lines.append(words.SEAT_DEAD)  # where the living stand: the map and its legend
    return Field(title, "\n".join(lines), inline=True)


def seat_detail(view: QuestView, names: Sequence[str], seat: int) -> Field:
    """What the table's line for ``seat`` leaves out: race and class, items, curses."""
    me = view.seats[seat]
    title = words.SEAT_TITLE.format(
        number=seat + 1, name=names[seat], colour=words.COLOUR_DOTS.get(me.colour, "")
    )
    roles = [card_name(r) or "?" for r in me.roles]
    cards = words.card_count(me.hand_size)  # the table's line leaves it out
    lines = [f"{' '.join(roles) if roles else words.NO_ROLE} · {cards}"]
    used = [card_name(i) or "?" for i, zone in me.gear if zone != "pack"]
    packed = [card_name(i) or "?" for i, zone in me.gear if zone == "pack"]
    if used:
        lines.append(words.SEAT_GEAR.format(items=", ".join(used)))
    if packed:
        lines.append(words.SEAT_PACK.format(items=", ".join(packed)))
    if me.curses:
        cursed = ", ".join(card_name(c) or "?" for c in me.curses)
        lines.append(words.SEAT_CURSES.format(cards=cursed))
    return Field(title, "\n".join(lines), inline=True)


def fight_lines(view: QuestView, names: Sequence[str], pictured: bool = False) -> list[str]:
    """The fight in words: the picture's alternative text; ``pictured``, the table's field
    beside the picture, leaves out what the picture draws (the totals as its bars, the rooms
    help may come from, the stage the waiting line says too), as classic shows a fight once."""
    fight = view.fight
    if fight is None:
        return []
    main = seat_name(names, fight.main)
    who = main
    if fight.helper >= 0:
        who = f"{main} and {seat_name(names, fight.helper)}"
    mons = [monster_line(m) for m in fight_monsters(view)]
    # Beside the picture its bars name the sides: the line says what they fight, and where.
    template = words.FIGHT_WHAT if pictured else words.FIGHT_WHO
    lines = [
        template.format(
            who=who,
            monsters=and_(mons) or "a monster",
            room=room_name_at(view, fight.cell) or "?",
        )
    ]
    # Beside the picture (its blue rings are the rooms) the table says nothing of help: who
    # may be asked is the fighter's to see, on their Ask buttons (issue 27.6: one screen).
    lines += [] if pictured else help_lines(view, names, fight)
    if fight.dice:
        faces = " ".join(f"{'🎲' if d[2] == 0 else '💀'}{d[1]}" for d in fight.dice)
        lines.append(words.DICE.format(faces=faces))
    if not pictured:
        lines.append(words.FIGHT_TOTALS.format(side=fight.side, monsters=fight.monster_side))
    played = [card_name(c) or "?" for c in fight.played]
    if played:
        lines.append(words.FIGHT_PLAYED.format(cards=", ".join(played)))
    if fight.bribe:
        lines.append(words.FIGHT_BRIBE.format(treasures=words.treasures(fight.bribe)))
    stage = words.FIGHT_STAGES.get(fight.stage)
    if stage and not pictured:
        lines.append(stage.format(main=main))
    return lines


def help_lines(view: QuestView, names: Sequence[str], fight: FightView) -> list[str]:
    """Where help may come from (the rooms the picture rings blue) and, while the fighter
    decides, who may be asked: both as the engine gives them (SPEC 4.2.4)."""
    if fight.stage == "done":
        return []
    if not fight.help_rooms:
        return [words.FIGHT_NO_HELP]
    near = [room_name_at(view, c) or "?" for c in fight.help_rooms if c != fight.cell]
    lines = [words.FIGHT_HELP.format(rooms=and_(near)) if near else words.FIGHT_HELP_HERE]
    askable = [seat_name(names, k) for k in fight.may_help]
    if askable and fight.stage == "open":
        lines.append(words.FIGHT_ASK.format(names=and_(askable)))
    return lines


def monster_turn_lines(view: QuestView) -> list[str]:
    colour = view.last_colour
    if colour is None or not view.monster_paths:
        return []
    lines = [words.MONSTER_TURN_DIE.format(dot=words.COLOUR_DOTS.get(colour, ""), colour=colour)]
    for path in view.monster_paths:
        name = monster_name(monster_by_serial(view, path.serial))
        if name is None:
            continue
        cells = [p for p in path.steps if not isinstance(p, str)]
        why = "".join(words.PATH_WHY.get(p, "") for p in path.steps if isinstance(p, str))
        rooms_on = [room_name_at(view, cell) or "?" for cell in cells]
        if len(cells) > 1:
            lines.append(words.MONSTER_PATH.format(name=name, path=" → ".join(rooms_on), why=why))
    return lines if len(lines) > 1 else []  # nobody moved: the log says so


def die_window_line(view: QuestView) -> str | None:
    """The table's line for an open die window (``WAIT_DIE``), else ``None``."""
    window = view.window
    if window is None or view.phase == "prep":
        return None
    head = words.WINDOW_HEADS.get(window.what) or window_words(window).capitalize()
    # What was rolled, so "a card may still change it" says what would change (issue 27,
    # played as new users: "die may change" left a new player asking which die, and to what).
    colours = window.what in ("base", "monster_turn")  # the Monster Die: faces are colours
    faces = [COLOURS[d] if colours and 0 <= d < len(COLOURS) else str(d) for d in window.dice]
    return words.WAIT_DIE.format(what=head, dice=", ".join(faces) or "?")


def window_words(window: WindowView) -> str:
    return words.WINDOWS.get(window.what, window.what.replace("_", " "))
