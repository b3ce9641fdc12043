"""Quest's "Mend…" built, not listed (issue 27.5): a hurt Cleric may discard any two cards,
from the hand or in play, its race and class cards too, to heal 1 Health (R31, SPEC 3.14.6
Cleric); the engine lists one ``mend`` per pair, 378 in one hand of a seeded heuristic
match (28 cards). While there are at most ``FEW`` pairs each stays one option ("Mend: Torch +
Rusty Dagger"); past that the hand lists one entry, **Mend…**, opening a builder: one select
of two values, "Choose the 2 cards to discard" (each saying where it is and what it is), a
line naming the two, **Mend: discard both** and **◀ Back**: any pair in three taps (the
entry, the two cards, Mend).

The state between taps is the draft key ``draft-qm.<cards>.<part>`` (``picks.enc``). Mend
plays the legal ``mend`` of the two chosen; two no legal ``mend`` has (a card gone from the
hand meanwhile, a forged value) are refused in words and change nothing."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.quest import level_words as lw
from bot.games.quest import picks, words
from bot.games.quest.cards import card_name, seat_of
from bot.games.quest.controls import card_description
from bot.render import ids
from bot.render.controls import Control
from bot.render.drafts import DRAFT_PREFIX, Built, DraftStep
from bot.render.model import ButtonSpec, OptionSpec, SelectSpec, Style, clip
from engine.core import Action
from engine.quest.view import QuestView

TAG = "qm"
CARDS, SEND, BACK = "c", "go", "back"
FEW = 3  # pairs listed one option each (three cards); past this, the builder
LABEL = 40  # issue 18: every label a phone shows in full
Pairs = dict[frozenset[int], Action]
Drawn = tuple[str, tuple[tuple[int, ...], list[str]] | None, tuple[str, ...], bool]


def pairs_of(actions: Sequence[Action]) -> Pairs:
    return picks.by_cards(actions, "mend", "card", "item")


def fodder(actions: Sequence[Action]) -> tuple[int, ...]:
    """The cards a pair may take, in the engine's order (the hand, in play, race and class)."""
    out: dict[int, None] = {}
    for action in actions:
        if action.kind == "mend":
            out.update(dict.fromkeys(int(v) for v in action.args if isinstance(v, int)))
    return tuple(out)


def builds(actions: Sequence[Action], hand: Sequence[int]) -> bool:
    """The hand shows Mend… rather than one option per pair: more than ``FEW``, and every
    card fits one select and a key."""
    cards = fodder(actions)
    if len(pairs_of(actions)) <= FEW or max(cards) >= picks.MOST_CARDS:
        return False
    return len(picks.groups(hand, cards)) <= picks.MOST_SELECTS


def listed(actions: Sequence[Action], hand: Sequence[int]) -> list[Action]:
    """``actions`` without the pairs the builder makes (``renderer.controls``)."""
    return [a for a in actions if a.kind != "mend"] if builds(actions, hand) else list(actions)


def entries(actions: Sequence[Action], hand: Sequence[int]) -> list[Control]:
    if not builds(actions, hand):
        return []
    return [Control(key(()), lw.MD_ENTRY, words.G_MORE, lw.MD_ENTRY_WHAT, menu=True)]


def key(cards: Sequence[int], *tail: str) -> str:
    return picks.draft_key(TAG, cards, *tail)


def parse(text: str) -> tuple[tuple[int, ...], list[str]] | None:
    parsed = picks.parse_draft(TAG, text)
    return parsed if parsed is not None and len(parsed[0]) <= 2 else None  # a pair at most


def owns(key: str) -> bool:
    """Whether ``key`` is one of this builder's draft keys (``builders.PartBuilder``)."""
    return parse(key) is not None


def applies(view: QuestView, actions: Sequence[Action], draft: str | None) -> bool:
    return draft is not None and parse(draft) is not None and builds(actions, view.hand)


def _where(view: QuestView, card: int) -> str:
    if card in view.hand:
        return lw.MD_IN_HAND
    me = seat_of(view, view.seat)
    return lw.MD_ROLE if me is not None and card in me.roles else lw.MD_IN_PLAY


