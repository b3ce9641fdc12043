"""Quest's call for help built a part at a time (issue 27.5): the engine lists one ``ask``
per seat that may help and per share on offer (no share, one or two Treasures, a sum of
gold, any item the asker has in play), up to 21 options per seat in one select before. The
hand now lists one entry per seat ("Ask Bob to help…"); it opens a builder with that seat
chosen: who is asked (a select, when more than one may be), the share (a select: "Offer
your Rusty Dagger"), Send ("Ask Bob to help, offering your Rusty Dagger") and ◀ Back. Any
call takes at most three taps: the entry, the share, Send.

The state between taps lives in the controls' custom ids (``draft-qh.<seat>.<share>``,
``bot/render/drafts.py``; the share ``t<n>`` Treasures, ``g<n>`` gold, ``i<card>`` an
item) and with the live hand's drawing, so a press after a restart lands where it was.
Send plays the legal ``ask`` whose seat and share are the ones built; one no longer legal
is refused in words (``draft_step``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.games.quest import words
from bot.games.quest.cards import card_name, fight_monsters, monster_name, seat_name
from bot.games.quest.controls import GROUPS, fit
from bot.games.quest.tableparts import and_
from bot.games.quest.trade_terms import Press
from bot.render import ids
from bot.render.controls import Control
from bot.render.drafts import DRAFT_PREFIX, Built, DraftStep
from bot.render.model import MAX_OPTIONS, ButtonSpec, OptionSpec, SelectSpec, Style, clip
from engine.core import Action
from engine.quest.moves import MOVES
from engine.quest.view import QuestView

TAG = "qh"
WHO, SHARE, SEND, BACK = "w", "s", "go", "back"
PARTS = (WHO, SHARE)
NO_SHARE = "t0"  # every seat that may help may be asked for nothing (the engine's short form)
LABEL = 40  # issue 18: every label a phone shows in full
NAME = 16  # a name inside a label


class Ask(NamedTuple):
    seat: int
    share: str  # t<n> Treasures, g<n> gold, i<card> an item

    def key(self, *tail: str) -> str:
        return ".".join((f"{DRAFT_PREFIX}{TAG}", str(self.seat), self.share, *tail))


def share_of(action: Action) -> Ask | None:
    """The seat asked and the share an ``ask`` offers."""
    if action.kind != "ask":
        return None
    a = MOVES["ask"].named(action)
    seat, treasures, gold, item = a.get("seat"), a.get("treasures"), a.get("gold"), a.get("item")
    if not isinstance(seat, int):
        return None
    if isinstance(gold, int) and gold > 0:
        return Ask(seat, f"g{gold}")
    if isinstance(item, int) and item >= 0:
        return Ask(seat, f"i{item}")
    return Ask(seat, f"t{treasures}") if isinstance(treasures, int) else None


def asks_of(actions: Sequence[Action]) -> dict[Ask, Action]:
    """The legal calls for help by seat and share, in the engine's order."""
    out: dict[Ask, Action] = {}
    for action in actions:
        found = share_of(action)
        if found is not None:
            out[found] = action
    return out


def parse(key: str) -> tuple[Ask, list[str]] | None:
    if not key.startswith(f"{DRAFT_PREFIX}{TAG}."):
        return None
    parts = key[len(DRAFT_PREFIX) :].split(".")
    if len(parts) < 3 or not parts[1].isdigit() or not _share_ok(parts[2]):
        return None
    return Ask(int(parts[1]), parts[2]), parts[3:]


def owns(key: str) -> bool:
    """Whether ``key`` is one of this builder's draft keys (``builders.PartBuilder``)."""
    return parse(key) is not None


def _share_ok(share: str) -> bool:
    return share[:1] in ("t", "g", "i") and share[1:].isdigit()


def share_words(share: str) -> str:
    """The share as the asker reads it: "no share", "2 Treasures", "300 gold", "your …"."""
    n = int(share[1:])
    if share[0] == "g":
        return words.BRIBE_GOLD.format(gold=n)
    if share[0] == "i":
        return words.HA_ITEM.format(card=card_name(n) or "?")
    found = words.HA_TREASURES[min(n, 2)]
    return found.format(n=n)


def entries(actions: Sequence[Action], names: Sequence[str]) -> list[Control]:
    """One "Ask Bob to help…" per seat that may be asked, each opening the builder."""
    seats = list(dict.fromkeys(a.seat for a in asks_of(actions)))
    return [
        Control(
            Ask(seat, NO_SHARE).key(),
            fit(words.HA_ENTRY, {"name": seat_name(names, seat)}, LABEL),
            GROUPS["ask"],
            menu=True,
        )
        for seat in seats
    ]


def applies(view: QuestView, actions: Sequence[Action], draft: str | None) -> bool:
    """The hand is the help builder: its draft is one and a call for help is still legal."""
    return draft is not None and parse(draft) is not None and bool(asks_of(actions))


def _fit(want: Ask, legal: dict[Ask, Action]) -> Ask | None:
    """``want`` while legal; else the same seat for no share, else nobody (the builder is
    gone: the fight moved on)."""
    if want in legal:
        return want
    same = [a for a in legal if a.seat == want.seat]
    return (
        (Ask(want.seat, NO_SHARE) if Ask(want.seat, NO_SHARE) in legal else same[0])
        if same
        else None
    )


