"""Quest's trade terms built a part at a time (issue 27.5), as classic's bargain builder: the
engine lists the terms a seat may name (``trade.offers``: an item for an item, an item for
gold or as a gift, gold for an item, gold alone) as one ``offer`` each, 31 of them in two
same-named selects before. The builder shows three selects, each naming people ("Give your
Sword of Meh", "Ask for Bob's Helmet", "Bob pays 100 gold"), **Send the offer** and
**Withdraw**: any terms in at most four taps (what you give, what you ask for, the gold,
Send).

The state between taps lives in the controls' custom ids (``draft-qt.<give>.<get>.<gold>``,
``bot/render/drafts.py``) and with the live hand's drawing, so a press after a restart lands
where it was. Send plays the legal ``offer`` whose terms are the ones built; terms no legal
action has are refused in words (``draft_step``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.games.quest import words
from bot.games.quest.cards import card_name, seat_name
from bot.render import ids
from bot.render.drafts import DRAFT_PREFIX, Built, DraftStep
from bot.render.model import MAX_OPTIONS, ButtonSpec, OptionSpec, SelectSpec, Style, clip
from engine.core import Action
from engine.quest.moves import MOVES
from engine.quest.view import QuestView

TAG = "qt"
NONE = -1  # no item that way (the engine's NOTHING on the wire)
GIVE, GET, GOLD, SEND = "a", "b", "g", "go"
PARTS = (GIVE, GET, GOLD)
LABEL = 40  # issue 18: every label a phone shows in full


class Terms(NamedTuple):
    give: int  # my item, or NONE
    get: int  # the partner's item, or NONE
    gold: int  # > 0: I pay it; < 0: the partner pays it

    def key(self, *tail: str) -> str:
        return ".".join((f"{DRAFT_PREFIX}{TAG}", *map(_enc, self), *tail))


def _enc(n: int) -> str:
    return str(n) if n >= 0 else f"n{-n}"


def _dec(text: str) -> int | None:
    raw = text[1:] if text.startswith("n") else text
    if not raw.isdigit():
        return None
    return -int(raw) if text.startswith("n") else int(raw)


def terms_of(actions: Sequence[Action]) -> tuple[int | None, dict[Terms, Action]]:
    """The partner and the legal terms by what they are (every ``offer`` names one partner
    while terms are asked of a seat)."""
    out: dict[Terms, Action] = {}
    partner: int | None = None
    for action in actions:
        if action.kind != "offer":
            continue
        a = MOVES["offer"].named(action)
        seat, give, get, gold = a.get("seat"), a.get("give"), a.get("get"), a.get("gold")
        if not all(isinstance(v, int) for v in (seat, give, get, gold)):
            continue
        assert isinstance(seat, int) and isinstance(give, int)
        assert isinstance(get, int) and isinstance(gold, int)
        partner = seat
        out[Terms(give, get, gold)] = action
    return partner, out


def parse(key: str) -> tuple[Terms, list[str]] | None:
    if not key.startswith(f"{DRAFT_PREFIX}{TAG}."):
        return None
    parts = key[len(DRAFT_PREFIX) :].split(".")
    if len(parts) < 4:
        return None
    found = [_dec(p) for p in parts[1:4]]
    if any(v is None for v in found):
        return None
    give, get, gold = (int(v) for v in found if v is not None)
    return Terms(give, get, gold), parts[4:]


def owns(key: str) -> bool:
    """Whether ``key`` is one of this builder's draft keys (``builders.PartBuilder``)."""
    return parse(key) is not None


def applies(view: QuestView, actions: Sequence[Action], draft: str | None) -> bool:
    """The seat names trade terms now (the engine's ``terms`` question)."""
    pending = view.pending
    ok = pending is not None and pending.kind == "terms" and pending.seat == view.seat
    return ok and bool(terms_of(actions)[1])


def _fit(want: Terms, legal: dict[Terms, Action], keep: str) -> Terms:
    """The legal terms nearest to ``want``, the part just set (``keep``) kept when it can be;
    ``want`` itself while it is not yet a whole offer (nothing given, asked or paid)."""
    if want in legal or want == Terms(NONE, NONE, 0):
        return want
    field = {GIVE: 0, GET: 1, GOLD: 2}[keep]
    same = [t for t in legal if t[field] == want[field]] or list(legal)
    return min(
        same,
        key=lambda t: (t.give != want.give, t.get != want.get, abs(t.gold - want.gold)),
    )


