"""The classic table and hand: levels, gold, gear, curses, the fight and its two strength bars.

Everything here reads a ``ClassicView`` (the spectator view for the table, the seat's own view
for the hand) and the immutable card list; it never sees the match state, so a card in a hand
or a deck cannot reach the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from bot import texts
from bot.games.classic import offers, words
from bot.render.controls import Control
from bot.render.games import Field, GameRenderer, pinned_game
from bot.render.model import Picture, Style
from bot.render.pictures import CardFace, Side, cards_picture, fight_picture
from engine.classic.cards import ClassicCard
from engine.classic.game import Classic
from engine.classic.table import HAND_LIMIT
from engine.core import Action
from engine.games import load_game

QUIET = frozenset({"pass", "decline", "cancel", "take_it"})
# Where an action names its card when the first argument is a seat (steal, swap offers).
CARD_ARG = {"steal": 1, "offer": 1}


def game() -> Classic:
    """The cards of the match being drawn (its pinned set), else the data folder's."""
    pinned = pinned_game()
    return pinned if isinstance(pinned, Classic) else _data_game()


@cache
def _data_game() -> Classic:
    loaded = load_game("classic")
    assert isinstance(loaded, Classic)
    return loaded


def card_of(iid: Any) -> ClassicCard | None:
    defs = game().table.defs
    ok = isinstance(iid, int) and not isinstance(iid, bool) and 0 <= iid < len(defs)
    return defs[iid] if ok else None


def name_of(iid: Any) -> str:
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


def short(iid: Any) -> str:
    """A card in a line of text: its name and, when it has one, its number."""
    card = card_of(iid)
    if card is None:
        return "?"
    stat = stat_of(card)
    lasting = card.amount_of("next_combat")  # a curse waiting for its victim's next fight
    if lasting and not stat:
        stat = words.NEXT_FIGHT.format(amount=lasting)
    return f"{card.name} ({stat})" if stat else card.name


def _treasures(share: Any) -> str:
    """The treasure share in words: no treasure, 1 treasure, 3 treasures."""
    count = share if isinstance(share, int) and share > 0 else 0
    return words.SHARE[min(count, 2)].format(share=count)


def _terms(share: Any, first: str, gold: Any) -> str:
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


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _over_the_limit(view: Mapping[str, Any], seat: Any) -> bool:
    """Whether ``seat`` is tidying up its own turn with more cards than it may keep (# 004:
    Charity): the turn cannot end until the extra ones are given away."""
    sizes = view.get("hand_sizes") or []
    return (
        view.get("phase") == "charity"
        and not view.get("pending")
        and isinstance(seat, int)
        and seat == view.get("turn")
        and 0 <= seat < len(sizes)
        and sizes[seat] > HAND_LIMIT
    )


class _Words(dict[str, Any]):
    """Template fields; one a template names but the event lacks reads as "?"."""

    def __missing__(self, key: str) -> str:
        return "?"


