"""The quest table and hand (SPEC 4.1): whose turn and what the match waits for, the dungeon
as a picture (its text map the alternative text; Full map for every room) with a legend of
the rooms people and monsters are in, each seat's level, Health and room, the fight once,
the last Monster Turn; the hand opens on the seat's decision, then its cards, then its
buttons (main moves first, Go to… for rooms further away).

Everything on the table comes from the spectator view; the hand reads the seat's own view.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.quest import (
    builders,
    charity_builder,
    events,
    goto,
    help_ask,
    level_sale,
    mend,
    monsterturn,
    tableparts,
    words,
)
from bot.games.quest import controls as quest_controls
from bot.games.quest import wordings as quest_wordings
from bot.games.quest.cards import (
    card_def,
    fight_monsters,
    monster_name,
    room_name_at,
    rooms,
    seat_name,
    seat_of,
)
from bot.games.quest.fightdraw import fight_picture
from bot.games.quest.mappicture import map_picture
from bot.games.quest.maptext import letters
from bot.render.controls import Control
from bot.render.drafts import Built, DraftStep
from bot.render.games import Board, Field, GameRenderer, ViewLike, typed_view
from bot.render.games import ViewJson as Json
from bot.render.model import Picture
from engine.core import Action
from engine.quest.game import QUICK
from engine.quest.view import QuestView

QUICK_BOSS = QUICK["boss"]  # the quick game's mark in a view's options


class QuestRenderer(GameRenderer[QuestView]):
    def read(self, view: ViewLike) -> QuestView:
        return typed_view(QuestView, view)

    def deciders(self, view: QuestView) -> Sequence[int]:
        return view.deciders

    # table -------------------------------------------------------------------------------

    def waiting_line(
        self, view: QuestView, names: Sequence[str], waiting: Sequence[int]
    ) -> str | None:
        die = tableparts.die_window_line(view)
        what = die or words.WAITING.format(what=tableparts.waiting_words(view, names, waiting))
        quick = view.options.boss == QUICK_BOSS
        turn = words.SETUP if view.phase == "prep" else tableparts.turn_line(view, names)
        turn += f" · {words.OPTIONS_QUICK}" if quick else ""
        return f"{turn}\n{what}"

    def table_fields(
        self, view: QuestView, names: Sequence[str], marks: Sequence[str]
    ) -> list[Field] | None:
        fight = tableparts.fight_lines(view, names, pictured=True)
        # In a fight the picture is the rooms around it, help's rooms ringed: the legend of
        # every busy room would repeat it, and a phone's table must stay one screen (issue
        # 27.6); the whole map is behind Full map.
        fields = [] if fight else [self._map_field(view, names)]
        if fight:
            # Untitled: its first line opens with the word (one line less on a phone).
            fields.append(Field("", "\n".join(fight)))
        fields += [
            tableparts.seat_field(view, names, marks, seat)
            for seat in range(min(len(view.seats), len(names)))
        ]
        turn = tableparts.monster_turn_lines(view)
        if turn and not fight:
            fields.append(Field(words.MONSTER_TURN, "\n".join(turn)))
        return fields

    def _map_field(self, view: QuestView, names: Sequence[str]) -> Field:
        """The rooms somebody or something is in; the map itself is the table's picture
        (its text map the picture's alternative text), or, during a fight, behind Full map."""
        lines = tableparts.legend(view, names) or [words.MAP_EMPTY]
        # Untitled: each line names its room, the picture is right below (issue 27.6).
        return Field("", "\n".join(lines))

    def seat_details(self, view: QuestView, names: Sequence[str]) -> list[Field]:
        count = min(len(view.seats), len(names))
        return [tableparts.seat_detail(view, names, seat) for seat in range(count)]

    def table_picture(self, view: QuestView, names: Sequence[str]) -> Picture | None:
        """The fight while one is on (its bars above the rooms around it, those help may
        come from marked), else the map around the seat whose turn it is."""
        return fight_picture(view, names) or map_picture(view)

    def look_label(self, view: QuestView) -> str | None:
        return words.FULL_MAP if view.board.rooms else None

    def look(self, view: QuestView, names: Sequence[str]) -> tuple[str, Picture] | None:
        picture = map_picture(view, full=True)
        if picture is None:
            return None
        laid = letters(view)
        named = [f"`{laid[cell]}` {room_name_at(view, cell) or '?'}" for cell in laid]
        legend = "\n".join([*tableparts.legend(view, names), " · ".join(named)])
        return f"### {words.FULL_MAP}\n{legend}", picture

    # log ---------------------------------------------------------------------------------

    def event_lines(
        self, happened: Sequence[Json], board: Board, names: Sequence[str]
    ) -> list[str]:
        """Lines naming rooms by the map the events left (``board``)."""
        drawn = board() if happened else None
        read = self.read(drawn) if drawn is not None else None
        laid = room_names_of(read) if read is not None else {}
        out = []
        for event in happened:
            line = events.event_line(event, names, laid)
            out.append(line if line is not None else super().event_line(event, names))
            if event.get("kind") == "monster_turn":
                out += monsterturn.lines(event, read, laid)
        return out

    def event_line(self, event: Json, names: Sequence[str]) -> str:
        line = events.event_line(event, names)
        return line if line is not None else super().event_line(event, names)

    # hand --------------------------------------------------------------------------------

    def hand_lines(self, view: QuestView, names: Sequence[str]) -> list[str]:
        seat = view.seat
        lines = []
        me = seat_of(view, seat)
        if me is not None:
            lines.append(
                words.SEAT_LINE.format(
                    level=me.level,
                    health=max(0, me.health - me.hits),
                    max=me.health,
                    gold=me.gold,
                    cards=words.card_count(me.hand_size),
                )
            )
        fight = view.fight
        if fight is not None and seat in (fight.main, fight.helper):
            lines.append(words.FIGHT_TOTALS.format(side=fight.side, monsters=fight.monster_side))
        hand = view.hand
        lines.append(words.HAND_CARDS.format(count=len(hand)) if hand else words.HAND_EMPTY)
        for card in hand:
            found = card_def(card)
            if found is None:
                continue
            lines.append(words.HAND_CARD.format(name=found.name, what=_card_words(found)))
        return lines

    def hand_decision(
        self, view: QuestView, actions: Sequence[Action], names: Sequence[str]
    ) -> list[str]:
        """What the seat is asked, above its controls (a phone's first screen); a charity's
        builder says it itself, naming who gets what."""
        if charity_builder.drawn_for(view):
            return []
        decision = self.decision(view, names)
        return [words.HAND_DECIDE.format(what=decision)] if decision else []

    def hand_picture(self, view: QuestView, names: Sequence[str]) -> Picture | None:
        """The table's picture below the cards: a hand read in direct messages, away from
        the table, still shows where the rooms, the monsters and the others are, and in a
        fight who could come to help (the same picture as the table's, drawn once)."""
        return self.table_picture(view, names)

    def decision(self, view: QuestView, names: Sequence[str]) -> str | None:
        """What this seat must decide now, in a sentence; ``None`` when it is not asked."""
        seat = view.seat
        if seat not in view.deciders:
            return None
        if view.phase == "prep":
            return words.DECIDE_READY
        if view.window is not None:
            return words.DECIDE_DIE.format(what=tableparts.window_words(view.window))
        pending = view.pending
        fight = view.fight
        mons = (
            tableparts.and_([monster_name(m) or "?" for m in fight_monsters(view)]) or "a monster"
        )
        if pending is not None:
            kind, data = pending.kind, pending.data
            template = words.DECIDE_PENDING.get(kind, "")
            other: int | None = fight.main if fight is not None else None
            terms = ""
            if kind == "offer" and len(data) >= 4:
                other = data[0]
                terms = quest_wordings.offer_to_me(data[1], data[2], data[3])
            elif kind == "help" and data:
                terms = quest_wordings.help_share(data, seat_name(names, other))
            elif kind == "bid" and data:
                terms = words.share(data[0])  # "fewer than 1" read as no bid at all
                template = words.DECIDE_PENDING["bid_free" if data[0] == 1 else "bid"]
            elif kind == "terms" and data:
                other = data[0]
            elif kind in ("ring", "snatch_pick") and len(data) >= 2:
                other = data[1]
            return template.format(
                name=seat_name(names, other),
                monsters=mons,
                terms=terms,
                price=terms,
                colour=view.last_colour or "a colour",
            )
        if fight is not None:
            if fight.stage == "open":
                return words.DECIDE_FIGHT.format(monsters=mons)
            if fight.stage == "rolling":
                return words.DECIDE_WINDOW
            return words.DECIDE_AFTER
        me = seat_of(view, seat)
        if me is not None and me.dead:
            return words.DECIDE_DEAD
        return words.DECIDE_MOVE.format(
            left=me.move_left if me is not None else 0,
            move=me.move if me is not None else 0,
            room=room_name_at(view, me.at if me is not None else None) or "?",
        )

    # controls ----------------------------------------------------------------------------

    def control(self, action: Action, view: QuestView, names: Sequence[str]) -> Control:
        return quest_controls.control(
            action, view, names, lambda: super(QuestRenderer, self).action_label(action)
        )

    def controls(
        self, actions: Sequence[Action], view: QuestView, names: Sequence[str]
    ) -> list[Control]:
        # A call for help is built (who, the share, Send), not picked from every share; so
        # are many sales for a level and many pairs to mend with (issue 27.5).
        listed = mend.listed(
            level_sale.listed(view, [a for a in actions if a.kind != "ask"]), view.hand
        )
        found = [self.control(a, view, names) for a in listed]
        asking = help_ask.entries(actions, names)
        selling, mending = level_sale.entries(view, actions), mend.entries(actions, view.hand)
        going = goto.controls(view, actions)
        kinds = [a.kind for a in listed] + ["ask"] * len(asking) + ["buy_level"] * len(selling)
        kinds += ["mend"] * len(mending) + ["goto"] * len(going)
        entries = quest_controls.regroup([*found, *asking, *selling, *mending, *going], kinds)
        entries = quest_controls.fighting_cards_in_a_menu(entries, view)
        return quest_controls.order(entries, kinds)

    def builder(
        self,
        match_id: int,
        version: int,
        view: QuestView,
        actions: Sequence[Action],
        names: Sequence[str],
        draft: str | None,
    ) -> Built | None:
        """Trade terms, a call for help, charity, a sale for a level and mending are built a
        part at a time (issue 27.5), not picked from every combination (or, for charity, one
        card per decision)."""
        return builders.built(match_id, version, view, actions, names, draft)

    def draft_step(
        self,
        key: str,
        view: QuestView,
        actions: Sequence[Action],
        names: Sequence[str],
        values: Sequence[str] = (),
    ) -> DraftStep:
        part = builders.owner(key)
        if part is not None:
            return part.draft_step(key, view, actions, values)
        return goto.draft_step(key, view, actions)


def room_names_of(view: QuestView) -> dict[tuple[int, int], str]:
    """Each laid room's name as the log gives it (``events.room_names``)."""
    named = {cell: room_name_at(view, cell) for cell in rooms(view)}
    return events.room_names({cell: name for cell, name in named.items() if name})


def _card_words(found: object) -> str:
    """What a card does, for the hand: its rules text (the data's, our words: issue 27.7),
    an item's gold value after it; the card's numbers where it has no text."""
    text = str(getattr(found, "text", "") or "")
    value = getattr(found, "value", 0)
    if text:
        return f"{text} {words.CARD_WORTH.format(value=value)}" if value else text
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
    if value:
        bits.append(f"{value} gold")
    if getattr(found, "oneshot", False):
        bits.append("one-shot")
    return " · ".join(bits) or "card"
