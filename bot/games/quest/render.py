"""The quest table and hand (SPEC 4.1): whose turn and what the match waits for, the dungeon
as a text map with a legend of the rooms people and monsters are in, each seat's level,
Health and room, the fight once, the last Monster Turn; the hand opens on the seat's
decision, then its cards, then its buttons (main moves first).

Everything on the table comes from the spectator view; the hand reads the seat's own view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.quest import controls as quest_controls
from bot.games.quest import events, words
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
from bot.games.quest.maptext import letters, pawns, text_map
from bot.render.controls import Control
from bot.render.games import Field, GameRenderer
from bot.render.model import Picture
from bot.render.pictures import Side, fight_picture
from engine.core import Action
from engine.quest.content import COLOURS
from engine.quest.game import QUICK

QUICK_BOSS = QUICK["boss"]  # the quick game's mark in a view's options
Json = Mapping[str, Any]  # a view as exported (``bot.render.games.ViewJson``)

MAX_LEGEND = 8  # rooms listed under the map: a phone screenful


def _seats(view: Json) -> list[Mapping[str, Any]]:
    return [s for s in view.get("seats") or [] if isinstance(s, Mapping)]


def _and(items: Sequence[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


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


def _turn_line(view: Json, names: Sequence[str]) -> str:
    turn = view.get("turn")
    me = seat_of(view, turn) or {}
    name = seat_name(names, turn)
    if me.get("dead"):
        return words.TURN_DEAD.format(turn=view.get("turn_no", 0), name=name)
    return words.TURN.format(
        turn=view.get("turn_no", 0), name=name, left=me.get("move_left", 0), move=me.get("move", 0)
    )


def waiting_words(view: Json, names: Sequence[str], waiting: Sequence[int]) -> str:
    who = _and([seat_name(names, s) for s in waiting]) or words.NOBODY
    if view.get("phase") == "prep":
        return words.WAIT_READY.format(names=who)
    window = view.get("window")
    if isinstance(window, Mapping):
        return words.WAIT_DIE.format(names=who, what=_window(window))
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


class QuestRenderer(GameRenderer):
    # table -------------------------------------------------------------------------------

    def waiting_line(self, view: Json, names: Sequence[str], waiting: Sequence[int]) -> str | None:
        if view.get("game") != "quest":
            return None
        what = words.WAITING.format(what=waiting_words(view, names, waiting))
        options = view.get("options")
        quick = isinstance(options, Mapping) and options.get("boss") == QUICK_BOSS
        turn = words.SETUP if view.get("phase") == "prep" else _turn_line(view, names)
        turn += f" · {words.OPTIONS_QUICK}" if quick else ""
        return f"{turn}\n{what}"

    def table_fields(
        self, view: Json, names: Sequence[str], marks: Sequence[str]
    ) -> list[Field] | None:
        if view.get("game") != "quest":
            return None
        fields = [self._map_field(view, names)]
        fight = self._fight_lines(view, names)
        if fight:
            fields.append(Field(words.FIGHT, "\n".join(fight)))
        fields += [
            self._seat_field(view, names, marks, seat)
            for seat in range(min(len(_seats(view)), len(names)))
        ]
        turn = self._monster_turn_lines(view)
        if turn and not fight:
            fields.append(Field(words.MONSTER_TURN, "\n".join(turn)))
        return fields

    def _map_field(self, view: Json, names: Sequence[str]) -> Field:
        drawn = text_map(view)
        lines = [f"```\n{drawn}\n```"] if drawn else [words.MAP_EMPTY]
        lines += self.legend(view, names)
        if drawn:
            lines.append(f"*{words.MAP_KEY}*")
        return Field(words.MAP, "\n".join(lines))

    def legend(self, view: Json, names: Sequence[str]) -> list[str]:
        """A line for each room somebody or something is in (the active seat's first)."""
        laid = letters(view)
        who = pawns(view)
        mobs: dict[tuple[int, int], list[str]] = {}
        for m in monsters(view):
            cell = cell_of(m.get("at"))
            if cell is not None:
                mobs.setdefault(cell, []).append(monster_line(m))
        busy = [cell for cell in laid if cell in who or cell in mobs]
        active = cell_of((seat_of(view, view.get("turn")) or {}).get("at"))
        busy.sort(key=lambda cell: (cell != active, list(laid).index(cell)))
        lines = []
        for cell in busy[:MAX_LEGEND]:
            people = [seat_name(names, s) for s in who.get(cell, [])]
            what = ", ".join(people + mobs.get(cell, []))
            room = room_name_at(view, list(cell)) or "?"
            where = events.place(*cell).removeprefix("the room ").removeprefix("the ")
            label = room if cell == (0, 0) else f"{room} ({where})"
            lines.append(words.ROOM_LINE.format(letter=laid[cell], room=label, who=what))
        return lines

    def _seat_field(
        self, view: Json, names: Sequence[str], marks: Sequence[str], seat: int
    ) -> Field:
        me = _seats(view)[seat]
        colour = str(me.get("colour", ""))
        tags = [t for t in (marks[seat].split(", ") if seat < len(marks) and marks[seat] else [])]
        title = words.SEAT_TITLE.format(
            number=seat + 1,
            name=names[seat],
            colour=f"{words.COLOUR_DOTS.get(colour, '')} {colour}",
        )
        if tags:
            title += f" · {', '.join(tags)}"
        health = int(me.get("health", 0))
        lines = [
            words.SEAT_LINE.format(
                level=me.get("level", 1),
                health=max(0, health - int(me.get("hits", 0))),
                max=health,
                gold=me.get("gold", 0),
                cards=me.get("hand_size", 0),
            )
        ]
        if me.get("out"):
            lines.append(words.SEAT_OUT)
        elif me.get("dead"):
            lines.append(words.SEAT_DEAD)
        else:
            lines.append(words.SEAT_WHERE.format(room=room_name_at(view, me.get("at")) or "?"))
        roles = [card_name(r) or "?" for r in me.get("roles") or []]
        lines.append(" ".join(roles) if roles else words.NO_ROLE)
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

    def _fight_lines(self, view: Json, names: Sequence[str]) -> list[str]:
        fight = view.get("fight")
        if not isinstance(fight, Mapping):
            return []
        main = seat_name(names, fight.get("main"))
        helper = fight.get("helper")
        who = main
        if isinstance(helper, int) and helper >= 0:
            who = f"{main} and {seat_name(names, helper)}"
        mons = [monster_line(m) for m in fight_monsters(view)]
        lines = [
            words.FIGHT_WHO.format(
                who=who,
                monsters=_and(mons) or "a monster",
                room=room_name_at(view, fight.get("cell")) or "?",
            )
        ]
        dice = fight.get("dice") or []
        if dice:
            faces = " ".join(
                f"{'🎲' if d[2] == 0 else '💀'}{d[1]}" for d in dice if isinstance(d, list)
            )
            lines.append(words.DICE.format(faces=faces))
        lines.append(
            words.FIGHT_TOTALS.format(
                side=fight.get("side", 0), monsters=fight.get("monster_side", 0)
            )
        )
        played = [card_name(c) or "?" for c in fight.get("played") or []]
        if played:
            lines.append(words.FIGHT_PLAYED.format(cards=", ".join(played)))
        if fight.get("bribe"):
            lines.append(words.FIGHT_BRIBE.format(treasures=fight.get("bribe")))
        stage = words.FIGHT_STAGES.get(str(fight.get("stage")))
        if stage:
            lines.append(stage.format(main=main))
        return lines

    def _monster_turn_lines(self, view: Json) -> list[str]:
        colour = view.get("last_colour")
        paths = view.get("monster_paths") or []
        if not isinstance(colour, str) or not paths:
            return []
        lines = [
            words.MONSTER_TURN_DIE.format(dot=words.COLOUR_DOTS.get(colour, ""), colour=colour)
        ]
        for serial, path in paths:
            entry = monster_by_serial(view, serial)
            name = monster_name(entry) if entry is not None else None
            if name is None or not isinstance(path, list):
                continue
            cells = [p for p in path if isinstance(p, list)]
            why = "".join(words.PATH_WHY.get(p, "") for p in path if isinstance(p, str))
            rooms_on = [room_name_at(view, cell) or "?" for cell in cells]
            if len(cells) > 1:
                lines.append(
                    words.MONSTER_PATH.format(name=name, path=" → ".join(rooms_on), why=why)
                )
        if len(lines) == 1:
            lines.append("No monster moved.")
        return lines

    def table_picture(self, view: Json, names: Sequence[str]) -> Picture | None:
        fight = view.get("fight")
        if not isinstance(fight, Mapping) or view.get("game") != "quest":
            return None
        main = seat_name(names, fight.get("main"))
        mons = fight_monsters(view)
        return fight_picture(
            Side(main, int(fight.get("side", 0)), ()),
            Side(
                _and([monster_name(m) or "?" for m in mons]) or "?",
                int(fight.get("monster_side", 0)),
                (),
            ),
            words.FIGHT_STAGES.get(str(fight.get("stage")), "").format(main=main),
        )

    # log ---------------------------------------------------------------------------------

    def event_line(self, event: Json, names: Sequence[str]) -> str:
        line = events.event_line(event, names)
        return line if line is not None else super().event_line(event, names)

    # hand --------------------------------------------------------------------------------

    def hand_lines(self, view: Json, names: Sequence[str]) -> list[str]:
        if view.get("game") != "quest":
            return super().hand_lines(view, names)
        seat = view.get("seat")
        lines = []
        decision = self.decision(view, names)
        if decision:
            lines.append(words.HAND_DECIDE.format(what=decision))
        me = seat_of(view, seat) or {}
        if me:
            health = int(me.get("health", 0))
            lines.append(
                words.SEAT_LINE.format(
                    level=me.get("level", 1),
                    health=max(0, health - int(me.get("hits", 0))),
                    max=health,
                    gold=me.get("gold", 0),
                    cards=me.get("hand_size", 0),
                )
            )
        fight = view.get("fight")
        if isinstance(fight, Mapping) and seat in (fight.get("main"), fight.get("helper")):
            side, monsters_side = fight.get("side", 0), fight.get("monster_side", 0)
            lines.append(words.FIGHT_TOTALS.format(side=side, monsters=monsters_side))
        hand = [c for c in view.get("hand") or [] if isinstance(c, int)]
        lines.append(words.HAND_CARDS.format(count=len(hand)) if hand else words.HAND_EMPTY)
        for card in hand:
            found = card_def(card)
            if found is None:
                continue
            lines.append(words.HAND_CARD.format(name=found.name, what=_card_words(found)))
        return lines

    def decision(self, view: Json, names: Sequence[str]) -> str | None:
        """What this seat must decide now, in a sentence; ``None`` when it is not asked."""
        seat = view.get("seat")
        deciders = view.get("deciders") or []
        if seat not in deciders:
            return None
        if view.get("phase") == "prep":
            return words.DECIDE_READY
        window = view.get("window")
        if isinstance(window, Mapping):
            return words.DECIDE_DIE.format(what=_window(window))
        pending = view.get("pending")
        fight = view.get("fight")
        mons = _and([monster_name(m) or "?" for m in fight_monsters(view)]) or "a monster"
        if isinstance(pending, Mapping):
            template = words.DECIDE_PENDING.get(str(pending.get("kind")), "")
            data = pending.get("data") or []
            other: object = fight.get("main") if isinstance(fight, Mapping) else None
            terms = ""
            if pending.get("kind") == "offer" and len(data) >= 4:
                other = data[0]
                terms = quest_controls.offer_to_me(data[1], data[2], data[3])
            elif pending.get("kind") == "bid" and data:
                terms = str(data[0])
                other = fight.get("main") if isinstance(fight, Mapping) else None
            elif pending.get("kind") == "terms" and data:
                other = data[0]
            elif pending.get("kind") in ("ring", "snatch_pick") and len(data) >= 2:
                other = data[1]
            return template.format(
                name=seat_name(names, other), monsters=mons, terms=terms, price=terms
            )
        if isinstance(fight, Mapping):
            if fight.get("stage") == "open":
                return words.DECIDE_FIGHT.format(monsters=mons)
            if fight.get("stage") == "rolling":
                return words.DECIDE_WINDOW
            return words.DECIDE_AFTER
        me = seat_of(view, seat) or {}
        if me.get("dead"):
            return words.DECIDE_DEAD
        return words.DECIDE_MOVE.format(
            left=me.get("move_left", 0),
            move=me.get("move", 0),
            room=room_name_at(view, me.get("at")) or "?",
        )

    # controls ----------------------------------------------------------------------------

    def control(self, action: Action, view: Json, names: Sequence[str]) -> Control:
        return quest_controls.control(
            action, view, names, lambda: super(QuestRenderer, self).action_label(action)
        )

    def controls(
        self, actions: Sequence[Action], view: Json, names: Sequence[str]
    ) -> list[Control]:
        found = [self.control(a, view, names) for a in actions]
        return quest_controls.order(found, [a.kind for a in actions])


def _window(window: Mapping[str, Any]) -> str:
    what = str(window.get("what", ""))
    return words.WINDOWS.get(what, what.replace("_", " "))


def _card_words(found: Any) -> str:
    bits = []
    kind = getattr(found, "kind", "")
    if kind:
        bits.append(str(kind).replace("_", " "))
    amount = getattr(found, "amount", 0)
    if amount and kind:
        bits.append(f"{amount:+d}")
    slot = getattr(found, "slot", "")
    if slot:
        bits.append(str(slot))
    bonus = getattr(found, "bonus", 0)
    if bonus:
        bits.append(f"+{bonus}")
    value = getattr(found, "value", 0)
    if value:
        bits.append(f"{value} gold")
    if getattr(found, "oneshot", False):
        bits.append("one-shot")
    text = str(getattr(found, "text", "") or "")
    if text:
        bits.append(text)
    return " · ".join(bits) or "card"
