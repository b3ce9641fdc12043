"""The bargain builder (# 004: Asking for Help): the terms of help built a part at a time
instead of picked from a list of every combination.

The engine lists the final terms of a draft as one action per combination (``propose`` by
the fighter, ``demand`` by the asked player: treasures for the helper, who picks first, gold
now; ``engine/classic/rules/bargain.py``). The hand shows them as three small controls and
Send: the treasures (buttons, or a select past five), who picks first (one button per
person, by name), the gold now (a select), so any terms take at most four taps. The draft's
other moves (items now, items or gold for a win) stay one legal action each, in a select
beside them; picking one keeps the terms being built.

The state between taps is the controls' custom ids (``draft-t.<share>.<first>.<gold>``), so
a press after a restart lands; ``terms_action`` alone decides what Send plays: the legal
action whose terms are the ones built, or nothing (a refusal, nothing changed).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.games.classic import words
from bot.games.classic.cards_text import seat_name
from bot.render import ids
from bot.render.controls import Control
from bot.render.drafts import DRAFT_PREFIX, Built, DraftStep
from bot.render.model import (
    MAX_OPTIONS,
    MAX_PER_ROW,
    ButtonSpec,
    OptionSpec,
    SelectSpec,
    Style,
    clip,
)
from engine.classic.moves import MOVES
from engine.classic.views import ClassicView
from engine.core import Action

TERMS_KINDS = ("propose", "demand")  # the fighter's offer, the asked player's price
TAG = "t"  # the builder's tag in a draft key
# A key's tail: which control it is (a part's value, Send, a draft move); a part's value keeps
# its part's tag so that no two controls of one message share a custom id.
SEND, TREASURES, FIRST, GOLD, EXTRA = "go", "s", "f", "g", "do"
PARTS = (TREASURES, FIRST, GOLD)
LABEL = 40  # issue 18: every label a phone shows in full


class Choice(NamedTuple):
    """Terms as built: treasures for the helper, whether the helper picks first, gold now."""

    share: int
    first: int
    gold: int

    def key(self, *tail: str) -> str:
        return ".".join((f"{DRAFT_PREFIX}{TAG}", *map(str, self), *tail))


def terms_of(actions: Sequence[Action]) -> dict[Choice, Action]:
    """The legal final terms, by what they are."""
    out: dict[Choice, Action] = {}
    for action in actions:
        move = MOVES.get(action.kind)
        if action.kind in TERMS_KINDS and move is not None and move.fits(action):
            a = move.named(action)
            share, first, gold = a["share"], a["first"], a["gold"]
            if isinstance(share, int) and isinstance(first, int) and isinstance(gold, int):
                out[Choice(share, first, gold)] = action
    return out


def terms_action(choice: Choice, actions: Sequence[Action]) -> Action | None:
    """The one place that decides what Send plays: the legal action whose terms are
    ``choice``, or ``None`` when no legal action has them."""
    return terms_of(actions).get(choice)


def parse(key: str) -> tuple[Choice, list[str]] | None:
    """A draft key read back: the terms it carries and what follows them."""
    if not key.startswith(DRAFT_PREFIX):
        return None
    parts = key[len(DRAFT_PREFIX) :].split(".")
    if len(parts) < 4 or parts[0] != TAG or not all(p.isdigit() for p in parts[1:4]):
        return None
    return Choice(int(parts[1]), int(parts[2]), int(parts[3])), parts[4:]


def _opening(legal: dict[Choice, Action], mine_first: int) -> Choice:
    """The builder as it opens: nothing offered, the one building picks first."""
    if Choice(0, 0, 0) in legal:
        return Choice(0, 0, 0)
    return min(legal, key=lambda c: (c.gold, c.share, c.first != mine_first))


def _fit(choice: Choice, legal: dict[Choice, Action], mine_first: int) -> Choice:
    """The nearest legal terms to ``choice`` (each part kept when it can be)."""
    if choice in legal:
        return choice
    first = choice.first if choice.share else 0
    near = [
        Choice(choice.share, first, choice.gold),
        Choice(choice.share, 1 - first, choice.gold) if choice.share else None,
    ]
    for c in near:
        if c is not None and c in legal:
            return c
    return min(
        legal,
        key=lambda c: (abs(c.share - choice.share), abs(c.gold - choice.gold), c.first != first),
    )


class _Sides(NamedTuple):
    fighter: str
    helper: str
    mine_first: int  # the ``first`` value meaning the builder's own side picks first
    offer: bool  # the fighter's offer (else the asked player's price)


def _sides(v: ClassicView, names: Sequence[str]) -> _Sides | None:
    if v.combat is None or v.pending is None:
        return None
    pending, fighter = v.pending, v.combat.fighter
    helper = pending.seat if pending.kind == "counter" else pending.partner
    offer = pending.kind != "counter"
    return _Sides(seat_name(names, fighter), seat_name(names, helper), 0 if offer else 1, offer)


def terms_words(choice: Choice, sides: _Sides) -> str:
    count = min(choice.share, 2)
    parts = [words.SHARE[count].format(share=choice.share)]
    if choice.share:
        who = sides.helper if choice.first else sides.fighter
        parts.append(words.TERMS_FIRST.format(name=who))
    gold = words.SHARE_GOLD.format(gold=choice.gold) if choice.gold else words.SHARE_NO_GOLD
    return ", ".join([*parts, gold])


def builder(
    match_id: int,
    version: int,
    view: ClassicView,
    actions: Sequence[Action],
    names: Sequence[str],
    draft: str | None,
    extras: Sequence[Control],
) -> Built | None:
    """The terms builder at ``draft`` (``None``: as it opens), or ``None`` when the seat is
    not drafting terms. ``extras`` are the draft's other moves as controls."""
    legal = terms_of(actions)
    sides = _sides(view, names)
    if not legal or sides is None:
        return None
    parsed = parse(draft) if draft else None
    choice = (
        _fit(parsed[0], legal, sides.mine_first) if parsed else _opening(legal, sides.mine_first)
    )

    def cid(key: str) -> str:
        return ids.make_custom_id(match_id, version, key)

    buttons: list[ButtonSpec] = []
    selects: list[SelectSpec] = []
    row = 0
    shares = sorted({c.share for c in legal})
    if len(shares) > 1:
        # Treasure shared for the first time: the side building picks first until changed.
        first = choice.first if choice.share else sides.mine_first
        fits = [_fit(Choice(s, first, choice.gold), legal, sides.mine_first) for s in shares]
        labels = [words.BUILD_TREASURE_OPTION[min(s, 2)].format(share=s) for s in shares]
        if len(shares) <= MAX_PER_ROW:
            for c, label in zip(fits, labels, strict=True):
                chosen = c.share == choice.share
                buttons.append(_button(cid(c.key(TREASURES)), label, row, chosen))
        else:
            options = [
                OptionSpec(clip(label, LABEL), c.key())
                for c, label in list(zip(fits, labels, strict=True))[:MAX_OPTIONS]
            ]
            count = words.BUILD_TREASURE_OPTION[min(choice.share, 2)].format(share=choice.share)
            holder = words.BUILD_TREASURES.format(helper=sides.helper, count=count)
            selects.append(
                SelectSpec(cid(choice.key(TREASURES)), clip(holder, 150), tuple(options), row)
            )
        row += 1
    golds = sorted({c.gold for c in legal if c.share == choice.share})
    if len(golds) > 1:
        options = [
            OptionSpec(_gold_label(g), _fit(choice._replace(gold=g), legal, sides.mine_first).key())
            for g in golds[:MAX_OPTIONS]
        ]
        holder = words.BUILD_GOLD.format(gold=_gold_label(choice.gold))
        selects.append(SelectSpec(cid(choice.key(GOLD)), holder, tuple(options), row))
        row += 1
    if choice.share:
        for first, name in ((0, sides.fighter), (1, sides.helper)):
            c = choice._replace(first=first)
            if c in legal:
                label = words.TERMS_FIRST.format(name=clip(name, words.NAME_IN_LABEL))
                buttons.append(_button(cid(c.key(FIRST)), label, row, first == choice.first))
    send = words.BUILD_SEND_OFFER if sides.offer else words.BUILD_SEND_PRICE
    buttons.append(ButtonSpec(send, cid(choice.key(SEND)), Style.SUCCESS, row))
    row += 1
    extra_options = [OptionSpec(clip(e.label, LABEL), choice.key(EXTRA, e.key)) for e in extras]
    holder = words.BUILD_EXTRAS_OFFER if sides.offer else words.BUILD_EXTRAS_PRICE
    for n, start in enumerate(range(0, len(extra_options), MAX_OPTIONS)):
        if row > 4:
            break  # Discord: five rows; past them the rest waits for the next draw
        chunk = tuple(o for o in extra_options[start : start + MAX_OPTIONS] if len(o.value) <= 100)
        selects.append(SelectSpec(cid(choice.key(EXTRA, str(n))), holder, chunk, row))
        row += 1
    template = words.BUILD_OFFER if sides.offer else words.BUILD_PRICE
    line = template.format(
        helper=sides.helper, fighter=sides.fighter, terms=terms_words(choice, sides)
    )
    how = words.BUILD_HOW + (f" {words.BUILD_EXTRAS}" if extras else "")
    return Built(f"**{line}**\n{how}", tuple(buttons), tuple(selects))


