"""Quest's charity as a whole (issue 27.5; SPEC T5, R69): at the end of a turn a seat holding
more than five cards gives the extras to the lowest level, shared as evenly as possible
between tied seats (the giver choosing who gets which), or discards them when it is the
lowest itself. The engine asks it one card at a time (``charity_give <card> <seat>``,
``charity_discard <card>``); ``charity_builder.py`` lets a person choose it whole. Here: what
is owed (``read``, from the legal moves and the view), the shares the rule allows
(``splits``), a whole charity (``Gift``) and the engine's moves for it in an order the engine
takes (``plan``), and the builder's state as a key (``draft-qc.<cards>.<part>``: three
characters a card, its id in two base-36 digits and the seat it goes to, ``x`` discarded;
``n`` none chosen yet)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import NamedTuple

from bot.render.drafts import DRAFT_PREFIX
from engine.core import Action, Game
from engine.quest.moves import MOVES
from engine.quest.rules.turn import HAND_LIMIT
from engine.quest.state import QuestState
from engine.quest.view import QuestView

TAG = "qc"
CARDS, WHO, GIVE, BACK = "c", "w", "go", "back"
NONE = "n"  # no card chosen yet
DISCARD = -1  # where a discarded card "goes"
KINDS = ("charity_give", "charity_discard")
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
MOST_CARDS = len(_B36) ** 2  # card ids a key holds (two base-36 digits)

Gift = tuple[tuple[int, int], ...]  # (card, the seat it goes to or DISCARD), in hand order


class Charity(NamedTuple):
    """What the engine asks of the seat now, read from its legal moves and its view."""

    giver: int
    owed: int
    cards: tuple[int, ...]  # the hand, in the engine's order
    receivers: tuple[int, ...]  # the tied lowest seats, in seat order; () when discarding
    given: tuple[int, ...]  # per receiver: the cards it was given so far in this charity


def read(view: QuestView, actions: Sequence[Action]) -> Charity | None:
    """The charity the seat owes, or ``None`` (none, or a shape of the engine's moves this
    builder does not know: the plain one-card controls serve then)."""
    pending = view.pending
    if pending is None or pending.kind != "charity" or pending.seat != view.seat:
        return None
    cards: dict[int, None] = {}
    targets: set[int] = set()
    discard = False
    for action in actions:
        if action.kind not in KINDS:
            continue
        named = MOVES[action.kind].named(action)
        card, seat = named.get("card"), named.get("seat")
        if not isinstance(card, int):
            return None
        cards[card] = None
        if action.kind == "charity_discard":
            discard = True
        elif isinstance(seat, int):
            targets.add(seat)
    owed = len(cards) - HAND_LIMIT
    if owed < 1 or (discard and targets) or not (discard or targets):
        return None
    if discard:
        return Charity(pending.seat, owed, tuple(cards), (), ())
    levels = {view.seats[t].level for t in targets if 0 <= t < len(view.seats)}
    if len(levels) != 1:
        return None
    [low] = levels
    receivers = tuple(
        k for k, s in enumerate(view.seats) if k != pending.seat and not s.out and s.level == low
    )
    data = pending.data
    given = tuple(data[k] if k < len(data) else 0 for k in receivers)
    fewest = {k for k, n in zip(receivers, given, strict=True) if n == min(given)}
    return (
        Charity(pending.seat, owed, tuple(cards), receivers, given) if fewest == targets else None
    )


def splits(ch: Charity) -> list[tuple[int, ...]]:
    """How many cards each receiver may get: every share the rule allows (R69: after it the
    receivers' counts differ by at most one)."""
    n = len(ch.receivers)
    if n <= 1:
        return [(ch.owed,)] if n else []
    q, r = divmod(sum(ch.given) + ch.owed, n)
    out = []
    for extra in combinations(range(n), r):
        share = tuple(q + (i in extra) - ch.given[i] for i in range(n))
        if min(share) >= 0:
            out.append(share)
    return out


def counts(ch: Charity, gift: Gift) -> tuple[int, ...]:
    return tuple(sum(1 for _, to in gift if to == k) for k in ch.receivers)


def legal_gift(ch: Charity, gift: Gift) -> bool:
    """Whether ``gift`` is one whole charity the engine takes now."""
    chosen = [card for card, _ in gift]
    if len(chosen) != ch.owed or len(set(chosen)) != ch.owed or not set(chosen) <= set(ch.cards):
        return False
    if not ch.receivers:
        return all(to == DISCARD for _, to in gift)
    return all(to in ch.receivers for _, to in gift) and counts(ch, gift) in splits(ch)


def _ordered(ch: Charity, gift: dict[int, int]) -> Gift:
    return tuple((card, gift[card]) for card in ch.cards if card in gift)


def default_gift(ch: Charity, chosen: Sequence[int]) -> Gift:
    """The chosen cards shared out as the rule has them given: each to a receiver with the
    fewest so far, the first in seat order among equals."""
    if not ch.receivers:
        return _ordered(ch, {card: DISCARD for card in chosen})
    now = list(ch.given)
    out: dict[int, int] = {}
    for card in (c for c in ch.cards if c in set(chosen)):
        i = now.index(min(now))
        out[card] = ch.receivers[i]
        now[i] += 1
    return _ordered(ch, out)


def refit(ch: Charity, gift: Gift, seat: int, theirs: Sequence[int]) -> Gift | None:
    """``gift`` with ``theirs`` going to ``seat``: the other receivers' shares kept as far as
    the rule allows, the earlier ones (in seat order) first; ``None``: no legal share gives
    ``seat`` that many."""
    i = ch.receivers.index(seat)
    mine = set(theirs)
    now = dict(gift)
    pool = [c for c in ch.cards if c in now and now[c] == seat and c not in mine]
    for card in mine:
        now[card] = seat
    have = counts(ch, _ordered(ch, now))
    fits = [v for v in splits(ch) if v[i] == len(mine)]
    if not fits:
        return None
    want = min(fits, key=lambda v: tuple(abs(v[j] - have[j]) for j in range(len(v)) if j != i))
    for j, k in enumerate(ch.receivers):
        kept = [c for c in ch.cards if c in now and now[c] == k and c not in pool]
        if k != seat and len(kept) > want[j]:
            pool += kept[want[j] :]
    pool = [c for c in ch.cards if c in pool]
    for j, k in enumerate(ch.receivers):
        held = sum(1 for c in ch.cards if c in now and now[c] == k and c not in pool)
        while k != seat and held < want[j] and pool:
            now[pool.pop(0)] = k
            held += 1
    return _ordered(ch, now)


def plan(ch: Charity, gift: Gift) -> tuple[str, ...]:
    """The engine's moves for ``gift``, in an order it takes: each card to a receiver with
    the fewest so far (the rule's evenness, checked move by move)."""
    if not ch.receivers:
        return tuple(Action(ch.giver, "charity_discard", (card,)).key for card, _ in gift)
    now = dict(zip(ch.receivers, ch.given, strict=True))
    left = list(gift)
    out = []
    while left:
        least = min(now[k] for k in {to for _, to in left})
        card, to = next((c, t) for c, t in left if now[t] == least)
        left.remove((card, to))
        now[to] += 1
        out.append(Action(ch.giver, "charity_give", (card, to)).key)
    return tuple(out)


# the state in a key ---------------------------------------------------------------------------


def key(gift: Gift, *tail: str) -> str:
    return ".".join((f"{DRAFT_PREFIX}{TAG}", _enc(gift), *tail))


def _enc(gift: Gift) -> str:
    if not gift:
        return NONE
    return "".join(
        _B36[card // 36] + _B36[card % 36] + ("x" if to == DISCARD else str(to))
        for card, to in gift
    )


def parse(text: str) -> tuple[Gift, list[str]] | None:
    if not text.startswith(f"{DRAFT_PREFIX}{TAG}."):
        return None
    parts = text[len(DRAFT_PREFIX) :].split(".")
    if len(parts) < 2:
        return None
    body = parts[1]
    if body == NONE:
        return (), parts[2:]
    if not body or len(body) % 3 or any(c not in _B36 for c in body):
        return None
    gift = []
    for n in range(0, len(body), 3):
        hi, lo, to = body[n], body[n + 1], body[n + 2]
        if to != "x" and not to.isdigit():
            return None
        gift.append((_B36.index(hi) * 36 + _B36.index(lo), DISCARD if to == "x" else int(to)))
    if len({card for card, _ in gift}) != len(gift):
        return None
    return tuple(gift), parts[2:]


def built_charity(
    game: Game[QuestState, QuestView],
    state: QuestState,
    action: Action,
    then: Callable[[QuestState, int], Action],
) -> Gift | None:
    """The whole charity a player (the heuristic AI, in the bench and the tests) makes card by
    card from ``action`` on: rolled forward on a copy with ``then`` (the next move chosen in
    a state, ``n``-th) while the seat still owes. ``None``: not a charity move."""
    if action.kind not in KINDS:
        return None
    giver, copy = action.seat, state.clone()
    out: dict[int, int] = {}
    for n in range(len(state.hand[giver])):
        named = MOVES[action.kind].named(action)
        card, seat = named.get("card"), named.get("seat")
        if not isinstance(card, int):
            return None
        out[card] = seat if isinstance(seat, int) else DISCARD
        game.apply(copy, action)
        top = copy.pending[-1] if copy.pending else None
        if top is None or top.kind != "charity" or top.seat != giver:
            break
        action = then(copy, n)
    return tuple((c, out[c]) for c in state.hand[giver] if c in out)
