"""The trade builder (# 004: Items (Trading), Coins): an item offer built a part at a time
instead of picked from a list of every swap.

The engine lists an item offer as one action per combination (``offer``: partner × your
item × their item or nothing) and coins a coin at a time (``add_gold`` / ``ask_gold``;
``engine/classic/rules/trade.py``). The hand shows instead your item (buttons, or a select
past five), what you ask for (a select: each other player's items by name, or nothing from
them), the gold (a select: what you add, or what the partner adds) and Send, so any offer
takes at most four taps. Off your turn the hand's trade moves list one entry per item
("Trade away …"), which opens the builder with that item chosen; on your own turn, once
"Deal with …" opened the deal, the hand is the builder.

Send plays the moves the offer stands for, in the engine's order (``plan``, the one place
that decides): off your turn the offer, then its coins; in a deal the coins, then the
offer. The service plays them all or none (``MatchService.act_all``): each must be legal in
the state the ones before it leave.

The state between taps is the controls' custom ids: ``draft-x.<partner>.<item>.<asked>.<gold>``
(``_`` not chosen yet; asked ``n`` for nothing; gold ``0``, ``m<n>`` you add, ``t<n>`` the
partner adds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from bot.games.classic import words
from bot.games.classic.bargain import Press
from bot.games.classic.cards_text import name_of, seat_name, short
from bot.render import ids
from bot.render.drafts import DRAFT_PREFIX, Built, DraftStep
from bot.render.model import MAX_OPTIONS, MAX_PER_ROW, ButtonSpec, OptionSpec, SelectSpec, Style
from bot.render.model import clip as _clip
from engine.classic.moves import MOVES
from engine.classic.state import ClassicState
from engine.classic.table import COIN
from engine.classic.views import ClassicView
from engine.core import Action, Game
from engine.core.nothing import NOTHING

TAG = "x"
SEND, BACK, ITEM, ASK, COINS = "go", "back", "i", "a", "c"
PARTS = (ITEM, ASK, COINS)
UNSET = None
LABEL = 40  # issue 18: every label a phone shows in full
NAME = 20  # a name inside a label
MOST_COINS = 12  # coin steps per side in the gold select (two sides and "no gold": 25)


class Trade(NamedTuple):
    """An offer as built: the partner, your item, the item asked for (-1: nothing), and the
    coins (positive: you add them; negative: the partner adds them)."""

    partner: int | None = None
    mine: int | None = None
    theirs: int | None = None
    gold: int = 0

    def key(self, *tail: str) -> str:
        def part(value: int | None) -> str:
            return "_" if value is None else "n" if value == NOTHING else str(value)

        gold = "0" if not self.gold else f"m{self.gold}" if self.gold > 0 else f"t{-self.gold}"
        fields = (part(self.partner), part(self.mine), part(self.theirs), gold)
        return ".".join((f"{DRAFT_PREFIX}{TAG}", *fields, *tail))

    @property
    def ready(self) -> bool:
        return None not in (self.partner, self.mine, self.theirs)


def parse(key: str) -> tuple[Trade, list[str]] | None:
    """A trade draft key read back: the offer it carries and what follows it."""
    if not key.startswith(DRAFT_PREFIX):
        return None
    parts = key[len(DRAFT_PREFIX) :].split(".")
    if len(parts) < 5 or parts[0] != TAG:
        return None

    fields: list[int | None] = []
    for text in parts[1:4]:
        if text not in ("_", "n") and not text.isdigit():
            return None
        fields.append(None if text == "_" else NOTHING if text == "n" else int(text))
    gold_text = parts[4]
    if gold_text == "0":
        gold = 0
    elif gold_text[:1] in ("m", "t") and gold_text[1:].isdigit():
        gold = int(gold_text[1:]) * (1 if gold_text[0] == "m" else -1)
    else:
        return None
    partner, mine, theirs = fields
    if partner == NOTHING or mine == NOTHING:
        return None
    trade = Trade(partner, mine, theirs, gold)
    return trade, parts[5:]


class Context(NamedTuple):
    """Where the seat trades from: ``swaps`` every (partner, your item, their item) it may
    offer; ``deal`` true inside its own turn's deal (coins drafted before the offer)."""

    seat: int
    swaps: tuple[tuple[int, int, int], ...]
    deal: bool