def _button(custom_id: str, label: str, row: int, chosen: bool) -> ButtonSpec:
    """One part's value; the one chosen shows as chosen and cannot be pressed again."""
    style = Style.PRIMARY if chosen else Style.SECONDARY
    return ButtonSpec(clip(label, LABEL), custom_id, style, row, disabled=chosen)


def _gold_label(gold: int) -> str:
    no, some = words.BUILD_GOLD_OPTION
    return some.format(gold=gold) if gold else no


def draft_step(
    key: str, view: ClassicView, actions: Sequence[Action], names: Sequence[str]
) -> DraftStep:
    """A press on the builder, read against the legal actions as they stand."""
    parsed = parse(key)
    legal = terms_of(actions)
    if parsed is None or not legal:
        return DraftStep()  # not a builder the seat is using now: stale
    choice, tail = parsed
    if not tail or (len(tail) == 1 and tail[0] in PARTS):
        return DraftStep(draft=choice.key())
    if tail[0] == SEND and len(tail) == 1:
        action = terms_action(choice, actions)
        if action is None:
            sides = _sides(view, names)
            said = terms_words(choice, sides) if sides is not None else "?"
            return DraftStep(refusal=words.BUILD_GONE.format(terms=said))
        return DraftStep(play=(action.key,))
    if tail[0] == EXTRA and len(tail) > 1:
        wanted = ".".join(tail[1:])
        extra = next((a for a in actions if a.key == wanted and a.kind not in TERMS_KINDS), None)
        if extra is None:
            return DraftStep()
        return DraftStep(draft=choice.key(), play=(extra.key,))
    return DraftStep()


