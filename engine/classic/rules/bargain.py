"""Bargaining for help in a fight (# 004: Asking for Help).

The fighter asks one seat (``ask``, in combat.py), then drafts an offer (pending ``offer``):
items from their table handed over at once (``offer_item``), items or gold promised for a win
(``promise_item``, ``promise_gold``), a level-up from the hand promised to be played on
the helper for a win (``promise_card``: listed only to the fighter, who chooses to name the
card), and finally ``propose``: treasures for the helper, who
picks first, gold paid at once. The asked seat answers (pending ``help``): ``accept``,
``decline`` or ``counter``. A counter is a draft of the helper's own price (pending
``counter``): the same three kinds of terms, all taken from the fighter's side, since the
helper is the one being paid (``demand_item``, ``demand_win_item``, ``demand_win_gold``, then
``demand``). The fighter answers it (pending ``countered``) the same three ways; countering
back opens a fresh ``offer`` draft. Each side may counter at most ``COUNTER_LIMIT`` times in
one bargain; after that only yes or no remain, so the talk always ends.

Only public things can be asked for: the fighter's table items, gold and the monster's
treasures. Nothing here shows a hand: only the fighter's own offer may name a hand card. An
accepted deal is kept "to the letter": items and gold up front change hands at once, the rest
when the fight is won (combat._pay_on_win).

Pending layouts: the drafts (``offer``, ``counter``) keep ``seats=[other party]``,
``cards`` = items up front, ``nums`` = [gold on a win, items (or promised level-ups) on a
win...]. The answers keep
``nums`` = [share, helper picks first, gold up front, gold on a win, items on a win...];
``help`` is owed by the helper, ``countered`` by the fighter with ``seats=[helper]``.
"""

from __future__ import annotations

from engine.classic.pending import Draft, Pending, Terms
from engine.classic.rules.combat import monster_coins, treasure_total
from engine.classic.state import ClassicState, Combat
from engine.classic.table import WIN_LEVEL, Table
from engine.core import Action, Event

GOLD_OFFERS = (0, 100, 200, 300, 500, 1000)
COUNTER_LIMIT = 2  # counters per side in one bargain
KINDS = ("offer", "help", "counter", "countered")
DRAFT_KINDS = {
    # draft: (up front, on a win, gold on a win, the final terms)
    "offer": ("offer_item", "promise_item", "promise_gold", "propose"),
    "counter": ("demand_item", "demand_win_item", "demand_win_gold", "demand"),
}


def helper_of(p: Pending) -> int:
    """The asked seat of the bargain a pending decision belongs to."""
    return p.seat if p.kind in ("help", "counter") else p.seats[0]


def counters_left(c: Combat, helper: int) -> bool:
    """Both sides counter in turn, so the count alone says whether this side still may."""
    return c.counters.count(helper) < 2 * COUNTER_LIMIT


def actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    c, p = s.combat, s.pending[-1]
    assert c is not None
    if p.kind in DRAFT_KINDS:
        return _draft_actions(t, s, c, seat, p)
    out = [Action(seat, "accept"), Action(seat, "decline")]
    if counters_left(c, helper_of(p)):
        out.append(Action(seat, "counter"))
    return out


def _draft_actions(t: Table, s: ClassicState, c: Combat, seat: int, p: Pending) -> list[Action]:
    """What the drafting side may add. Everything is paid by the fighter, from the table (the
    fighter's items and gold) or from the monster's treasures: never from a hand."""
    up_front, on_win, gold_on_win, final = DRAFT_KINDS[p.kind]
    helper, payer = helper_of(p), c.fighter
    named = p.cards + list(p.draft.win_items)
    out = []
    for card in s.items[payer]:
        if card not in named and (not t.defs[card].big or _big_room(t, s, helper, named)):
            out.append(Action(seat, up_front, (card,)))
            out.append(Action(seat, on_win, (card,)))
    if not p.draft.win_gold:
        out.extend(Action(seat, gold_on_win, (g,)) for g in win_gold_choices(t, s, c))
    if p.kind == "offer":
        out.extend(
            Action(seat, "promise_card", (card,)) for card in promisable(t, s, c, helper, named)
        )
    for share in range(treasure_total(t, c) + 1):
        for first in (0, 1) if share else (0,):
            for gold in GOLD_OFFERS:
                if gold <= s.gold[payer]:
                    out.append(Action(seat, final, (share, first, gold)))
    return out


def win_gold_choices(t: Table, s: ClassicState, c: Combat) -> list[int]:
    """# 004: Asking for Help: the fighter may offer "the coins that the monster gives if
    defeated" besides the coins carried now, so gold promised for a win is bounded by both
    together (paid after the rewards, ``combat._pay_on_win``). The amounts are the usual
    steps plus exactly the monster's coins and exactly everything a win would leave."""
    loot = monster_coins(t, c)
    most = s.gold[c.fighter] + loot
    return sorted({g for g in (*GOLD_OFFERS, loot, most) if 0 < g <= most})