def builder(
    match_id: int,
    version: int,
    view: QuestView,
    actions: Sequence[Action],
    names: Sequence[str],
    draft: str | None,
) -> Built | None:
    parsed = parse(draft) if draft else None
    if parsed is None or not builds(actions, view.hand):
        return None
    pairs = pairs_of(actions)
    cards = fodder(actions)
    chosen = tuple(c for c in cards if c in parsed[0])  # in the select's order
    whole = frozenset(chosen) in pairs

    def cid(*tail: str) -> str:
        return ids.make_custom_id(match_id, version, key(chosen, *tail))

    def option(card: int) -> OptionSpec:
        what = card_description(card)
        about = clip(f"{_where(view, card)} · {what}" if what else _where(view, card), 100)
        name = clip(card_name(card) or "?", LABEL)
        return OptionSpec(name, str(card), about, default=card in chosen)

    parts = picks.groups(view.hand, cards)
    try:
        selects = tuple(
            SelectSpec(
                cid(f"{CARDS}{n}"),
                lw.MD_CHOOSE_AT[where] if where else lw.MD_CHOOSE,
                tuple(map(option, group)),
                n,
                2 if len(parts) == 1 else 0,  # apart, a select may keep none of its cards
                min(2, len(group)),
            )
            for n, (where, group) in enumerate(parts)
        )
        row = len(parts)
        send = ButtonSpec(lw.MD_SEND, cid(SEND), Style.SUCCESS, row, disabled=not whole)
        back = ButtonSpec(words.HA_BACK, cid(BACK), Style.SECONDARY, row)
    except ValueError:
        return None  # a key past Discord's 100 characters: the plain options serve
    return Built(
        _line(view, chosen if whole or len(chosen) == 1 else ()), (send, back), selects, alone=True
    )


def _line(view: QuestView, chosen: Sequence[int]) -> str:
    if len(chosen) == 1:  # the other select's card still to choose (cards apart)
        return f"**{lw.MD_ONE.format(card=picks.names(chosen))}**"
    if chosen:
        return f"**{lw.MD_LINE.format(cards=picks.names(chosen))}**"
    me = seat_of(view, view.seat)
    health, top = (max(0, me.health - me.hits), me.health) if me is not None else (0, 0)
    return f"**{lw.MD_OPEN}**\n{lw.MD_HOW.format(health=health, max=top)}"


def draft_step(
    text: str, view: QuestView, actions: Sequence[Action], values: Sequence[str]
) -> DraftStep:
    parsed = parse(text)
    if parsed is None or not builds(actions, view.hand):
        return DraftStep()  # no mending the builder makes now: stale
    pairs = pairs_of(actions)
    cards, tail = parsed
    if not set(cards) <= set(fodder(actions)):
        return DraftStep(refusal=lw.MD_GONE)
    if tail == [BACK]:
        return DraftStep(draft=DRAFT_PREFIX)  # the hand without the builder
    if not tail:
        return DraftStep(draft=key(cards))
    n = picks.part(tail, CARDS)
    if n is not None:
        parts = picks.groups(view.hand, fodder(actions))
        chosen = picks.chosen(values)
        if n >= len(parts) or chosen is None or not set(chosen) <= set(parts[n][1]):
            return DraftStep(refusal=lw.MD_GONE)
        if len(parts) == 1 and len(chosen) != 2:
            return DraftStep(refusal=lw.MD_GONE)
        now = picks.replaced(cards, parts[n][1], chosen)
        return DraftStep(draft=key(now[-2:]))  # the last two chosen: a pair at most
    if tail == [SEND]:
        action = pairs.get(frozenset(cards)) if len(cards) == 2 else None
        return DraftStep(play=(action.key,)) if action else DraftStep(refusal=lw.MD_GONE)
    return DraftStep()


def next_press(controls: picks.Drawn, action_key: str) -> picks.Press | None:
    """The next tap a person makes towards the legal ``mend`` ``action_key`` (the bench and
    the tests play through it): the hand's Mend… entry, the two cards, Mend; ``None``: not a
    mend, or nothing drawn leads to it."""
    try:
        target = Action.from_key(0, action_key)
    except ValueError:
        return None
    if target.kind != "mend":
        return None
    want = picks.cards_of(target, "card", "item")
    drawn: list[Drawn] = []
    for custom_id, values, on in controls:
        parsed = ids.parse_custom_id(custom_id)
        found = parse(parsed.key) if parsed is not None else None
        drawn.append((custom_id, found, values, on))
    for custom_id, found, _, on in drawn:
        if found is not None and found[1] == [SEND]:
            if frozenset(found[0]) == want and on:
                return picks.Press(custom_id, plays=True)
            return _pick(drawn, set(found[0]), want)
    for custom_id, _, values, on in drawn:  # the hand: the entry, a select's option
        for value in values if on else ():
            opened = parse(value)
            if opened is not None and not opened[1] and not opened[0]:
                return picks.Press(custom_id, (value,))
    return None


def _pick(drawn: Sequence[Drawn], now: set[int], want: frozenset[int]) -> picks.Press | None:
    """The first select whose cards are not chosen as ``want`` has them, pressed so (the
    pair's cards in it; a select holding neither is pressed empty only to clear it)."""
    for custom_id, found, values, on in drawn:
        if found is None or picks.part(found[1], CARDS) is None or not on:
            continue
        mine = {int(v) for v in values}
        if now & mine != want & mine:
            return picks.Press(custom_id, tuple(str(c) for c in sorted(want & mine)))
    return None
