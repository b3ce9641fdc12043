"""The classic table and hand: levels, gold, gear, curses, the hand's cards and the controls.
The renderer composes its parts: ``cards_text`` (a card or a seat in words), ``fight_text`` (the
fight's lines and picture, bargains for help), ``event_lines`` (the log) and ``control_words``
(a control's label fields).

Everything here reads a ``ClassicView`` (the spectator view for the table, the seat's own view
for the hand: every hook receives the typed view the screens read once per drawing) and the
immutable card list; it never sees the match state, so a card in a hand or a deck cannot reach
the table. Action arguments are read by name from the game's move table (``engine/classic/
moves.py``), never by position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.games.classic import bargain, offers, trade_builder, words
from bot.games.classic.cards_text import (
    card_list,
    card_of,
    face,
    line_of,
    name_of,
    seat_name,
    short,
    stat_of,
)
from bot.games.classic.control_words import control_fields
from bot.games.classic.event_lines import event_text
from bot.games.classic.fight_text import (
    bargain_line,
    fight_lines,
    fight_picture_of,
    hand_fight_line,
)
from bot.games.classic.seats_text import seat_details, seat_line, strengths
from bot.render.controls import Control
from bot.render.drafts import Built, DraftStep
from bot.render.games import Field, GameRenderer, ViewLike, typed_view
from bot.render.games import ViewJson as Json
from bot.render.model import Picture, Style
from bot.render.pictures import cards_picture
from bot.words import play_texts
from engine.classic.moves import MOVES
from engine.classic.table import HAND_LIMIT
from engine.classic.views import ClassicView
from engine.core import Action

QUIET = frozenset({"pass", "decline", "cancel", "take_it"})
# Moves a turn does not hinge on (# 004: Card Management, Items (Trading), Selling Items):
# behind the hand's one More… step, so the turn's main moves come first on a phone.
SECONDARY_GROUPS = frozenset({"gear", "trade"})
SECONDARY_KINDS = frozenset({"buy_level"})


def _over_the_limit(view: ClassicView, seat: int | None) -> bool:
    """Whether ``seat`` is tidying up its own turn with more cards than it may keep (# 004:
    Charity): the turn cannot end until the extra ones are given away."""
    sizes = view.hand_sizes
    return (
        view.phase == "charity"
        and view.pending is None
        and seat is not None
        and seat == view.turn
        and 0 <= seat < len(sizes)
        and sizes[seat] > HAND_LIMIT
    )


class ClassicRenderer(GameRenderer[ClassicView]):
    def read(self, view: ViewLike) -> ClassicView:
        return typed_view(ClassicView, view)

    def deciders(self, view: ClassicView) -> Sequence[int]:
        return view.deciders

    # table -------------------------------------------------------------------------------

    def waiting_line(
        self, v: ClassicView, names: Sequence[str], waiting: Sequence[int]
    ) -> str | None:
        phase = words.PHASES.get(v.phase, v.phase)
        turn = play_texts.TABLE_TURN.format(name=seat_name(names, v.turn), phase=phase)
        pending = v.pending
        if pending is not None:
            template = words.PENDING.get(pending.kind, "{seat}")
            what = template.format(seat=seat_name(names, pending.seat))
        elif v.window_waiting:
            seats = ", ".join(seat_name(names, s) for s in v.window_waiting)
            what = words.WAITING_WINDOW.format(seats=seats)
        elif _over_the_limit(v, v.turn):
            what = words.CHARITY_WAITING.format(seat=seat_name(names, v.turn))
        else:
            who = ", ".join(seat_name(names, s) for s in waiting) or play_texts.TABLE_NOBODY
            what = words.WAITING_TURN.format(seat=who, phase=phase)
        return f"{turn}\n{play_texts.TABLE_WAITING_ON.format(what=what)}"

    def table_fields(
        self, v: ClassicView, names: Sequence[str], marks: Sequence[str]
    ) -> list[Field] | None:
        power = strengths(v)
        fields = [self._seat_field(v, names, marks, seat, power) for seat in range(len(names))]
        # The fight is shown once: as the picture (its words are the picture's alternative
        # text); only a bargain's terms, which the picture does not draw, stay as text.
        bargain = bargain_line(v.pending, v.combat, names)
        if bargain:
            fields.append(Field(play_texts.TABLE_FIGHT, bargain))
        piles = [words.PILES.format(door=v.door_left, treasure=v.treasure_left)]
        # Each discard pile's top card, said with its pile so two cards don't read as a list.
        tops = zip(
            (words.DOOR_DISCARD, words.TREASURE_DISCARD),
            (v.door_discard_top, v.treasure_discard_top),
            strict=True,
        )
        piles += [template.format(card=short(c)) for template, c in tops if c is not None]
        if v.corpse:
            piles.append(words.CORPSE.format(cards=card_list(v.corpse)))
        fields.append(Field(play_texts.TABLE_PILES, "\n".join(piles), inline=True))
        return fields

    def _seat_field(
        self,
        v: ClassicView,
        names: Sequence[str],
        marks: Sequence[str],
        seat: int,
        power: Sequence[int],
    ) -> Field:
        """One line per seat (a phone's width): race, class and gear are in its strength
        here and in words in ``seat_details`` (the hands, a spectator's look)."""
        known = seat < len(v.levels)  # a name past the view's seats reads as an empty seat
        given = marks[seat].split(", ") if seat < len(marks) and marks[seat] else []
        tags = [t for t in given if f"({t})" not in names[seat]]  # "Ada (AI)" needs no "· AI"
        if known and v.out[seat]:
            tags.append(play_texts.SEAT_OUT_MARK)
        elif known and v.dead[seat]:
            tags.append(play_texts.SEAT_DEAD_MARK)
        if known and v.curses[seat]:
            tags.append(words.SEAT_CURSED)
        title = f"{seat + 1}. {names[seat]}" + (f" · {', '.join(tags)}" if tags else "")
        if not known:
            empty = words.SEAT_LINE.format(level=1, strength=1, cards=0, gold=0)
            return Field(title, empty, inline=True)
        return Field(title, seat_line(v, seat, power[seat]), inline=True)

    def seat_details(self, v: ClassicView, names: Sequence[str]) -> list[Field]:
        return seat_details(v, names)

    def table_picture(self, v: ClassicView, names: Sequence[str]) -> Picture | None:
        picture = fight_picture_of(v, names)
        if picture is None:
            return picture
        return replace(picture, description="\n".join(fight_lines(v, names)))

    # log ---------------------------------------------------------------------------------

    def event_line(self, event: Json, names: Sequence[str]) -> str:
        line = event_text(event, names)
        return super().event_line(event, names) if line is None else line

    # hand --------------------------------------------------------------------------------

    def hand_lines(self, v: ClassicView, names: Sequence[str]) -> list[str]:
        hand = v.hand or ()
        lines = [words.HAND.format(count=len(hand)) if hand else words.HAND_EMPTY]
        for iid in hand:
            card = card_of(iid)
            if card is not None:
                stat = stat_of(card)
                lines.append(f"• **{card.name}** — {line_of(card)}" + (f" {stat}" if stat else ""))
        return lines

    def hand_decision(
        self, v: ClassicView, actions: Sequence[Action], names: Sequence[str]
    ) -> list[str]:
        lines = []
        if v.combat is not None:
            lines.append(hand_fight_line(v.combat, names))
        if _over_the_limit(v, v.seat):
            charity = words.CHARITY_HAND.format(count=len(v.hand or ()), limit=HAND_LIMIT)
            lines.append(f"**{charity}**")
        pending = v.pending
        mine = pending is not None and v.seat == pending.seat
        if pending is not None and mine:
            ask = words.HAND_PENDING.get(pending.kind)
            if ask:
                lines.append(f"**{ask}**")
        bargain = bargain_line(pending, v.combat, names)
        if bargain and mine:
            lines.append(bargain)
        lines.extend(offers.offer_lines(v.seat, v.offers, names, short))
        return lines

    def hand_picture(self, v: ClassicView, names: Sequence[str]) -> Picture | None:
        hand = v.hand or ()
        cards = [c for c in (card_of(i) for i in hand) if c is not None]
        return cards_picture([face(c) for c in cards], "hand.png") if cards else None

    # controls ----------------------------------------------------------------------------

    def builder(
        self,
        match_id: int,
        version: int,
        view: ClassicView,
        actions: Sequence[Action],
        names: Sequence[str],
        draft: str | None,
    ) -> Built | None:
        if any(a.kind in bargain.TERMS_KINDS for a in actions):
            extras = [
                self.control(a, view, names) for a in actions if a.kind not in bargain.TERMS_KINDS
            ]
            return bargain.builder(match_id, version, view, actions, names, draft, extras)
        trading = draft is not None and trade_builder.parse(draft) is not None
        if trading or trade_builder.in_deal(view, actions):
            return trade_builder.builder(match_id, version, view, actions, names, draft)
        return None

    def draft_step(
        self,
        key: str,
        view: ClassicView,
        actions: Sequence[Action],
        names: Sequence[str],
        values: Sequence[str] = (),
    ) -> DraftStep:
        if trade_builder.parse(key) is not None:
            return trade_builder.draft_step(key, view, actions)
        return bargain.draft_step(key, view, actions, names)

    def control(self, action: Action, view: ClassicView, names: Sequence[str]) -> Control:
        mine = MOVES["offer"].get(action, "card") if action.kind == "offer" else None
        if isinstance(mine, int):
            # An item offer is built, not picked from every swap: one entry per item.
            card = card_of(mine)
            label = words.TRADE_ENTRY.format(card=name_of(mine))
            note = f"{line_of(card)} {stat_of(card)}".strip() if card is not None else None
            return Control(
                trade_builder.entry(mine), label, words.GROUPS["trade"], note, secondary=True
            )
        spec = words.CONTROLS.get(offers.control_kind(action))
        if spec is None:
            return super().control(action, view, names)
        group, template = spec
        values = control_fields(action, view, names)
        try:
            label = template.format(**values)
        except (KeyError, IndexError, ValueError):
            label = self.action_label(action)
        move = MOVES.get(action.kind)
        named = move.get(action, "card") if move is not None else None
        card = card_of(named) if "card" in values else None
        description = f"{line_of(card)} {stat_of(card)}".strip() if card is not None else None
        style = Style.SECONDARY if action.kind in QUIET else Style.PRIMARY
        secondary = group in SECONDARY_GROUPS or action.kind in SECONDARY_KINDS
        group_name = words.GROUPS.get(group, "")
        return Control(action.key, label, group_name, description, style, secondary=secondary)
