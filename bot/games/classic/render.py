"""The classic table and hand: levels, gold, gear, curses, the fight and its two strength bars.

Everything here reads a ``ClassicView`` (the spectator view for the table, the seat's own view
for the hand: the exported JSON a hook receives is read back into the typed view once) and the
immutable card list; it never sees the match state, so a card in a hand or a deck cannot reach
the table. Action arguments are read by name from the game's move table (``engine/classic/
moves.py``), never by position.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from bot import texts
from bot.games.classic import offers, words
from bot.render.controls import Control
from bot.render.games import Field, GameRenderer, pinned_game
from bot.render.games import ViewJson as Json
from bot.render.model import Picture, Style
from bot.render.pictures import CardFace, Side, cards_picture, fight_picture
from engine.classic.cards import ClassicCard
from engine.classic.game import Classic
from engine.classic.moves import MOVES
from engine.classic.pending import Draft
from engine.classic.table import HAND_LIMIT
from engine.classic.views import ClassicView, FightView, PendingView
from engine.core import Action
from engine.core.actions import ArgValue
from engine.games import load_game

QUIET = frozenset({"pass", "decline", "cancel", "take_it"})


def game() -> Classic:
    """The cards of the match being drawn (its pinned set), else the data folder's."""
    pinned = pinned_game()
    return pinned if isinstance(pinned, Classic) else _data_game()


@cache
def _data_game() -> Classic:
    loaded = load_game("classic")
    assert isinstance(loaded, Classic)
    return loaded


def typed(view: Json) -> ClassicView | None:
    """The typed view behind an exported one; ``None`` for none (buttons drawn without one)."""
    return ClassicView.from_json(view) if view else None


def card_of(iid: object) -> ClassicCard | None:
    defs = game().table.defs
    ok = isinstance(iid, int) and not isinstance(iid, bool) and 0 <= iid < len(defs)
    return defs[iid] if ok and isinstance(iid, int) else None


def name_of(iid: object) -> str:
    card = card_of(iid)
    return card.name if card is not None else "?"


def stat_of(card: ClassicCard) -> str:
    if card.kind == "monster":
        return f"L{card.level}"
    bonus = card.amount_of("bonus")
    if bonus:
        return f"{bonus:+d}"
    gain = card.amount_of("gain_levels")
    return f"+{gain} lv" if gain else ""


def line_of(card: ClassicCard) -> str:
    kind = words.CARD_KINDS.get(card.kind, card.kind)
    slot = words.SLOTS.get(card.slot, "")
    return f"{kind} · {slot}" if slot else kind


def face(card: ClassicCard, note: str = "") -> CardFace:
    return CardFace(card.name, card.kind, line_of(card), stat_of(card), card.text, note)


def short(iid: object) -> str:
    """A card in a line of text: its name and, when it has one, its number."""
    card = card_of(iid)
    if card is None:
        return "?"
    stat = stat_of(card)
    lasting = card.amount_of("next_combat")  # a curse waiting for its victim's next fight
    if lasting and not stat:
        stat = words.NEXT_FIGHT.format(amount=lasting)
    return f"{card.name} ({stat})" if stat else card.name


def _treasures(share: object) -> str:
    """The treasure share in words: no treasure, 1 treasure, 3 treasures."""
    count = share if isinstance(share, int) and share > 0 else 0
    return words.SHARE[min(count, 2)].format(share=count)


def _terms(share: object, first: str, gold: object) -> str:
    """A help bargain in a few words: "1 treasure, they pick first, 200 gold now". Who picks
    first only matters when there is treasure to share (# 004: Asking for Help)."""
    count = share if isinstance(share, int) and share > 0 else 0
    parts = [_treasures(count)]
    if count:
        parts.append(first)
    if isinstance(gold, int) and gold > 0:
        parts.append(words.SHARE_GOLD.format(gold=gold))
    elif not count:
        parts.append(words.SHARE_NO_GOLD)
    return ", ".join(parts)


def _names(cards: Sequence[int]) -> str:
    return ", ".join(short(c) for c in cards)


def _name(names: Sequence[str], seat: object) -> str:
    ok = isinstance(seat, int) and 0 <= seat < len(names)
    return names[seat] if ok and isinstance(seat, int) else "?"


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


class _Words(dict[str, object]):
    """Template fields; one a template names but the event lacks reads as "?"."""

    def __missing__(self, key: str) -> str:
        return "?"


