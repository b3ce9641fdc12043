"""The duel table and hand: heroes, levels, purses, hoards and stashes, the fight and the stack.

The table reads the spectator ``DuelView`` only (every hook receives the typed view the
screens read once per drawing). The attacker's face-down card appears there only once revealed
(# 000 III.A.2.f), so before that the table can say no more than "a face-down card and N
gold"; the attacker's own hand view is where its name shows. Action arguments are read by name
from the game's move table (``engine/duel/moves.py``), never by position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.games.duel import sayings, words
from bot.games.duel.cards_text import card_of, face, line_of, shown_name, stat_of
from bot.render.controls import Control
from bot.render.games import Field, GameRenderer, ViewLike, typed_view
from bot.render.games import ViewJson as Json
from bot.render.model import Picture, Style
from bot.render.pictures import CardFace, Side, cards_picture, fight_picture
from bot.words import play_texts
from engine.core import Action
from engine.duel.moves import MOVES
from engine.duel.views import CardView, DuelView, FightView, SideView

QUIET = frozenset({"pass", "run", "mulligan"})


def _iid_names(view: DuelView) -> dict[int, str]:
    """Instance id -> name for every card the view shows (and so may be named)."""
    shown: list[CardView] = [*view.removed]
    for side in view.players:
        shown += [side.hero, *side.discard, *side.hoard, *side.stash_face_up, *(side.hand or ())]
    if view.fight is not None:
        shown += [*view.fight.committed, *([view.fight.card] if view.fight.card else [])]
    for entry in view.stack:
        shown.append(entry.card)
    shown += [CardView(c.iid, c.id) for card in shown for c in card.curses]
    found: dict[int, str] = {}
    for card in shown:
        known = card_of(card.id)
        found[card.iid] = known.name if known is not None else "?"
    return found


def _name(names: Sequence[str], seat: object) -> str:
    ok = isinstance(seat, int) and 0 <= seat < len(names)
    return names[seat] if ok and isinstance(seat, int) else "?"


def _and(words: Sequence[str]) -> str:
    """Names for a sentence: Alice; Alice and Bob; Alice, Bob and Carol."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def _cards(count: int) -> str:
    return words.CARDS[0 if count == 1 else 1].format(count=count)


_NUMBERS = ("gold", "amount", "count", "level", "purse", "paid", "turn")


class _Words(dict[str, object]):
    """Template fields; one a template names but the event lacks reads as "?"."""

    def __missing__(self, key: str) -> str:
        return "?"