class Press(NamedTuple):
    """One tap on a drawn builder: a button (``value`` None) or a select's option."""

    custom_id: str
    value: str | None = None
    plays: bool = False  # the tap plays the move (Send, a draft move), not one more part


def next_press(controls: Sequence[tuple[str, tuple[str, ...], bool]], key: str) -> Press | None:
    """The next tap that brings the builder drawn with ``controls`` (custom id, a select's
    option values, enabled) closer to playing the legal action ``key``: what a person
    would tap (the bench and the tests play through it). ``None``: not on this builder."""
    enabled = [(cid, values) for cid, values, on in controls if on]
    drawn = [(cid, found, values) for cid, values in enabled if (found := _read(cid)) is not None]
    sends = [found[0] for _, found, _ in drawn if found[1] == [SEND]]
    if not sends:
        return None
    for cid, found, values in drawn:  # a draft move (an item, gold for a win) is one tap
        wanted = [v for v in values if (p := parse(v)) and p[1][1:] == key.split(".")]
        if found[1][:1] == [EXTRA] and wanted:
            return Press(cid, wanted[0], plays=True)
    target = _target(key)
    if target is None:
        return None
    now = sends[0]
    if now == target:
        return next(Press(cid, plays=True) for cid, found, _ in drawn if found[1] == [SEND])
    for part, differs in (
        (TREASURES, now.share != target.share),
        (GOLD, now.gold != target.gold),
        (FIRST, now.first != target.first),
    ):
        if not differs:
            continue
        for cid, found, values in drawn:
            if found[1] == [part] and not values and _same(found[0], target, part):
                return Press(cid)
            for value in values if found[1] == [part] else ():
                chosen = parse(value)
                if chosen is not None and _same(chosen[0], target, part):
                    return Press(cid, value)
    return None


def _read(custom_id: str) -> tuple[Choice, list[str]] | None:
    parsed = ids.parse_custom_id(custom_id)
    return parse(parsed.key) if parsed is not None else None


def _target(key: str) -> Choice | None:
    kind, _, rest = key.partition(".")
    parts = rest.split(".")
    if kind not in TERMS_KINDS or len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    return Choice(*(int(p) for p in parts))


def _same(choice: Choice, target: Choice, part: str) -> bool:
    field = {TREASURES: "share", GOLD: "gold", FIRST: "first"}[part]
    return bool(getattr(choice, field) == getattr(target, field))
