"""Quest's "Buy a level…" built, not listed (issue 27.5; R131): the engine lists one
``buy_level`` per set of items that pays for a level with the seat's gold topping up (copies
of a card interchangeable, no item the others do without: ``rules/items.sales``), up to 558
in one hand of a seeded heuristic match, paged over selects of 25. While there are at most
``FEW`` such sets each stays one option ("Level: sell Pointy Hat + Lucky Ring", one tap);
past that the hand lists one entry, **Buy a level…**, opening a builder: one several-value
select of the items any sale may take ("Choose the items to sell", each with its gold value
and where it is), a line with the chosen items' worth against the 1,000 a level costs (what
the gold pays, what is lost, or why the set buys nothing), **Buy a level** (enabled when the
set is one of the engine's) and **◀ Back**: any sale in three taps (the entry, the items,
Buy). Selling for gold alone stays its own option.

The state between taps is the draft key ``draft-qb.<items>.<part>`` (``picks.enc``). Buy
plays the legal ``buy_level`` whose items are the ones chosen (a copy standing for a copy);
a set no legal sale has is refused in words and changes nothing (``draft_step``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.games.quest import level_words as lw
from bot.games.quest import picks, words
from bot.games.quest.cards import card_def, card_name, content, seat_of
from bot.render import ids
from bot.render.controls import Control
from bot.render.drafts import DRAFT_PREFIX, Built, DraftStep
from bot.render.model import ButtonSpec, OptionSpec, SelectSpec, Style, clip
from engine.core import Action
from engine.quest.rules.items import LEVEL_PRICE
from engine.quest.view import QuestView

TAG = "qb"
ITEMS, SEND, BACK = "c", "go", "back"
FEW = 3  # sales listed one option each; past this, the builder
LABEL = 40  # issue 18: every label a phone shows in full
Sales = dict[frozenset[int], Action]
Drawn = tuple[str, tuple[tuple[int, ...], list[str]] | None, tuple[str, ...], bool]


def sales_of(actions: Sequence[Action]) -> Sales:
    """The legal sales of items (not of gold alone) by the items each sells."""
    found = picks.by_cards(actions, "buy_level", "card")
    return {items: a for items, a in found.items() if items}


def offered(view: QuestView, sales: Sales) -> tuple[int, ...]:
    """The items any sale may take, dearest first (the hand's before those in play)."""
    every = set().union(*sales) if sales else set()
    hand = set(view.hand)
    return tuple(sorted(every, key=lambda c: (-_value(c), c not in hand, card_name(c) or "", c)))


def builds(view: QuestView, actions: Sequence[Action]) -> bool:
    """The hand shows Buy a level… rather than one option per sale: more than ``FEW``, and
    every item fits one select and a key."""
    sales = sales_of(actions)
    items = offered(view, sales)
    if len(sales) <= FEW or max(items) >= picks.MOST_CARDS:
        return False
    return len(picks.groups(view.hand, items)) <= picks.MOST_SELECTS


def listed(view: QuestView, actions: Sequence[Action]) -> list[Action]:
    """``actions`` without the sales the builder makes (``renderer.controls``)."""
    if not builds(view, actions):
        return list(actions)
    return [a for a in actions if a.kind != "buy_level" or not picks.cards_of(a, "card")]


def entries(view: QuestView, actions: Sequence[Action]) -> list[Control]:
    if not builds(view, actions):
        return []
    return [Control(key(()), lw.LS_ENTRY, words.G_MORE, lw.LS_ENTRY_WHAT, menu=True)]


def key(items: Sequence[int], *tail: str) -> str:
    return picks.draft_key(TAG, items, *tail)


def parse(text: str) -> tuple[tuple[int, ...], list[str]] | None:
    return picks.parse_draft(TAG, text)


def owns(key: str) -> bool:
    """Whether ``key`` is one of this builder's draft keys (``builders.PartBuilder``)."""
    return parse(key) is not None


def applies(view: QuestView, actions: Sequence[Action], draft: str | None) -> bool:
    return draft is not None and parse(draft) is not None and builds(view, actions)


def match(sales: Sales, items: Sequence[int]) -> Action | None:
    """The legal sale of ``items``: the same cards, else the same cards by name (the engine
    lists one copy of a card for all its copies)."""
    exact = sales.get(frozenset(items))
    if exact is not None or not items:
        return exact
    want = Counter(card_name(c) for c in items)
    return next((a for s, a in sales.items() if Counter(card_name(c) for c in s) == want), None)


def _value(card: int) -> int:
    return int(getattr(card_def(card), "value", 0) or 0)


def _halfling(view: QuestView) -> bool:
    me = seat_of(view, view.seat)
    cid = content().cid
    return me is not None and any(0 <= r < len(cid) and cid[r] == "halfling" for r in me.roles)


def _gold(view: QuestView) -> int:
    me = seat_of(view, view.seat)
    return me.gold if me is not None else 0


def why_not(view: QuestView, items: Sequence[int]) -> str:
    """Why a chosen set buys no level: too little, an item not needed, or not together."""
    worth = sum(_value(c) for c in items)
    best = worth + (max(map(_value, items), default=0) if _halfling(view) else 0)
    gold = _gold(view)
    if best + gold < LEVEL_PRICE:
        return lw.LS_SHORT.format(gold=f"{gold:,}", short=f"{LEVEL_PRICE - best - gold:,}")
    extra = next((c for c in items if worth - _value(c) >= LEVEL_PRICE), None)
    if extra is not None:
        return lw.LS_EXTRA.format(card=card_name(extra) or "?")
    return lw.LS_NOT_TOGETHER


def builder(
    match_id: int,
    version: int,
    view: QuestView,
    actions: Sequence[Action],
    names: Sequence[str],
    draft: str | None,
) -> Built | None:
    sales = sales_of(actions)
    parsed = parse(draft) if draft else None
    if parsed is None or not builds(view, actions):
        return None
    items = offered(view, sales)
    chosen = tuple(c for c in items if c in parsed[0])  # in the select's order

    def cid(*tail: str) -> str:
        return ids.make_custom_id(match_id, version, key(chosen, *tail))

    hand = set(view.hand)

    def option(c: int) -> OptionSpec:
        where = lw.LS_IN_HAND if c in hand else lw.LS_IN_PLAY
        name = clip(card_name(c) or "?", LABEL)
        return OptionSpec(name, str(c), where.format(value=f"{_value(c):,}"), default=c in chosen)

    parts = picks.groups(view.hand, items)
    legal = match(sales, chosen) is not None
    try:
        selects = tuple(
            SelectSpec(
                cid(f"{ITEMS}{n}"),
                lw.LS_CHOOSE_AT[where] if where else lw.LS_CHOOSE,
                tuple(map(option, cards)),
                n,
                int(len(parts) == 1),  # apart, a select may keep none of its cards
                len(cards),
            )
            for n, (where, cards) in enumerate(parts)
        )
        row = len(parts)
        buy = ButtonSpec(lw.LS_SEND, cid(SEND), Style.SUCCESS, row, disabled=not legal)
        back = ButtonSpec(words.HA_BACK, cid(BACK), Style.SECONDARY, row)
    except ValueError:
        return None  # a key past Discord's 100 characters: the plain options serve
    return Built(_line(view, chosen, legal), (buy, back), selects, alone=True)


def _line(view: QuestView, chosen: Sequence[int], legal: bool) -> str:
    gold = _gold(view)
    if not chosen:
        return f"**{lw.LS_OPEN}**\n{lw.LS_HOW.format(gold=f'{gold:,}')}"
    worth = sum(_value(c) for c in chosen)
    said = lw.LS_LINE.format(cards=picks.names(chosen), worth=f"{worth:,}")
    if not legal:
        how = why_not(view, chosen)
    elif worth > LEVEL_PRICE:
        how = lw.LS_OVER.format(over=f"{worth - LEVEL_PRICE:,}")
    elif worth == LEVEL_PRICE:
        how = lw.LS_EXACT
    elif _halfling(view) and worth + gold < LEVEL_PRICE:
        how = lw.LS_HALFLING
    else:
        how = lw.LS_PAYS.format(rest=f"{LEVEL_PRICE - worth:,}", gold=f"{gold:,}")
    return f"**{said}**\n{how}"


def draft_step(
    text: str, view: QuestView, actions: Sequence[Action], values: Sequence[str]
) -> DraftStep:
    parsed = parse(text)
    if parsed is None or not builds(view, actions):
        return DraftStep()  # no sale the builder makes now: stale
    sales = sales_of(actions)
    items, tail = parsed
    if not set(items) <= set(offered(view, sales)):
        return DraftStep(refusal=lw.LS_GONE)
    if tail == [BACK]:
        return DraftStep(draft=DRAFT_PREFIX)  # the hand without the builder
    if not tail:
        return DraftStep(draft=key(items))
    n = picks.part(tail, ITEMS)
    if n is not None:
        parts = picks.groups(view.hand, offered(view, sales))
        chosen = picks.chosen(values)
        if n >= len(parts) or chosen is None or not set(chosen) <= set(parts[n][1]):
            return DraftStep(refusal=lw.LS_GONE)
        if len(parts) == 1 and not chosen:  # one select asks at least one
            return DraftStep(refusal=lw.LS_GONE)
        return DraftStep(draft=key(picks.replaced(items, parts[n][1], chosen)))
    if tail == [SEND]:
        action = match(sales, items)
        if action is None:
            return DraftStep(refusal=why_not(view, items) if items else lw.LS_GONE)
        return DraftStep(play=(action.key,))
    return DraftStep()


def next_press(controls: picks.Drawn, action_key: str) -> picks.Press | None:
    """The next tap a person makes towards the legal ``buy_level`` ``action_key`` (the bench
    and the tests play through it): the hand's Buy a level… entry, the items, Buy; ``None``:
    not a sale of items, or nothing drawn leads to it."""
    try:
        target = Action.from_key(0, action_key)
    except ValueError:
        return None
    if target.kind != "buy_level" or not picks.cards_of(target, "card"):
        return None
    want = picks.cards_of(target, "card")
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
        if not on:
            continue
        for value in values:
            opened = parse(value)
            if opened is not None and not opened[1]:
                return picks.Press(custom_id, (value,))
    return None


def _pick(drawn: Sequence[Drawn], now: set[int], want: frozenset[int]) -> picks.Press | None:
    """The first select whose cards are not chosen as ``want`` has them, pressed so."""
    for custom_id, found, values, on in drawn:
        if found is None or picks.part(found[1], ITEMS) is None or not on:
            continue
        mine = {int(v) for v in values}
        if now & mine != want & mine:
            return picks.Press(custom_id, tuple(str(c) for c in sorted(want & mine)))
    return None