class DuelRenderer(GameRenderer[DuelView]):
    def read(self, view: ViewLike) -> DuelView:
        return typed_view(DuelView, view)

    def deciders(self, view: DuelView) -> None:
        return None  # a duel's view lists none: the hand says "your move" whenever it has one

    # table -------------------------------------------------------------------------------

    def waiting_line(self, v: DuelView, names: Sequence[str], waiting: Sequence[int]) -> str | None:
        phase = words.PHASES.get(v.phase, v.phase)
        if v.phase in words.SETUP_PHASES:
            turn = words.SETUP.format(phase=phase)  # no turn has begun yet
        else:
            turn = play_texts.TABLE_TURN.format(name=_name(names, v.active), phase=phase)
        if v.window:
            who = ", ".join(_name(names, s) for s in waiting) or play_texts.TABLE_NOBODY
            what = words.WAITING_WINDOW.format(seats=who)
        else:
            who = _and([_name(names, s) for s in waiting]) or play_texts.TABLE_NOBODY
            what = words.WAITING.format(seat=who, phase=phase)
        return f"{turn}\n{play_texts.TABLE_WAITING_ON.format(what=what)}"

    def table_fields(
        self, v: DuelView, names: Sequence[str], marks: Sequence[str]
    ) -> list[Field] | None:
        fields = [
            self._seat_field(p, names, marks, seat)
            for seat, p in enumerate(v.players)
            if seat < len(names)
        ]
        # A finished match's table kept its last fight's step ("The hired monster's abilities
        # go off.") under "Match over": the fight a Hero fell in is over too (# 000 III.B).
        fight = self._fight_lines(v.fight, names) if v.phase != "over" else []
        if fight:  # shown once: the picture; only its step (not drawn) stays as text
            fields.append(Field(play_texts.TABLE_FIGHT, fight[-1]))
        stack = self._stack_lines(v, names)
        if stack:
            # On the title's line ("Being played · Alice: Pit Champion"): a window's table
            # stays one phone screen (issue 27.6).
            fields.append(Field(play_texts.TABLE_STACK, "\n".join(stack), inline=True))
        if v.removed:  # public: only cards in play can be removed from the game
            fields.append(Field(words.REMOVED, ", ".join(map(shown_name, v.removed))))
        return fields

    def _seat_field(
        self, p: SideView, names: Sequence[str], marks: Sequence[str], seat: int
    ) -> Field:
        given = marks[seat].split(", ") if seat < len(marks) and marks[seat] else []
        tags = [t for t in given if f"({t})" not in names[seat]]  # "Ada (AI)" needs no "· AI"
        if p.eliminated:
            tags.append(play_texts.SEAT_OUT_MARK)
        title = f"{seat + 1}. {names[seat]}" + (f" · {', '.join(tags)}" if tags else "")
        hero_card = card_of(p.hero.id)
        lines = [
            words.SEAT_LINE.format(level=p.level, gold=p.purse, cards=p.hand_count),
            words.HERO.format(
                hero=hero_card.name if hero_card else "?",
                damage=p.hero.damage,
                life=hero_card.life if hero_card else "?",
            ),
        ]
        if p.hoard:
            lines.append(words.HOARD.format(cards=", ".join(map(shown_name, p.hoard))))
        # Only the parts there are: "Stash: Masked Mugger face up, 0 face down" said a zero.
        stash = [words.STASH_UP.format(cards=", ".join(map(shown_name, p.stash_face_up)))]
        stash = stash if p.stash_face_up else []
        if p.stash_face_down:
            stash.append(words.STASH_DOWN.format(count=p.stash_face_down))
        if stash:
            lines.append(words.STASH.format(parts=", ".join(stash)))
        if p.run_away != "run":  # a plain run away goes without saying (seat_details)
            lines.append(words.RUN.format(how=words.RUN_WORDS.get(p.run_away, p.run_away)))
        if p.bleeding:  # public: what the Hero bleeds at its next reckoning
            lines.append(words.BLEEDING.format(amount=p.bleeding))
        if p.shield:  # public: damage a resolved Prevent still blocks
            lines.append(words.SHIELD.format(amount=p.shield))
        return Field(title, "\n".join(lines), inline=True)

    def seat_details(self, v: DuelView, names: Sequence[str]) -> list[Field]:
        """The discard piles and the next escape, left off the table's seat lines."""
        players = enumerate(v.players[: len(names)])
        return [Field(names[seat], _details(p), inline=True) for seat, p in players]

    def _fight_lines(self, fight: FightView | None, names: Sequence[str]) -> list[str]:
        if fight is None:
            return []
        attacker = _name(names, fight.attacker)
        defender = _name(names, 1 - fight.attacker)
        shown = fight.card
        card = card_of(shown.id) if shown is not None else None
        if shown is None or card is None:
            lines = [words.ATTACK_HIDDEN.format(name=attacker, gold=fight.gold)]
        else:
            lines = [
                words.ATTACK_SHOWN.format(
                    name=attacker,
                    card=shown_name(shown),
                    power=card.power,
                    life=card.life,
                    gold=fight.gold,
                )
            ]
        if fight.committed:
            cards = ", ".join(shown_name(c) for c in fight.committed)
            lines.append(words.DEFENDERS.format(name=defender, cards=cards))
        elif fight.step != "run":  # while the defender may still run, nobody is sent in
            lines.append(words.NO_DEFENDERS.format(name=defender))
        said = words.STEPS.get(fight.step)
        step = (
            said.format(attacker=attacker, defender=defender)
            if said
            else words.STEP.format(step=fight.step)
        )
        price = sayings.price(fight, card, attacker) if fight.step == "cost" else None
        lines.append(f"{step} {price}" if price else step)
        return lines

    def _stack_lines(self, v: DuelView, names: Sequence[str]) -> list[str]:
        known = _iid_names(v)
        lines = []
        for entry in v.stack:
            aim = ""
            if entry.target >= 0:
                aim = words.STACK_TARGET.format(target=known.get(entry.target, words.HIDDEN_TARGET))
            lines.append(
                words.STACK_LINE.format(
                    seat=_name(names, entry.seat), card=shown_name(entry.card), target=aim
                )
            )
        return lines

    def table_picture(self, v: DuelView, names: Sequence[str]) -> Picture | None:
        fight = v.fight
        if fight is None or v.phase == "over":
            return None
        gold = fight.gold
        card = card_of(fight.card.id) if fight.card is not None else None
        note = words.HIDDEN_NOTE.format(gold=gold)
        if card is None:
            attack = CardFace(words.HIDDEN_TILE, "hidden", "?", "", "", note)
            strength, verdict = None, words.VERDICT_HIDDEN.format(gold=gold)
        else:
            attack, strength = face(card, note), card.power
            verdict = words.VERDICT_SHOWN.format(card=card.name, gold=gold)
        committed = [c for c in (card_of(e.id) for e in fight.committed) if c]
        attacker = fight.attacker
        drawn = fight_picture(
            Side(f"{_name(names, attacker)} ({words.BAR_ATTACK})", strength, (attack,)),
            Side(
                f"{_name(names, 1 - attacker)} ({words.BAR_DEFENCE})",
                sum(c.power for c in committed),
                tuple(face(c) for c in committed),
            ),
            verdict,
        )
        return replace(drawn, description="\n".join(self._fight_lines(fight, names)))

    # log ---------------------------------------------------------------------------------

    def event_line(self, event: Json, names: Sequence[str]) -> str:
        rolled = sayings.rolled(event, names) if event.get("kind") == "rolled" else None
        if rolled is not None:
            return rolled
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
        count = event.get("count")
        if isinstance(count, int):
            fields["cards"] = _cards(count)
        line = template.format_map(fields)
        return line[:1].upper() + line[1:]

    # hand --------------------------------------------------------------------------------

    @staticmethod
    def _own(v: DuelView) -> tuple[CardView, ...]:
        if v.seat is None or not 0 <= v.seat < len(v.players):
            return ()
        return v.players[v.seat].hand or ()

    def hand_lines(self, v: DuelView, names: Sequence[str]) -> list[str]:
        hand = self._own(v)
        lines = [words.HAND.format(count=len(hand))] if hand else [words.HAND_EMPTY]
        for entry in hand:
            card = card_of(entry.id)
            if card is not None:
                stat = sayings.hand_stat(card)
                lines.append(
                    f"• **{card.name}** — {line_of(card)}" + (f" · {stat}" if stat else "")
                )
        return lines

    def hand_decision(
        self, v: DuelView, actions: Sequence[Action], names: Sequence[str]
    ) -> list[str]:
        fight = v.fight
        if fight is None:
            return sayings.setup_decision(v, actions)
        lines = []
        if fight.card is not None and fight.attacker == v.seat:
            lines.append(words.YOUR_ATTACK.format(card=shown_name(fight.card)))
        step = words.HAND_STEPS.get(fight.step)
        # 000 III.A.2: readying, the defender may send in what it has in play (the engine's
        # "commit" moves); with none to send, it is only asked to be ready.
        if fight.step == "ready" and not any(a.kind == "commit" for a in actions):
            step = words.HAND_READY_ALONE
        if step and v.seat == 1 - fight.attacker:
            escape = v.players[v.seat].run_away
            how = words.HAND_RUN_COST.get(escape, words.HAND_RUN_COST["run"])
            said = step.format(attacker=_name(names, fight.attacker), gold=fight.gold, how=how)
            lines.append(f"**{said}**")  # the defender's decision, said in their hand
        return lines

    def hand_picture(self, v: DuelView, names: Sequence[str]) -> Picture | None:
        cards = [c for c in (card_of(e.id) for e in self._own(v)) if c is not None]
        return cards_picture([face(c) for c in cards], "hand.png") if cards else None

    # controls ----------------------------------------------------------------------------

    def controls(
        self, actions: Sequence[Action], view: DuelView, names: Sequence[str]
    ) -> list[Control]:
        """One control per choice a person can tell apart: two copies of a card in hand make
        the same move (the engine offers each copy), so the second is left out; squishing a
        card of yours comes after the card moves (it only takes away)."""
        in_hand = {entry.iid for entry in self._own(view)}
        seen: set[tuple[str, str, str | None]] = set()
        kept: list[Control] = []
        squished: list[Control] = []
        for action in actions:
            control = self.control(action, view, names)
            same = (control.group, control.label, control.description)
            move = MOVES.get(action.kind)
            card = (
                move.named(action).get("card") if move is not None and move.fits(action) else None
            )
            fungible = card is not None and card in in_hand
            if fungible and same in seen:
                continue
            seen.add(same)
            (squished if action.kind == "squish" else kept).append(control)
        # 000 II.B.9: the roll's winner's own "I go first" leads, whichever seat it is.
        kept.sort(key=lambda c: c.label != words.FIRST_ME)
        return kept + squished

    def control(self, action: Action, view: DuelView, names: Sequence[str]) -> Control:
        spec = words.CONTROLS.get(action.kind)
        move = MOVES.get(action.kind)
        if spec is None or move is None or not move.fits(action):
            return super().control(action, view, names)
        group, template = spec
        # A Hero is named by its player ("your Hero", "Bob's Hero"): two Heroes' names cut at
        # a button's width read alike ("… on Brunhild …" / "… on Fenwick M…").
        known = {**_iid_names(view), **sayings.hero_names(view, names)}
        a = move.named(action)

        def named(iid: object) -> str:
            return known.get(iid, words.HIDDEN_TARGET) if isinstance(iid, int) else "?"

        card_arg = a.get("card")  # what a control describes: its card
        values: dict[str, object] = {"on": "", "blood": ""}
        values["card"] = named(card_arg) if card_arg is not None else ""
        k = action.kind
        if k == "first":
            # The move names a seat, not "me/you": the label is read from the viewer's seat
            # (seat 1 pressing "I go first" played seat 0 first before this).
            first = a["seat"]
            mine = isinstance(first, int) and first == view.seat
            who = words.FIRST_OTHER.format(name=_name(names, first))
            values["who"] = words.FIRST_ME if mine else who
        elif k == "recycle":
            values["recycle"] = words.RECYCLE[1 if a["draw"] else 0]
        elif k == "order":
            values["code"] = a["code"]
        elif k == "fight":
            values["gold"] = a["gold"]
        elif k == "smack":
            values["target"] = named(a["target"])
        elif k in ("play", "activate", "flaunt"):
            target = a["target"]
            if isinstance(target, int) and target >= 0:
                values["on"] = words.ON.format(target=named(target))
            if k == "play" and a["blood"]:
                values["blood"] = words.BLOOD
        try:
            label = template.format(**values)
        except (KeyError, IndexError, ValueError):
            label = self.action_label(action)
        card_id = next((e.id for e in self._own(view) if "card" in a and e.iid == a["card"]), None)
        card = card_of(card_id) if card_id is not None else None
        description = f"{line_of(card)} {stat_of(card)}".strip() if card is not None else None
        if card is not None and description and card.type == "monster":
            description += " · " + words.HIRE_COST.format(cost=card.cost)
        if k == "fight":  # 000 III.A.2.f: the card is committed face down
            short = sayings.short(card, a["gold"])
            description = " · ".join(filter(None, (words.FIGHT_FACE_DOWN, description, short)))
        style = Style.SECONDARY if k in QUIET else Style.PRIMARY
        menu = k == "squish"
        return Control(
            action.key, label, words.GROUPS.get(group, ""), description, style, menu=menu
        )


def _details(p: SideView) -> str:
    deck = words.DECK_LEFT.format(deck=p.deck_count)
    run = f"{deck} · {words.RUN.format(how=words.RUN_WORDS.get(p.run_away, p.run_away))}"
    if not p.discard:
        return run
    return f"{words.DISCARD.format(count=len(p.discard), top=shown_name(p.discard[-1]))}\n{run}"