def context(v: ClassicView, actions: Sequence[Action]) -> Context | None:
    """The item offers ``actions`` hold (an off-turn offer, or the offer closing a deal)."""
    if v.seat is None:
        return None
    swaps = tuple(swap for swap in map(_swap, actions) if swap is not None)
    if not swaps:
        return None
    deal = any(a.kind == "cancel" for a in actions)
    return Context(v.seat, swaps, deal)


def in_deal(view: ClassicView, actions: Sequence[Action]) -> bool:
    """The seat owes its own turn's deal: the hand is the builder."""
    found = context(view, actions)
    return found is not None and found.deal


def plan(trade: Trade, actions: Sequence[Action], ctx: Context) -> tuple[str, ...] | None:
    """The one place that decides what Send plays: the legal moves, in the engine's order,
    that make ``trade``; ``None`` when no legal offer has its items (the coins are checked
    move by move by the service, ``MatchService.act_all``)."""
    if not trade.ready or trade.partner is None or trade.mine is None or trade.theirs is None:
        return None
    keys = {a.key for a in actions}
    offer = Action(ctx.seat, "offer", (trade.partner, trade.mine, trade.theirs)).key
    if offer not in keys:
        return None
    coins = abs(trade.gold) // COIN
    kind = "add_gold" if trade.gold > 0 else "ask_gold"
    if ctx.deal:
        return (*([kind] * coins), offer)
    return (offer, *([f"{kind}.{trade.partner}"] * coins))


def entry(mine: int) -> str:
    """The key of the hand's "Trade away <item>…" entry: the builder with that item chosen."""
    return Trade(mine=mine).key(ITEM)


def _fit(trade: Trade, ctx: Context) -> Trade:
    """``trade`` with each part kept only while some legal offer still has it."""
    mines = {m for _, m, _ in ctx.swaps}
    mine = trade.mine if trade.mine in mines else None
    if ctx.deal and trade.partner is None:
        partner: int | None = ctx.swaps[0][0]
    else:
        partner = trade.partner
    asks = {(p, t) for p, m, t in ctx.swaps if mine is None or m == mine}
    theirs = trade.theirs
    if partner is not None and theirs is not None and (partner, theirs) not in asks:
        theirs = None
    if partner is not None and not any(p == partner for p, _ in asks):
        partner, theirs = (ctx.swaps[0][0], None) if ctx.deal else (None, None)
    gold = trade.gold if partner is not None else 0
    return Trade(partner, mine, theirs, gold)


def builder(
    match_id: int,
    version: int,
    v: ClassicView,
    actions: Sequence[Action],
    names: Sequence[str],
    draft: str | None,
) -> Built | None:
    """The trade builder at ``draft``, or ``None`` when the seat has no item offer to make."""
    ctx = context(v, actions)
    if ctx is None:
        return None
    parsed = parse(draft) if draft else None
    trade = _fit(parsed[0] if parsed else Trade(), ctx)

    def cid(key: str) -> str:
        return ids.make_custom_id(match_id, version, key)

    def who(seat: int) -> str:
        return _clip(seat_name(names, seat), NAME)

    buttons: list[ButtonSpec] = []
    selects: list[SelectSpec] = []
    mines = list(dict.fromkeys(m for _, m, _ in ctx.swaps))
    if len(mines) <= MAX_PER_ROW:
        for m in mines:
            chosen = m == trade.mine
            style = Style.PRIMARY if chosen else Style.SECONDARY
            label = _clip(name_of(m), LABEL)
            at = _fit(trade._replace(mine=m), ctx)
            buttons.append(ButtonSpec(label, cid(at.key(ITEM)), style, 0, disabled=chosen))
    else:
        options = tuple(
            OptionSpec(_clip(name_of(m), LABEL), _fit(trade._replace(mine=m), ctx).key())
            for m in mines[:MAX_OPTIONS]
        )
        held = name_of(trade.mine) if trade.mine is not None else "…"
        holder = words.TRADE_YOUR_ITEM.format(item=held)
        selects.append(SelectSpec(cid(trade.key(ITEM)), _clip(holder, 150), options, 0))
    asks = list(dict.fromkeys((p, t) for p, m, t in ctx.swaps if m == trade.mine))
    if trade.mine is not None:
        options = tuple(
            OptionSpec(_ask_label(p, t, who), Trade(p, trade.mine, t, _gold(trade, p)).key())
            for p, t in sorted(asks, key=lambda pt: (pt[0], pt[1] != NOTHING))[:MAX_OPTIONS]
        )
        asked = _ask_label(trade.partner, trade.theirs, who) if trade.theirs is not None else "…"
        holder = words.TRADE_ASK.format(what=asked)
        selects.append(SelectSpec(cid(trade.key(ASK)), _clip(holder, 150), options, 1))
    if trade.partner is not None and trade.mine is not None:
        gold = v.gold
        mine_most = gold[ctx.seat] if ctx.seat < len(gold) else 0
        theirs_most = gold[trade.partner] if trade.partner < len(gold) else 0
        steps = [0]
        steps += [n * COIN for n in range(1, MOST_COINS + 1) if n * COIN <= mine_most]
        steps += [-n * COIN for n in range(1, MOST_COINS + 1) if n * COIN <= theirs_most]
        if len(steps) > 1:
            options = tuple(
                OptionSpec(_gold_label(g, trade.partner, who), trade._replace(gold=g).key())
                for g in steps
            )
            holder = words.TRADE_GOLD.format(gold=_gold_label(trade.gold, trade.partner, who))
            selects.append(SelectSpec(cid(trade.key(COINS)), _clip(holder, 150), options, 2))
    buttons.append(
        ButtonSpec(
            words.TRADE_SEND, cid(trade.key(SEND)), Style.SUCCESS, 3, disabled=not trade.ready
        )
    )
    if ctx.deal:
        buttons.append(ButtonSpec(words.CONTROLS["cancel"][1], cid("cancel"), Style.SECONDARY, 3))
    else:
        buttons.append(ButtonSpec(words.TRADE_BACK, cid(trade.key(BACK)), Style.SECONDARY, 3))
    return Built(_line(trade, names), tuple(buttons), tuple(selects))