def builder(
    match_id: int,
    version: int,
    view: QuestView,
    actions: Sequence[Action],
    names: Sequence[str],
    draft: str | None,
) -> Built | None:
    partner, legal = terms_of(actions)
    if partner is None or not legal:
        return None
    parsed = parse(draft) if draft else None
    now = parsed[0] if parsed else Terms(NONE, NONE, 0)
    if now != Terms(NONE, NONE, 0) and now not in legal:
        now = _fit(now, legal, GOLD)
    other = seat_name(names, partner)

    def cid(key: str) -> str:
        return ids.make_custom_id(match_id, version, key)

    def select(part: str, holder: str, values: list[tuple[str, Terms]], row: int) -> SelectSpec:
        options = tuple(OptionSpec(clip(label, LABEL), t.key()) for label, t in values)
        return SelectSpec(cid(now.key(part)), clip(holder, 150), options[:MAX_OPTIONS], row)

    gives = sorted({t.give for t in legal})
    gets = sorted({t.get for t in legal})
    golds = sorted({t.gold for t in legal if t.give == now.give and t.get == now.get} | {0})
    selects = [
        select(
            GIVE,
            words.TT_GIVE_NOW.format(what=_card_or_none(now.give)),
            [(_give(g), _fit(now._replace(give=g), legal, GIVE)) for g in gives],
            0,
        ),
        select(
            GET,
            words.TT_GET_NOW.format(name=other, what=_card_or_none(now.get)),
            [(_get(g, other), _fit(now._replace(get=g), legal, GET)) for g in gets],
            1,
        ),
    ]
    if len(golds) > 1:
        values = [(_gold(g, other), _fit(now._replace(gold=g), legal, GOLD)) for g in golds]
        selects.append(
            select(GOLD, words.TT_GOLD_NOW.format(what=_gold(now.gold, other)), values, 2)
        )
    send = ButtonSpec(
        words.TT_SEND, cid(now.key(SEND)), Style.SUCCESS, 3, disabled=now not in legal
    )
    buttons = [send]
    withdraw = next((a for a in actions if a.kind == "withdraw"), None)
    if withdraw is not None:
        buttons.append(ButtonSpec(words.TT_WITHDRAW, cid(withdraw.key), Style.SECONDARY, 3))
    line = words.TT_LINE.format(name=other, terms=terms_words(now, other))
    return Built(f"**{line}**\n{words.TT_HOW}", tuple(buttons), tuple(selects), alone=True)


def terms_words(t: Terms, other: str) -> str:
    parts = []
    if t.give != NONE:
        parts.append(words.TT_PART_GIVE.format(card=card_name(t.give) or "?"))
    if t.get != NONE:
        parts.append(words.TT_PART_GET.format(name=other, card=card_name(t.get) or "?"))
    if t.gold:
        parts.append(_gold(t.gold, other).lower() if t.gold > 0 else _gold(t.gold, other))
    return ", ".join(parts) or words.TT_NOTHING_YET


def _card_or_none(card: int) -> str:
    return words.TT_NO_ITEM if card == NONE else card_name(card) or "?"


def _give(card: int) -> str:
    if card == NONE:
        return words.TT_GIVE_NONE
    return words.TT_GIVE.format(card=card_name(card) or "?")


def _get(card: int, other: str) -> str:
    if card == NONE:
        return words.TT_GET_NONE.format(name=clip(other, words.TT_NAME))
    return words.TT_GET.format(name=clip(other, words.TT_NAME), card=card_name(card) or "?")


def _gold(gold: int, other: str) -> str:
    if gold > 0:
        return words.TT_PAY.format(gold=gold)
    if gold < 0:
        return words.TT_ASK.format(name=clip(other, words.TT_NAME), gold=-gold)
    return words.TT_NO_GOLD


def draft_step(
    key: str, view: QuestView, actions: Sequence[Action], values: Sequence[str] = ()
) -> DraftStep:
    parsed = parse(key)
    _, legal = terms_of(actions)
    if parsed is None or not legal:
        return DraftStep()  # not a builder the seat is using now: stale
    terms, tail = parsed
    if not tail or (len(tail) == 1 and tail[0] in PARTS):
        return DraftStep(draft=terms.key())
    if tail == [SEND]:
        action = legal.get(terms)
        if action is None:
            return DraftStep(refusal=words.TT_GONE)
        return DraftStep(play=(action.key,))
    return DraftStep()


class Press(NamedTuple):
    """One tap on a drawn builder: a button (``value`` None) or a select's option."""

    custom_id: str
    value: str | None = None
    plays: bool = False


def next_press(controls: Sequence[tuple[str, tuple[str, ...], bool]], key: str) -> Press | None:
    """The next tap a person makes on the drawn builder (custom id, option values, enabled)
    towards the legal ``offer`` action ``key`` (the bench and the tests play through it);
    ``None``: not this builder, or not an offer."""
    kind, _, rest = key.partition(".")
    args = [_dec(p) for p in rest.split(".")]
    if kind != "offer" or len(args) != 4 or any(a is None for a in args):
        return None
    target = Terms(*(int(a) for a in args[1:] if a is not None))
    drawn = []
    for custom_id, values, on in controls:
        parsed = ids.parse_custom_id(custom_id)
        found = parse(parsed.key) if parsed is not None else None
        if found is not None:
            drawn.append((custom_id, found, values, on))
    sends = [(c, f[0], on) for c, f, _, on in drawn if f[1] == [SEND]]
    if not sends:
        return None
    custom_id, now, on = sends[0]
    if now == target and on:
        return Press(custom_id, plays=True)
    for part, index in ((GIVE, 0), (GET, 1), (GOLD, 2)):
        if now[index] == target[index]:
            continue
        for c, found, values, enabled in drawn:
            if found[1] != [part] or not enabled:
                continue
            for value in values:
                chosen = parse(value)
                if chosen is not None and chosen[0][index] == target[index]:
                    return Press(c, value)
    return None