def promisable(t: Table, s: ClassicState, c: Combat, helper: int, named: list[int]) -> list[int]:
    """# 004: Asking for Help: the fighter may also offer to play a card from the hand that
    could legally go on the helper, such as a level-up (never to the winning level). Only
    the fighter drafts an offer and sees this choice; naming the card is theirs to reveal."""
    if s.dead[helper] or s.levels[helper] >= WIN_LEVEL - 1:
        return []
    hand = sorted(set(s.hands[c.fighter]) - set(named))
    return [card for card in hand if t.kind[card] == "levelup"]


def _big_room(t: Table, s: ClassicState, helper: int, named: list[int]) -> bool:
    """Another Big item fits the helper's table (# 004: Big Items)."""
    bigs = t.big_count(s, helper) + sum(1 for c in named if t.defs[c].big)
    return bigs < t.max_big(s, helper)


def resolve(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    p = s.pending[-1]
    if p.kind in DRAFT_KINDS:
        _draft(s, a, ev)
    elif a.kind == "counter":
        _start_counter(s, a, ev)
    else:
        _answer(t, s, a, ev)


def _draft(s: ClassicState, a: Action, ev: list[Event]) -> None:
    c, p = s.combat, s.pending.pop()
    assert c is not None
    draft = p.draft if p.draft.win_gold is not None else Draft(0)
    p.detail = draft
    up_front, on_win, gold_on_win, _ = DRAFT_KINDS[p.kind]
    to = p.seats[0]
    if a.kind in (up_front, on_win, gold_on_win, "promise_card"):
        if a.kind == up_front:
            p.cards.append(int(a.args[0]))
        elif a.kind in (on_win, "promise_card"):
            p.detail = draft._replace(win_items=(*draft.win_items, int(a.args[0])))
        else:
            p.detail = draft._replace(win_gold=int(a.args[0]))
        s.pending.append(p)
        ev.append(Event(a.kind, {"seat": a.seat, "to": to, "what": a.args[0]}))
        return
    share, first, gold = (int(x) for x in a.args)
    helper = helper_of(p)
    terms = Terms(share, first, gold, draft.win_gold or 0, draft.win_items)
    if p.kind == "offer":
        s.pending.append(Pending("help", helper, cards=list(p.cards), detail=terms))
    else:
        s.pending.append(Pending("countered", c.fighter, list(p.cards), [helper], terms))
    kind = "asked" if p.kind == "offer" and helper not in c.counters else "countered"
    ev.append(
        Event(
            kind,
            {
                "seat": a.seat,
                "to": to,
                "share": share,
                "helper_first": first,
                "gold": gold,
                "items": list(p.cards),
                "gold_on_win": terms.win_gold,
                "items_on_win": list(terms.win_items),
            },
        )
    )


def _start_counter(s: ClassicState, a: Action, ev: list[Event]) -> None:
    """The answering side drafts its own terms instead (# 004: Asking for Help: a helper
    may insist on payment, and the two may haggle)."""
    c, p = s.combat, s.pending.pop()
    assert c is not None
    helper = helper_of(p)
    c.counters.append(helper)
    if p.kind == "help":
        s.pending.append(Pending("counter", helper, seats=[c.fighter]))
    else:
        s.pending.append(Pending("offer", c.fighter, seats=[helper]))
    to = c.fighter if a.seat == helper else helper
    ev.append(Event("counter", {"seat": a.seat, "to": to}))


def _answer(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    p = s.pending.pop()
    c, w = s.combat, s.window
    assert c is not None and w is not None
    helper = helper_of(p)
    if a.kind == "accept":
        c.helper = helper
        terms = p.terms
        c.deal_treasures, c.deal_helper_first = terms.share, terms.helper_first
        c.deal_win_gold, c.deal_win_items = terms.win_gold, list(terms.win_items)
        paid = min(terms.gold, s.gold[c.fighter])  # up front: the helper keeps it win or lose
        s.gold[c.fighter] -= paid
        s.gold[helper] += paid
        for card in p.cards:  # carried, not equipped: nobody equips during combat
            if card in s.items[c.fighter]:  # (a hireling's load may already have gone with it)
                t.put_item(s, helper, card, t.take_item(s, c.fighter, card))
        w.passed.clear()
    # A refused bargain hands the fight back to the fighter, who may ask someone else.
    if p.kind == "help":
        ev.append(Event("help_" + a.kind, {"seat": a.seat}))
    else:
        ev.append(Event("counter_" + a.kind, {"seat": a.seat, "to": helper}))