class ClassicRenderer(GameRenderer):
    # table -------------------------------------------------------------------------------

    def waiting_line(
        self, view: Mapping[str, Any], names: Sequence[str], waiting: Sequence[int]
    ) -> str | None:
        phase = words.PHASES.get(str(view.get("phase")), str(view.get("phase")))
        turn = texts.TABLE_TURN.format(name=_name(names, view.get("turn")), phase=phase)
        pending = view.get("pending")
        if pending:
            template = words.PENDING.get(str(pending.get("kind")), "{seat}")
            what = template.format(seat=_name(names, pending.get("seat")))
        elif view.get("window_waiting"):
            seats = ", ".join(_name(names, s) for s in view["window_waiting"])
            what = words.WAITING_WINDOW.format(seats=seats)
        elif _over_the_limit(view, view.get("turn")):
            what = words.CHARITY_WAITING.format(seat=_name(names, view.get("turn")))
        else:
            who = ", ".join(_name(names, s) for s in waiting) or texts.TABLE_NOBODY
            what = words.WAITING_TURN.format(seat=who, phase=phase)
        return f"{turn}\n{texts.TABLE_WAITING_ON.format(what=what)}"

    def table_fields(
        self, view: Mapping[str, Any], names: Sequence[str], marks: Sequence[str]
    ) -> list[Field]:
        fields = [self._seat_field(view, names, marks, seat) for seat in range(len(names))]
        fight = self._fight_lines(view, names)
        if fight:
            fields.append(Field(texts.TABLE_FIGHT, "\n".join(fight)))
        piles = [
            words.PILES.format(door=view.get("door_left", 0), treasure=view.get("treasure_left", 0))
        ]
        # Each discard pile's top card, said with its pile so two cards don't read as a list.
        tops = zip(
            (words.DOOR_DISCARD, words.TREASURE_DISCARD),
            (view.get("door_discard_top"), view.get("treasure_discard_top")),
            strict=True,
        )
        piles += [template.format(card=short(c)) for template, c in tops if isinstance(c, int)]
        if view.get("corpse"):
            piles.append(words.CORPSE.format(cards=_names(view["corpse"])))
        fields.append(Field(texts.TABLE_PILES, "\n".join(piles)))
        return fields

    def _seat_field(
        self, view: Mapping[str, Any], names: Sequence[str], marks: Sequence[str], seat: int
    ) -> Field:
        def at(key: str, default: Any) -> Any:
            values = view.get(key) or []
            return values[seat] if seat < len(values) else default

        given = marks[seat].split(", ") if seat < len(marks) and marks[seat] else []
        tags = [t for t in given if f"({t})" not in names[seat]]  # "Ada (AI)" needs no "· AI"
        if at("out", False):
            tags.append(texts.SEAT_OUT_MARK)
        elif at("dead", False):
            tags.append(texts.SEAT_DEAD_MARK)
        title = f"{seat + 1}. {names[seat]}" + (f" · {', '.join(tags)}" if tags else "")
        lines = [
            words.SEAT_LINE.format(
                level=at("levels", 1), gold=at("gold", 0), cards=at("hand_sizes", 0)
            )
        ]
        roles = at("roles", [])
        lines.append(words.ROLES.format(roles=_names(roles)) if roles else words.HUMAN)
        equipped = at("equipped", [])
        worn = [c for c in at("items", []) if c in equipped]
        carried = [c for c in at("items", []) if c not in equipped]
        if worn:
            lines.append(words.GEAR.format(items=_names(worn)))
        if carried:
            lines.append(words.CARRIED.format(items=_names(carried)))
        if at("curses", []):
            lines.append(words.CURSES.format(curses=_names(at("curses", []))))
        return Field(title, "\n".join(lines), inline=True)

    def _fight_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        fight = view.get("combat")
        if not fight:
            return []
        side = self._side_name(fight, names)
        lines = [words.FIGHT_SIDE.format(names=side, strength=fight["side_strength"])]
        for monster, strength in zip(fight["monsters"], fight["monster_strength"], strict=False):
            card = card_of(monster)
            level = card.level if card is not None else "?"
            lines.append(
                words.FIGHT_MONSTER.format(name=name_of(monster), level=level, strength=strength)
            )
        if fight.get("played"):
            lines.append(words.FIGHT_PLAYED.format(cards=_names(fight["played"])))
        bargain = self._bargain_line(view, names)
        if bargain:
            lines.append(bargain)
        lines.append(words.FIGHT_WINNING if fight["players_winning"] else words.FIGHT_LOSING)
        return lines

    @staticmethod
    def _bargain_line(view: Mapping[str, Any], names: Sequence[str]) -> str | None:
        """The terms of a bargain for help (# 004: Asking for Help): an offer the asked player
        weighs, their counter-offer the fighter weighs, or a draft's terms so far."""
        pending, fight = view.get("pending") or {}, view.get("combat") or {}
        kind = pending.get("kind")
        if kind not in ("help", "countered", "offer", "counter") or not fight:
            return None
        fighter = _name(names, fight.get("fighter"))
        helper = _name(
            names, pending.get("seat") if kind in ("help", "counter") else pending.get("with")
        )
        draft = kind in ("offer", "counter")
        terms = pending.get("draft") if draft else pending.get("offer")
        nums = [x for x in terms or [] if isinstance(x, int)]
        nums = ([0, 0, 0] if draft else []) + nums
        nums += [0] * (4 - len(nums))
        share, first, gold, win_gold, *win_items = nums
        shared = words.SHARE_FOR_HELPER.format(treasures=_treasures(share), helper=helper)
        parts = [] if draft else [shared]
        if share:
            parts.append(words.TERMS_FIRST.format(name=helper if first else fighter))
        if gold:
            parts.append(words.TERMS_GOLD.format(gold=gold))
        if pending.get("cards"):
            parts.append(words.TERMS_ITEMS.format(items=_names(pending["cards"])))
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
        }[str(kind)]
        return template.format(fighter=fighter, helper=helper, terms="; ".join(parts))

    def _hand_fight(self, fight: Mapping[str, Any], names: Sequence[str]) -> str:
        """One line: both sides' strength and who is ahead, the same numbers as the table."""
        side = words.FIGHT_SIDE.format(
            names=self._side_name(fight, names), strength=fight["side_strength"]
        )
        monsters = ", ".join(
            words.HAND_MONSTER.format(name=name_of(m), strength=strength)
            for m, strength in zip(fight["monsters"], fight["monster_strength"], strict=False)
        )
        verdict = words.FIGHT_WINNING if fight["players_winning"] else words.FIGHT_LOSING
        return words.HAND_FIGHT.format(side=side, monsters=monsters, verdict=verdict)

    @staticmethod
    def _side_name(fight: Mapping[str, Any], names: Sequence[str]) -> str:
        fighter = _name(names, fight["fighter"])
        if isinstance(fight.get("helper"), int) and fight["helper"] >= 0:
            return words.FIGHT_HELPER.format(fighter=fighter, helper=_name(names, fight["helper"]))
        return fighter

    def table_picture(self, view: Mapping[str, Any], names: Sequence[str]) -> Picture | None:
        fight = view.get("combat")
        if not fight:
            return None  # outside a fight the text reads better than a picture
        monsters = [c for c in (card_of(m) for m in fight["monsters"]) if c is not None]
        played = [c for c in (card_of(m) for m in fight.get("played", [])) if c is not None]
        verdict = words.FIGHT_WINNING if fight["players_winning"] else words.FIGHT_LOSING
        return fight_picture(
            Side(self._side_name(fight, names), int(fight["side_strength"])),
            Side(
                words.BAR_MONSTERS,
                sum(int(x) for x in fight["monster_strength"]),
                tuple([face(c) for c in monsters] + [face(c) for c in played]),
            ),
            verdict,
        )

    # log ---------------------------------------------------------------------------------

    def event_line(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
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
        fields = _Words(
            seat=_name(names, event.get("seat")),
            to=_name(names, event.get("to")),
            card=name_of(event.get("card")),
            monster=name_of(event.get("monster")),
            on=name_of(event.get("on")),
            hireling=name_of(event.get("hireling")),
            seats=", ".join(_name(names, x) for x in event.get("seats") or []),
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

    def hand_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        hand = view.get("hand") or []
        lines = [words.HAND.format(count=len(hand)) if hand else words.HAND_EMPTY]
        for iid in hand:
            card = card_of(iid)
            if card is not None:
                stat = stat_of(card)
                lines.append(f"• **{card.name}** — {line_of(card)}" + (f" {stat}" if stat else ""))
        fight = view.get("combat")
        if fight:
            lines.append(self._hand_fight(fight, names))
        if _over_the_limit(view, view.get("seat")):
            charity = words.CHARITY_HAND.format(count=len(hand), limit=HAND_LIMIT)
            lines.append(f"**{charity}**")
        pending = view.get("pending")
        if pending and view.get("seat") == pending.get("seat"):
            ask = words.HAND_PENDING.get(str(pending.get("kind")))
            if ask:
                lines.append(f"**{ask}**")
        bargain = self._bargain_line(view, names)
        if bargain and pending and view.get("seat") == pending.get("seat"):
            lines.append(bargain)
        lines.extend(offers.offer_lines(view, names, short))
        return lines

    def hand_picture(self, view: Mapping[str, Any], names: Sequence[str]) -> Picture | None:
        cards = [c for c in (card_of(i) for i in view.get("hand") or []) if c is not None]
        return cards_picture([face(c) for c in cards], "hand.png") if cards else None

    # controls ----------------------------------------------------------------------------

    def control(self, action: Action, view: Mapping[str, Any], names: Sequence[str]) -> Control:
        spec = words.CONTROLS.get(offers.control_kind(action))
        if spec is None:
            return super().control(action, view, names)
        group, template = spec
        values = self._words(action, view, names)
        try:
            label = template.format(**values)
        except (KeyError, IndexError, ValueError):
            label = self.action_label(action)
        at = CARD_ARG.get(action.kind, 0)
        first = action.args[at] if len(action.args) > at else None
        card = card_of(first) if isinstance(first, int) and "card" in values else None
        description = f"{line_of(card)} {stat_of(card)}".strip() if card is not None else None
        style = Style.SECONDARY if action.kind in QUIET else Style.PRIMARY
        return Control(action.key, label, words.GROUPS.get(group, ""), description, style)

    def _words(
        self, action: Action, view: Mapping[str, Any], names: Sequence[str]
    ) -> dict[str, Any]:
        a = list(action.args)
        fight = view.get("combat") or {}
        monsters = list(fight.get("monsters", []))

        def monster(index: Any) -> str:
            ok = isinstance(index, int) and 0 <= index < len(monsters)
            return name_of(monsters[index]) if ok else "?"

        def item(iid: Any) -> str:
            return name_of(iid) if isinstance(iid, int) and iid >= 0 else words.NOTHING

        k = action.kind
        out: dict[str, Any] = {}
        if k == "listen":
            out["pile"] = words.PILE_NAMES.get(str(a[0]), str(a[0]))
        elif k in ("ask", "deal", "give_gold", "add_gold", "ask_gold") and a:
            out["seat"] = _name(names, a[0])
        elif k in ("turn_undead",):
            out["monster"] = monster(a[0])
        elif k == "enhance":
            out |= {"card": name_of(a[0]), "monster": monster(a[1])}
        elif k == "oneshot":
            side = a[1]
            target = words.PLAYERS_SIDE if side == 0 else monster(int(side) - 1)
            out |= {"card": name_of(a[0]), "side": target}
        elif k in ("charity_give", "levelup", "curse"):
            out |= {"card": name_of(a[0]), "seat": _name(names, a[1])}
        elif k == "steal":
            out |= {"seat": _name(names, a[0]), "card": name_of(a[1])}
        elif k in ("cheat", "attach"):
            out |= {"card": name_of(a[0]), "item": item(a[1])}
        elif k == "offer":
            out |= {"seat": _name(names, a[0]), "card": name_of(a[1]), "item": item(a[2])}
        elif k in ("propose", "demand"):
            share, first, gold = a
            sides = words.HELPER_FIRST if k == "propose" else words.DEMAND_FIRST
            out["terms"] = _terms(share, sides[1 if first else 0], gold)
        elif k in ("promise_gold", "demand_win_gold"):
            out["gold"] = a[0]
        elif k == "arm_hireling":
            out |= {"card": name_of(a[0]), "hireling": name_of(a[1])}
        elif k in ("accept", "decline") and len(a) == 4:  # an open offer: mine, theirs, from, gold
            out |= {"card": name_of(a[0]), "item": item(a[1]), "seat": _name(names, a[2])}
        elif a and isinstance(a[0], int):
            out["card"] = name_of(a[0])
        return out