class ClassicRenderer(GameRenderer):
    # table -------------------------------------------------------------------------------

    def waiting_line(self, view: Json, names: Sequence[str], waiting: Sequence[int]) -> str | None:
        v = typed(view)
        if v is None:
            return None
        phase = words.PHASES.get(v.phase, v.phase)
        turn = texts.TABLE_TURN.format(name=_name(names, v.turn), phase=phase)
        pending = v.pending
        if pending is not None:
            template = words.PENDING.get(pending.kind, "{seat}")
            what = template.format(seat=_name(names, pending.seat))
        elif v.window_waiting:
            seats = ", ".join(_name(names, s) for s in v.window_waiting)
            what = words.WAITING_WINDOW.format(seats=seats)
        elif _over_the_limit(v, v.turn):
            what = words.CHARITY_WAITING.format(seat=_name(names, v.turn))
        else:
            who = ", ".join(_name(names, s) for s in waiting) or texts.TABLE_NOBODY
            what = words.WAITING_TURN.format(seat=who, phase=phase)
        return f"{turn}\n{texts.TABLE_WAITING_ON.format(what=what)}"

    def table_fields(
        self, view: Json, names: Sequence[str], marks: Sequence[str]
    ) -> list[Field] | None:
        v = typed(view)
        if v is None:
            return None
        fields = [self._seat_field(v, names, marks, seat) for seat in range(len(names))]
        fight = self._fight_lines(v, names)
        if fight:
            fields.append(Field(texts.TABLE_FIGHT, "\n".join(fight)))
        piles = [words.PILES.format(door=v.door_left, treasure=v.treasure_left)]
        # Each discard pile's top card, said with its pile so two cards don't read as a list.
        tops = zip(
            (words.DOOR_DISCARD, words.TREASURE_DISCARD),
            (v.door_discard_top, v.treasure_discard_top),
            strict=True,
        )
        piles += [template.format(card=short(c)) for template, c in tops if c is not None]
        if v.corpse:
            piles.append(words.CORPSE.format(cards=_names(v.corpse)))
        fields.append(Field(texts.TABLE_PILES, "\n".join(piles)))
        return fields

    def _seat_field(
        self, v: ClassicView, names: Sequence[str], marks: Sequence[str], seat: int
    ) -> Field:
        known = seat < len(v.levels)  # a name past the view's seats reads as an empty seat

        def cards(per_seat: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
            return per_seat[seat] if known else ()

        given = marks[seat].split(", ") if seat < len(marks) and marks[seat] else []
        tags = [t for t in given if f"({t})" not in names[seat]]  # "Ada (AI)" needs no "· AI"
        if known and v.out[seat]:
            tags.append(texts.SEAT_OUT_MARK)
        elif known and v.dead[seat]:
            tags.append(texts.SEAT_DEAD_MARK)
        title = f"{seat + 1}. {names[seat]}" + (f" · {', '.join(tags)}" if tags else "")
        level, gold, size = (
            (v.levels[seat], v.gold[seat], v.hand_sizes[seat]) if known else (1, 0, 0)
        )
        lines = [words.SEAT_LINE.format(level=level, gold=gold, cards=size)]
        roles = cards(v.roles)
        lines.append(words.ROLES.format(roles=_names(roles)) if roles else words.HUMAN)
        equipped, items = cards(v.equipped), cards(v.items)
        worn = [c for c in items if c in equipped]
        carried = [c for c in items if c not in equipped]
        if worn:
            lines.append(words.GEAR.format(items=_names(worn)))
        if carried:
            lines.append(words.CARRIED.format(items=_names(carried)))
        if cards(v.curses):
            lines.append(words.CURSES.format(curses=_names(cards(v.curses))))
        return Field(title, "\n".join(lines), inline=True)

    def _fight_lines(self, v: ClassicView, names: Sequence[str]) -> list[str]:
        fight = v.combat
        if fight is None:
            return []
        side = self._side_name(fight, names)
        lines = [words.FIGHT_SIDE.format(names=side, strength=fight.side_strength)]
        for monster, strength in zip(fight.monsters, fight.monster_strength, strict=False):
            card = card_of(monster)
            level = card.level if card is not None else "?"
            lines.append(
                words.FIGHT_MONSTER.format(name=name_of(monster), level=level, strength=strength)
            )
        if fight.played:
            lines.append(words.FIGHT_PLAYED.format(cards=_names(fight.played)))
        bargain = self._bargain_line(v.pending, fight, names)
        if bargain:
            lines.append(bargain)
        lines.append(words.FIGHT_WINNING if fight.players_winning else words.FIGHT_LOSING)
        return lines

    @staticmethod
    def _bargain_line(
        pending: PendingView | None, fight: FightView | None, names: Sequence[str]
    ) -> str | None:
        """The terms of a bargain for help (# 004: Asking for Help): an offer the asked player
        weighs, their counter-offer the fighter weighs, or a draft's terms so far."""
        if pending is None or fight is None:
            return None
        kind = pending.kind
        if kind not in ("help", "countered", "offer", "counter"):
            return None
        fighter = _name(names, fight.fighter)
        helper = _name(names, pending.seat if kind in ("help", "counter") else pending.partner)
        draft = kind in ("offer", "counter")
        share, first, gold, win_gold, win_items = _terms_of(pending)
        shared = words.SHARE_FOR_HELPER.format(treasures=_treasures(share), helper=helper)
        parts = [] if draft else [shared]
        if share:
            parts.append(words.TERMS_FIRST.format(name=helper if first else fighter))
        if gold:
            parts.append(words.TERMS_GOLD.format(gold=gold))
        if pending.cards:
            parts.append(words.TERMS_ITEMS.format(items=_names(pending.cards)))
        on_win = [words.TERMS_WIN_GOLD.format(gold=win_gold)] if win_gold else []
        on_win += [short(card) for card in win_items]
        if on_win:
            parts.append(words.TERMS_WIN.format(what=", ".join(on_win)))
        if not parts:
            return None
        template = {
            "help": words.BARGAIN_OFFER,
            "countered": words.BARGAIN_COUNTER,
            "offer": words.BARGAIN_DRAFT_OFFER,
            "counter": words.BARGAIN_DRAFT_COUNTER,
        }[kind]
        return template.format(fighter=fighter, helper=helper, terms="; ".join(parts))

    def _hand_fight(self, fight: FightView, names: Sequence[str]) -> str:
        """One line: both sides' strength and who is ahead, the same numbers as the table."""
        side = words.FIGHT_SIDE.format(
            names=self._side_name(fight, names), strength=fight.side_strength
        )
        monsters = ", ".join(
            words.HAND_MONSTER.format(name=name_of(m), strength=strength)
            for m, strength in zip(fight.monsters, fight.monster_strength, strict=False)
        )
        verdict = words.FIGHT_WINNING if fight.players_winning else words.FIGHT_LOSING
        return words.HAND_FIGHT.format(side=side, monsters=monsters, verdict=verdict)

    @staticmethod
    def _side_name(fight: FightView, names: Sequence[str]) -> str:
        fighter = _name(names, fight.fighter)
        if fight.helper >= 0:
            return words.FIGHT_HELPER.format(fighter=fighter, helper=_name(names, fight.helper))
        return fighter

    def table_picture(self, view: Json, names: Sequence[str]) -> Picture | None:
        v = typed(view)
        fight = v.combat if v is not None else None
        if fight is None:
            return None  # outside a fight the text reads better than a picture
        monsters = [c for c in (card_of(m) for m in fight.monsters) if c is not None]
        played = [c for c in (card_of(m) for m in fight.played) if c is not None]
        verdict = words.FIGHT_WINNING if fight.players_winning else words.FIGHT_LOSING
        return fight_picture(
            Side(self._side_name(fight, names), fight.side_strength),
            Side(
                words.BAR_MONSTERS,
                sum(fight.monster_strength),
                tuple([face(c) for c in monsters] + [face(c) for c in played]),
            ),
            verdict,
        )

    # log ---------------------------------------------------------------------------------

    def event_line(self, event: Json, names: Sequence[str]) -> str:
        kind = str(event.get("kind", ""))
        if kind == "kicked":
            card = card_of(event.get("card"))
            stays_out = card is not None and card.kind in ("monster", "curse")
            kind = "kicked" if stays_out else "kicked_hand"  # the rest goes to a hand
        elif kind == "flee":
            kind = "flee_caught" if event.get("caught") else "flee_away"
        elif kind == "flee_result":
            kind = "flee_result_caught" if event.get("caught") else "flee_result_away"
        elif kind == "played" and "on" in event:
            kind = "played_on"
        template = words.EVENTS.get(kind)
        if template is None:
            return super().event_line(event, names)
        seats = event.get("seats")
        fields = _Words(
            seat=_name(names, event.get("seat")),
            to=_name(names, event.get("to")),
            card=name_of(event.get("card")),
            monster=name_of(event.get("monster")),
            on=name_of(event.get("on")),
            hireling=name_of(event.get("hireling")),
            seats=", ".join(_name(names, x) for x in seats) if isinstance(seats, list) else "",
            item=name_of(event.get("what")),
            **{k: v for k, v in event.items() if k in ("gold", "level", "roll", "what", "share")},
        )
        if "share" in event:
            fields["treasures"] = _treasures(event["share"])
        source = event.get("from")
        if isinstance(source, str):  # a pile a card was drawn from
            fields["pile"] = words.PILE_NAMES.get(source, source)
        else:
            fields["from"] = _name(names, source)
        return template.format_map(fields)

    # hand --------------------------------------------------------------------------------

    def hand_lines(self, view: Json, names: Sequence[str]) -> list[str]:
        v = typed(view)
        if v is None:
            return [words.HAND_EMPTY]
        hand = v.hand or ()
        lines = [words.HAND.format(count=len(hand)) if hand else words.HAND_EMPTY]
        for iid in hand:
            card = card_of(iid)
            if card is not None:
                stat = stat_of(card)
                lines.append(f"• **{card.name}** — {line_of(card)}" + (f" {stat}" if stat else ""))
        if v.combat is not None:
            lines.append(self._hand_fight(v.combat, names))
        if _over_the_limit(v, v.seat):
            charity = words.CHARITY_HAND.format(count=len(hand), limit=HAND_LIMIT)
            lines.append(f"**{charity}**")
        pending = v.pending
        mine = pending is not None and v.seat == pending.seat
        if pending is not None and mine:
            ask = words.HAND_PENDING.get(pending.kind)
            if ask:
                lines.append(f"**{ask}**")
        bargain = self._bargain_line(pending, v.combat, names)
        if bargain and mine:
            lines.append(bargain)
        lines.extend(offers.offer_lines(v.seat, v.offers, names, short))
        return lines

    def hand_picture(self, view: Json, names: Sequence[str]) -> Picture | None:
        v = typed(view)
        hand = v.hand or () if v is not None else ()
        cards = [c for c in (card_of(i) for i in hand) if c is not None]
        return cards_picture([face(c) for c in cards], "hand.png") if cards else None

    # controls ----------------------------------------------------------------------------

    def control(self, action: Action, view: Json, names: Sequence[str]) -> Control:
        spec = words.CONTROLS.get(offers.control_kind(action))
        if spec is None:
            return super().control(action, view, names)
        group, template = spec
        values = self._words(action, typed(view), names)
        try:
            label = template.format(**values)
        except (KeyError, IndexError, ValueError):
            label = self.action_label(action)
        move = MOVES.get(action.kind)
        named = move.get(action, "card") if move is not None else None
        card = card_of(named) if "card" in values else None
        description = f"{line_of(card)} {stat_of(card)}".strip() if card is not None else None
        style = Style.SECONDARY if action.kind in QUIET else Style.PRIMARY
        return Control(action.key, label, words.GROUPS.get(group, ""), description, style)

    def _words(
        self, action: Action, v: ClassicView | None, names: Sequence[str]
    ) -> dict[str, object]:
        """The fields of a control's template, from the action's arguments by name."""
        move = MOVES.get(action.kind)
        if move is None or not move.fits(action) or not action.args:
            return {}
        a = move.named(action)
        monsters = v.combat.monsters if v is not None and v.combat is not None else ()

        def monster(index: ArgValue) -> str:
            ok = isinstance(index, int) and 0 <= index < len(monsters)
            return name_of(monsters[index]) if ok and isinstance(index, int) else "?"

        def item(iid: ArgValue) -> str:
            return name_of(iid) if isinstance(iid, int) and iid >= 0 else words.NOTHING

        k = action.kind
        out: dict[str, object] = {}
        if k == "listen":
            out["pile"] = words.PILE_NAMES.get(str(a["pile"]), str(a["pile"]))
        elif k in ("propose", "demand"):
            sides = words.HELPER_FIRST if k == "propose" else words.DEMAND_FIRST
            out["terms"] = _terms(a["share"], sides[1 if a["first"] else 0], a["gold"])
        elif k in ("promise_gold", "demand_win_gold"):
            out["gold"] = a["gold"]
        elif k == "oneshot":
            side = a["side"]
            target = words.PLAYERS_SIDE if side == 0 else monster(int(side) - 1)
            out |= {"card": name_of(a["card"]), "side": target}
        else:  # every other argument by its name
            if "seat" in a:
                out["seat"] = _name(names, a["seat"])
            if "card" in a:
                out["card"] = name_of(a["card"])
            if "monster" in a:
                out["monster"] = monster(a["monster"])
            if "item" in a:
                out["item"] = item(a["item"])
            if "hireling" in a:
                out["hireling"] = name_of(a["hireling"])
        return out


def _terms_of(p: PendingView) -> tuple[int, int, int, int, tuple[int, ...]]:
    """A bargain's terms so far: treasures, helper first, gold now, gold and items on a win
    (a draft names only what is promised on a win; the rest is zero until proposed)."""
    if p.kind in ("offer", "counter"):
        draft = p.draft or Draft()
        return 0, 0, 0, draft.win_gold or 0, draft.win_items
    if p.terms is None:
        return 0, 0, 0, 0, ()
    return p.terms.share, p.terms.helper_first, p.terms.gold, p.terms.win_gold, p.terms.win_items
