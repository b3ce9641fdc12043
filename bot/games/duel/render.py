"""The duel table and hand: heroes, levels, purses, hoards and stashes, the fight and the stack.

The table reads the spectator ``DuelView`` only. The attacker's face-down card appears there
only once revealed (# 000 III.A.2.f), so before that the table can say no more than "a
face-down card and N gold"; the attacker's own hand view is where its name shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from bot import texts
from bot.games.duel import words
from bot.render.controls import Control
from bot.render.games import Field, GameRenderer, pinned_game
from bot.render.model import Picture, Style
from bot.render.pictures import CardFace, Side, cards_picture, fight_picture
from engine.core import Action
from engine.duel.cards import DuelCard
from engine.duel.game import Duel
from engine.games import load_game

QUIET = frozenset({"pass", "run", "mulligan"})


def game() -> Duel:
    """The cards of the match being drawn (its pinned set), else the data folder's."""
    pinned = pinned_game()
    return pinned if isinstance(pinned, Duel) else _data_game()


@cache
def _data_game() -> Duel:
    loaded = load_game("duel")
    assert isinstance(loaded, Duel)
    return loaded


def card_of(card_id: Any) -> DuelCard | None:
    return game().by_id.get(str(card_id))


def stat_of(card: DuelCard) -> str:
    if card.type in ("monster", "ally", "hero"):
        return f"{card.power}/{card.life}"
    if card.type == "loot" and card.power:
        return f"+{card.power}"
    return f"{card.cost}g" if card.cost else ""


def line_of(card: DuelCard) -> str:
    kind = words.CARD_KINDS.get(card.type, card.type)
    return f"{kind} · {card.subtype}" if card.subtype else kind


def face(card: DuelCard, note: str = "") -> CardFace:
    return CardFace(card.name, card.type, line_of(card), stat_of(card), card.text, note)


def shown_name(entry: Mapping[str, Any]) -> str:
    """A card the view shows (``{"iid", "id", "damage"?}``) in a line of text."""
    card = card_of(entry.get("id"))
    name = card.name if card is not None else "?"
    if entry.get("damage"):
        name += f" ({entry['damage']} dmg)"
    return name


def _iid_names(view: Any, found: dict[int, str] | None = None) -> dict[int, str]:
    """Instance id -> name for every card the view shows (and so may be named)."""
    found = {} if found is None else found
    if isinstance(view, dict):
        if "iid" in view and "id" in view:
            card = card_of(view["id"])
            found[int(view["iid"])] = card.name if card is not None else "?"
        for value in view.values():
            _iid_names(value, found)
    elif isinstance(view, list):
        for value in view:
            _iid_names(value, found)
    return found


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _hand_stat(card: DuelCard) -> str:
    """A card's numbers in words for the hand list: what 5/6 and 2g mean."""
    if card.type in ("monster", "ally", "hero"):
        parts = [words.HAND_BODY.format(power=card.power, life=card.life)]
        if card.type == "monster":
            parts.append(words.HAND_HIRE.format(cost=card.cost))
        return ", ".join(parts)
    if card.type == "loot" and card.power:
        return f"+{card.power}"
    return words.HAND_COST.format(cost=card.cost) if card.cost else ""