def _gold(trade: Trade, partner: int) -> int:
    return trade.gold if partner == trade.partner else 0


Who = Callable[[int], str]  # a seat's name as a label holds it


def _ask_label(partner: int | None, theirs: int | None, who: Who) -> str:
    name = who(partner) if partner is not None else "?"
    if theirs == NOTHING or theirs is None:
        return _clip(words.TRADE_ASK_NOTHING.format(name=name), LABEL)
    return _clip(words.TRADE_ASK_ITEM.format(name=name, item=name_of(theirs)), LABEL)


def _gold_label(gold: int, partner: int | None, who: Who) -> str:
    if not gold:
        return words.TRADE_NO_GOLD
    if gold > 0:
        return words.TRADE_YOU_ADD.format(gold=gold)
    name = who(partner) if partner is not None else "?"
    return _clip(words.TRADE_THEY_ADD.format(name=name, gold=-gold), LABEL)


def _line(trade: Trade, names: Sequence[str]) -> str:
    if not trade.ready or trade.partner is None or trade.mine is None:
        return words.TRADE_HOW
    name = seat_name(names, trade.partner)
    if trade.theirs == NOTHING:
        what = words.TRADE_LINE_GIFT.format(item=short(trade.mine))
    else:
        what = words.TRADE_LINE_SWAP.format(
            item=short(trade.mine), name=name, theirs=short(trade.theirs)
        )
    if trade.gold > 0:
        what += words.TRADE_LINE_YOU_ADD.format(gold=trade.gold)
    elif trade.gold < 0:
        what += words.TRADE_LINE_THEY_ADD.format(name=name, gold=-trade.gold)
    line = words.TRADE_LINE.format(name=name, what=what)
    return f"**{line}**\n{words.TRADE_HOW}"


def draft_step(key: str, view: ClassicView, actions: Sequence[Action]) -> DraftStep:
    """A press on the trade builder, read against the legal actions as they stand."""
    parsed = parse(key)
    ctx = context(view, actions)
    if parsed is None or ctx is None:
        return DraftStep()  # not a builder the seat may use now: stale
    trade, tail = parsed
    if not tail or (len(tail) == 1 and tail[0] in PARTS):
        return DraftStep(draft=_fit(trade, ctx).key())
    if tail == [BACK]:
        return DraftStep(draft=DRAFT_PREFIX)  # the hand without the builder
    if tail == [SEND]:
        if not _affordable(trade, view, ctx):
            return DraftStep(refusal=words.TRADE_TOO_MUCH_GOLD)
        moves = plan(trade, actions, ctx)
        if moves is None:
            return DraftStep(refusal=words.TRADE_GONE)
        return DraftStep(play=moves)
    return DraftStep()