def builder(
    match_id: int,
    version: int,
    view: QuestView,
    actions: Sequence[Action],
    names: Sequence[str],
    draft: str | None,
) -> Built | None:
    legal = asks_of(actions)
    parsed = parse(draft) if draft else None
    now = _fit(parsed[0], legal) if parsed is not None else None
    if now is None:
        return None
    name = seat_name(names, now.seat)
    share = share_words(now.share)

    def cid(key: str) -> str:
        return ids.make_custom_id(match_id, version, key)

    def select(part: str, holder: str, values: list[tuple[str, Ask]], row: int) -> SelectSpec:
        options = tuple(OptionSpec(clip(label, LABEL), a.key()) for label, a in values)
        return SelectSpec(cid(now.key(part)), clip(holder, 150), options[:MAX_OPTIONS], row)

    seats = list(dict.fromkeys(a.seat for a in legal))
    selects: list[SelectSpec] = []
    if len(seats) > 1:
        values = []
        for seat in seats:
            kept = _fit(now._replace(seat=seat), legal)
            if kept is not None:
                values.append((fit(words.HA_WHO, {"name": seat_name(names, seat)}, LABEL), kept))
        selects.append(select(WHO, words.HA_WHO_NOW.format(name=name), values, len(selects)))
    shares = [a for a in legal if a.seat == now.seat]
    offers = [(words.HA_OFFER.format(share=share_words(a.share)), a) for a in shares]
    selects.append(select(SHARE, words.HA_SHARE_NOW.format(share=share), offers, len(selects)))
    row = len(selects)
    buttons = (
        ButtonSpec(send_label(now, names), cid(now.key(SEND)), Style.SUCCESS, row),
        ButtonSpec(words.HA_BACK, cid(now.key(BACK)), Style.SECONDARY, row),
    )
    mons = and_([monster_name(m) or "?" for m in fight_monsters(view)]) or "a monster"
    line = words.HA_LINE.format(name=name, monsters=mons, share=share)
    return Built(f"**{line}**\n{words.HA_HOW}", buttons, tuple(selects), alone=True)


def send_label(ask: Ask, names: Sequence[str]) -> str:
    """ "Ask Bob to help, offering your Rusty Dagger", shortened until it fits a phone."""
    name = clip(seat_name(names, ask.seat), NAME)
    if ask.share == NO_SHARE:
        return fit(words.HA_SEND_NONE, {"name": name}, LABEL)
    values = {"name": name, "share": share_words(ask.share)}
    long = words.HA_SEND.format(**values)
    return long if len(long) <= LABEL else fit(words.HA_SEND_SHORT, values, LABEL)


def draft_step(
    key: str, view: QuestView, actions: Sequence[Action], values: Sequence[str] = ()
) -> DraftStep:
    parsed = parse(key)
    legal = asks_of(actions)
    if parsed is None or not legal:
        return DraftStep()  # not a builder the seat may use now: stale
    ask, tail = parsed
    if tail == [BACK]:
        return DraftStep(draft=DRAFT_PREFIX)  # the hand without the builder
    if tail == [SEND]:
        action = legal.get(ask)
        return DraftStep(play=(action.key,)) if action else DraftStep(refusal=words.HA_GONE)
    if not tail or (len(tail) == 1 and tail[0] in PARTS):
        kept = _fit(ask, legal)
        return DraftStep(draft=kept.key()) if kept is not None else DraftStep()
    return DraftStep()


def next_press(controls: Sequence[tuple[str, tuple[str, ...], bool]], key: str) -> Press | None:
    """The next tap a person makes towards the legal ``ask`` action ``key`` (the bench and
    the tests play through it): the seat's entry on the hand, then the builder's parts and
    Send; ``None``: not an ask, or nothing drawn leads to it."""
    try:
        target = share_of(Action.from_key(0, key))
    except ValueError:
        return None
    if target is None:
        return None
    drawn = []
    for custom_id, values, on in controls:
        parsed = ids.parse_custom_id(custom_id)
        found = parse(parsed.key) if parsed is not None else None
        drawn.append((custom_id, found, values, on))
    sends = [(c, f[0]) for c, f, _, on in drawn if f is not None and f[1] == [SEND] and on]
    if not sends:  # the hand as it opens: the seat's entry, a button or a select's option
        for custom_id, found, values, on in drawn:
            if found is not None and not found[1] and found[0].seat == target.seat and on:
                return Press(custom_id)
            for value in values if on else ():
                chosen = parse(value)
                if chosen is not None and not chosen[1] and chosen[0].seat == target.seat:
                    return Press(custom_id, value)
        return None
    custom_id, now = sends[0]
    if now == target:
        return Press(custom_id, plays=True)
    part = WHO if now.seat != target.seat else SHARE
    for c, found, values, on in drawn:
        if found is None or found[1] != [part] or not on:
            continue
        for value in values:
            chosen = parse(value)
            if chosen is None:
                continue
            if (part == WHO and chosen[0].seat == target.seat) or chosen[0] == target:
                return Press(c, value)
    return None