def _and(words: Sequence[str]) -> str:
    """Names for a sentence: Alice; Alice and Bob; Alice, Bob and Carol."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _cards(count: int) -> str:
    return words.CARDS[0 if count == 1 else 1].format(count=count)


_NUMBERS = ("gold", "amount", "count", "level", "purse", "paid", "turn")


class _Words(dict[str, Any]):
    """Template fields; one a template names but the event lacks reads as "?"."""

    def __missing__(self, key: str) -> str:
        return "?"


class DuelRenderer(GameRenderer):
    # table -------------------------------------------------------------------------------

    def waiting_line(
        self, view: Mapping[str, Any], names: Sequence[str], waiting: Sequence[int]
    ) -> str | None:
        phase = words.PHASES.get(str(view.get("phase")), str(view.get("phase")))
        if view.get("phase") in words.SETUP_PHASES:
            turn = words.SETUP.format(phase=phase)  # no turn has begun yet
        else:
            turn = texts.TABLE_TURN.format(name=_name(names, view.get("active")), phase=phase)
        if view.get("window"):
            who = ", ".join(_name(names, s) for s in waiting) or texts.TABLE_NOBODY
            what = words.WAITING_WINDOW.format(seats=who)
        else:
            who = _and([_name(names, s) for s in waiting]) or texts.TABLE_NOBODY
            what = words.WAITING.format(seat=who, phase=phase)
        return f"{turn}\n{texts.TABLE_WAITING_ON.format(what=what)}"

    def table_fields(
        self, view: Mapping[str, Any], names: Sequence[str], marks: Sequence[str]
    ) -> list[Field]:
        players = view.get("players") or []
        fields = [
            self._seat_field(p, names, marks, seat)
            for seat, p in enumerate(players)
            if seat < len(names)
        ]
        fight = self._fight_lines(view, names)
        if fight:
            fields.append(Field(texts.TABLE_FIGHT, "\n".join(fight)))
        stack = self._stack_lines(view, names)
        if stack:
            fields.append(Field(texts.TABLE_STACK, "\n".join(stack)))
        removed = view.get("removed") or []
        if removed:  # public: only cards in play can be removed from the game
            fields.append(Field(words.REMOVED, ", ".join(map(shown_name, removed))))
        return fields

    def _seat_field(
        self, p: Mapping[str, Any], names: Sequence[str], marks: Sequence[str], seat: int
    ) -> Field:
        given = marks[seat].split(", ") if seat < len(marks) and marks[seat] else []
        tags = [t for t in given if f"({t})" not in names[seat]]  # "Ada (AI)" needs no "· AI"
        if p.get("eliminated"):
            tags.append(texts.SEAT_OUT_MARK)
        title = f"{seat + 1}. {names[seat]}" + (f" · {', '.join(tags)}" if tags else "")
        hero = p.get("hero") or {}
        hero_card = card_of(hero.get("id"))
        lines = [
            words.SEAT_LINE.format(
                level=p.get("level", 1),
                gold=p.get("purse", 0),
                cards=p.get("hand_count", 0),
                deck=p.get("deck_count", 0),
            ),
            words.HERO.format(
                hero=hero_card.name if hero_card else "?",
                damage=hero.get("damage", 0),
                life=hero_card.life if hero_card else "?",
            ),
        ]
        if p.get("hoard"):
            lines.append(words.HOARD.format(cards=", ".join(map(shown_name, p["hoard"]))))
        up = ", ".join(shown_name(c) for c in p.get("stash_face_up") or []) or "0"
        if p.get("stash_face_up") or p.get("stash_face_down"):
            lines.append(words.STASH.format(up=up, down=p.get("stash_face_down", 0)))
        discard = p.get("discard") or []
        if discard:
            lines.append(words.DISCARD.format(count=len(discard), top=shown_name(discard[-1])))
        how = words.RUN_WORDS.get(str(p.get("run_away")), str(p.get("run_away")))
        lines.append(words.RUN.format(how=how))
        if p.get("bleeding"):  # public: what the Hero bleeds at its next reckoning
            lines.append(words.BLEEDING.format(amount=p["bleeding"]))
        if p.get("shield"):  # public: damage a resolved Prevent still blocks
            lines.append(words.SHIELD.format(amount=p["shield"]))
        return Field(title, "\n".join(lines), inline=True)

    def _fight_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        fight = view.get("fight")
        if not fight:
            return []
        attacker = _name(names, fight.get("attacker"))
        defender = _name(names, 1 - int(fight.get("attacker", 0)))
        shown = fight.get("card")
        card = card_of(shown.get("id")) if shown else None
        if card is None:
            lines = [words.ATTACK_HIDDEN.format(name=attacker, gold=fight.get("gold", 0))]
        else:
            lines = [
                words.ATTACK_SHOWN.format(
                    name=attacker,
                    card=shown_name(shown),
                    power=card.power,
                    life=card.life,
                    gold=fight.get("gold", 0),
                )
            ]
        committed = fight.get("committed") or []
        if committed:
            cards = ", ".join(shown_name(c) for c in committed)
            lines.append(words.DEFENDERS.format(name=defender, cards=cards))
        elif fight.get("step") != "run":  # while the defender may still run, nobody is sent in
            lines.append(words.NO_DEFENDERS.format(name=defender))
        step = str(fight.get("step", ""))
        said = words.STEPS.get(step)
        lines.append(
            said.format(attacker=attacker, defender=defender)
            if said
            else words.STEP.format(step=step)
        )
        return lines

    def _stack_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        known = _iid_names(view)
        lines = []
        for entry in view.get("stack") or []:
            target = entry.get("target", -1)
            aim = ""
            if isinstance(target, int) and target >= 0:
                aim = words.STACK_TARGET.format(target=known.get(target, words.HIDDEN_TARGET))
            lines.append(
                words.STACK_LINE.format(
                    seat=_name(names, entry.get("seat")),
                    card=shown_name(entry.get("card") or {}),
                    target=aim,
                )
            )
        return lines

    def table_picture(self, view: Mapping[str, Any], names: Sequence[str]) -> Picture | None:
        fight = view.get("fight")
        if not fight:
            return None
        gold = int(fight.get("gold", 0))
        shown = fight.get("card")
        card = card_of(shown.get("id")) if shown else None
        if card is None:
            attack = CardFace(
                words.HIDDEN_TILE,
                "hidden",
                "?",
                "",
                "",
                words.HIDDEN_NOTE.format(gold=gold),
            )
            strength = None
        else:
            attack = face(card, words.HIDDEN_NOTE.format(gold=gold))
            strength = card.power
        committed = [c for c in (card_of(e.get("id")) for e in fight.get("committed") or []) if c]
        attacker = int(fight.get("attacker", 0))
        if card is None:
            verdict = words.VERDICT_HIDDEN.format(gold=gold)
        else:
            verdict = words.VERDICT_SHOWN.format(card=card.name, gold=gold)
        return fight_picture(
            Side(f"{_name(names, attacker)} ({words.BAR_ATTACK})", strength, (attack,)),
            Side(
                f"{_name(names, 1 - attacker)} ({words.BAR_DEFENCE})",
                sum(c.power for c in committed),
                tuple(face(c) for c in committed),
            ),
            verdict,
        )

    # log ---------------------------------------------------------------------------------

    def event_line(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        template = words.EVENTS.get(str(event.get("kind", "")))
        if template is None:
            return super().event_line(event, names)
        # A card is named only when the event's public part carries its id.
        card = card_of(event.get("id")) if "id" in event else None
        if card is None:
            template = words.EVENTS_UNNAMED.get(str(event.get("kind")), template)
        fields = _Words(
            seat=_name(names, event.get("seat", event.get("attacker"))),
            to=_name(names, event.get("to")),
            card=card.name if card is not None else words.SOME_CARD,
            on=words.SOME_CARD,
            **{k: v for k, v in event.items() if k in _NUMBERS},
        )
        fields["from"] = _name(names, event.get("from"))
        if isinstance(event.get("count"), int):
            fields["cards"] = _cards(event["count"])
        line = template.format_map(fields)
        return line[:1].upper() + line[1:]

    # hand --------------------------------------------------------------------------------

    def _own(self, view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        seat = view.get("seat")
        players = view.get("players") or []
        if not isinstance(seat, int) or not 0 <= seat < len(players):
            return []
        return list(players[seat].get("hand") or [])

    def hand_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        hand = self._own(view)
        lines = [words.HAND.format(count=len(hand))] if hand else [words.HAND_EMPTY]
        for entry in hand:
            card = card_of(entry.get("id"))
            if card is not None:
                stat = _hand_stat(card)
                lines.append(
                    f"• **{card.name}** — {line_of(card)}" + (f" · {stat}" if stat else "")
                )
        fight = view.get("fight") or {}
        if fight.get("card") and fight.get("attacker") == view.get("seat"):
            lines.append(words.YOUR_ATTACK.format(card=shown_name(fight["card"])))
        attacker = fight.get("attacker")
        step = words.HAND_STEPS.get(str(fight.get("step")))
        if step and isinstance(attacker, int) and view.get("seat") == 1 - attacker:
            said = step.format(attacker=_name(names, attacker), gold=fight.get("gold", 0))
            lines.append(f"**{said}**")  # the defender's decision, said in their hand
        return lines

    def hand_picture(self, view: Mapping[str, Any], names: Sequence[str]) -> Picture | None:
        cards = [c for c in (card_of(e.get("id")) for e in self._own(view)) if c is not None]
        return cards_picture([face(c) for c in cards], "hand.png") if cards else None

    # controls ----------------------------------------------------------------------------

    def control(self, action: Action, view: Mapping[str, Any], names: Sequence[str]) -> Control:
        spec = words.CONTROLS.get(action.kind)
        if spec is None:
            return super().control(action, view, names)
        group, template = spec
        known = _iid_names(view)
        a = list(action.args)

        def named(iid: Any) -> str:
            return known.get(iid, words.HIDDEN_TARGET) if isinstance(iid, int) else "?"

        values: dict[str, Any] = {"card": named(a[0]) if a else "", "on": "", "blood": ""}
        k = action.kind
        if k == "first":
            values["who"] = words.FIRST[1 if a[0] else 0]
        elif k == "recycle":
            values["recycle"] = words.RECYCLE[1 if a[0] else 0]
        elif k == "order":
            values["code"] = a[0]
        elif k == "fight":
            values["gold"] = a[1]
        elif k == "smack":
            values["target"] = named(a[1])
        elif k in ("play", "activate", "flaunt"):
            target = a[1] if k == "play" else a[2]
            if isinstance(target, int) and target >= 0:
                values["on"] = words.ON.format(target=named(target))
            if k == "play" and a[2]:
                values["blood"] = words.BLOOD
        try:
            label = template.format(**values)
        except (KeyError, IndexError, ValueError):
            label = self.action_label(action)
        card_id = next((e.get("id") for e in self._own(view) if a and e.get("iid") == a[0]), None)
        card = card_of(card_id) if card_id is not None else None
        description = f"{line_of(card)} {stat_of(card)}".strip() if card is not None else None
        if card is not None and description and card.type == "monster":
            description += " · " + words.HIRE_COST.format(cost=card.cost)
        style = Style.SECONDARY if k in QUIET else Style.PRIMARY
        return Control(action.key, label, words.GROUPS.get(group, ""), description, style)