def _affordable(trade: Trade, v: ClassicView, ctx: Context) -> bool:
    """Issue 30.6: the gold of a Send comes from its custom id, which a forged click may fill
    with any figure; it is bounded by what the side that pays holds, in whole coins, before
    one move is built (a plan holds one move per coin, so 10^9 gold would be ten million)."""
    if trade.partner is None:
        return False
    payer = ctx.seat if trade.gold > 0 else trade.partner
    held = v.gold[payer] if 0 <= payer < len(v.gold) else 0
    return abs(trade.gold) % COIN == 0 and abs(trade.gold) <= held


def next_press(
    controls: Sequence[tuple[str, tuple[str, ...], bool]], target: Trade
) -> Press | None:
    """The next tap that brings a hand drawn with ``controls`` (custom id, a select's option
    values, enabled) closer to offering ``target``: the entry for its item on a plain hand,
    then the parts that differ, then Send. What a person would tap (the bench and the tests
    play through it); ``None`` when nothing on the message leads there."""
    drawn = [(cid, ids.parse_custom_id(cid), values, on) for cid, values, on in controls]
    every = [(cid, p.key, values, on) for cid, p, values, on in drawn if p is not None]
    keyed = [(cid, key, values) for cid, key, values, on in every if on]
    # The offer so far is on Send, pressable or not (it waits for every part).
    sends = [(cid, parse(key), on) for cid, key, _, on in every if key.endswith(f".{SEND}")]
    now = next((found[0] for _, found, _ in sends if found is not None), None)
    if now is None:  # a plain hand: open the builder at the item
        for cid, key, values in keyed:
            if key == entry(target.mine or 0):
                return Press(cid)
            if entry(target.mine or 0) in values:
                return Press(cid, entry(target.mine or 0))
        return None
    if now == target:
        return Press(sends[0][0], plays=True) if sends[0][2] else None
    wanted = (
        (ITEM, lambda t: t.mine == target.mine, now.mine != target.mine),
        (ASK, lambda t: (t.partner, t.theirs) == (target.partner, target.theirs), True),
        (COINS, lambda t: t.gold == target.gold, now.gold != target.gold),
    )
    for part, fits, differs in wanted:
        if part == ASK and (now.partner, now.theirs) == (target.partner, target.theirs):
            continue
        if not differs:
            continue
        for cid, key, values in keyed:
            found = parse(key)
            if found is None or found[1] != [part]:
                continue
            if not values and fits(found[0]):
                return Press(cid)
            for value in values:
                chosen = parse(value)
                if chosen is not None and fits(chosen[0]):
                    return Press(cid, value)
    return None


def built_trade(
    game: Game[ClassicState, ClassicView],
    state: ClassicState,
    action: Action,
    then: Callable[[ClassicState, int], Action],
) -> Trade | None:
    """The offer a person builds for ``action`` when a player (the heuristic AI, in the
    bench and the tests) makes item offers move by move: an off-turn offer as it is; inside
    a deal the coins drafted one at a time up to the offer, rolled forward on a copy with
    ``then`` (the next move chosen in a state, ``n``-th). ``None``: no item offer."""
    swap = _swap(action)
    if swap is not None:
        return Trade(*swap, 0)
    pending = getattr(state, "pending", None)
    owed = getattr(pending[-1], "kind", None) if pending else None
    if owed != "deal" or action.kind not in ("add_gold", "ask_gold"):
        return None
    copy, gold = state.clone(), 0
    for n in range(MOST_COINS * 4):
        swap = _swap(action)
        if swap is not None:
            return Trade(*swap, gold)
        if action.kind not in ("add_gold", "ask_gold"):
            return None
        gold += COIN if action.kind == "add_gold" else -COIN
        game.apply(copy, action)
        action = then(copy, n)
    return None


def _swap(action: Action) -> tuple[int, int, int] | None:
    """An item offer's partner, item given and item asked for, read by name; ``None`` for
    any other action."""
    if action.kind != "offer" or not MOVES["offer"].fits(action):
        return None
    named = [MOVES["offer"].arg(action, n) for n in ("seat", "card", "item")]
    ints = [x for x in named if isinstance(x, int)]
    return (ints[0], ints[1], ints[2]) if len(ints) == 3 else None
