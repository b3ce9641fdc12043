"""Sampled worlds for the strong AI (information-set sampling, ``docs/ai.md``): a full quest
state that agrees with everything one seat sees, everything it cannot see drawn afresh.

Hidden from a seat (SPEC 3.15, ``views.make_view``): the other hands (only their sizes show;
a Treasure drawn face down is in its drawer's hand, so it is hidden with it), the order of
every deck, the link pool (its size only: a link drawn tails up shows a passage, so which
fronts are left is not known either), the tile pool's order, the match's dice, and the curse
card a ``ring`` or ``ward`` decision of another seat holds (the view redacts its data; the
Cleric's d10 window keeps it in its context). Everything else is public: the map, monsters,
items in play, dropped stacks, and the discard piles (every discard is made face up, as in
classic). Scenario files stack future draws in ``state.stack``: a world clears them (they
are the future), keeping only the ``boxed_tiles`` bookkeeping. The state keeps no record of
which hand cards others once saw face up (a Treasure drawn face up, a dropped stack picked
up), and the view shows none: every card in another hand is treated as unseen.

The unseen cards are gathered in card-id order and shuffled with the AI's stream, so the
world depends only on what the seat sees (``tests/engine/search/test_quest_fairness.py``).
A held curse is swapped for an unseen curse first; then each deck is refilled to its public
size from the unseen cards of its own kind (``content.deck_of``: a Treasure refills the
Treasure deck, a DxM the DxM deck), and the rest are dealt to the other hands to their sizes
(hands hold Treasures and DxMs mixed; Monster cards never sit in a hand, R72)."""

from __future__ import annotations

from collections import Counter

from engine.core import Rng
from engine.quest.content import PASSAGE, Content
from engine.quest.state import QuestState

# The stream of a ``seat_world``: fixed, so the world depends on what the seat sees, nothing else.
SEAT_WORLD_SEED = 0x5EA7
KEPT_STACKS = ("boxed_tiles",)  # not a future draw: which tiles a scenario left in the box
CURSE = "curse"


def held_curses(s: QuestState, seat: int) -> list[tuple[str, int]]:
    """Curse cards waiting on another seat's reaction, by where they are held: ``("p", i)``
    for ``s.pending[i]``, ``("w", 0)`` for the Cleric's d10 window."""
    out: list[tuple[str, int]] = []
    for i, p in enumerate(s.pending):
        if p.kind in ("ring", "ward") and p.seat != seat and p.data:
            out.append(("p", i))
    w = s.window
    if w is not None and w.what == "ward" and w.seat != seat and w.ctx:
        out.append(("w", 0))
    return out


def _held(s: QuestState, where: tuple[str, int]) -> int:
    if where[0] == "p":
        return s.pending[where[1]].data[0]
    assert s.window is not None
    return s.window.ctx[0]


def _hold(w: QuestState, where: tuple[str, int], card: int) -> None:
    if where[0] == "p":
        w.pending[where[1]].data[0] = card
    else:
        assert w.window is not None
        w.window.ctx = [card, *w.window.ctx[1:]]


def link_pool_guess(c: Content, s: QuestState, rng: Rng | None) -> list[int]:
    """A link pool of the public size drawn from the fronts not seen on the board: the box's
    links less every non-passage link in play (cards and smashed doors change a few, so the
    count is an estimate; it reads only the public board)."""
    left = Counter(c.link_pool)
    for kind, n in Counter(s.links.values()).items():
        if kind != PASSAGE:
            left[kind] -= min(n, left[kind])
    fronts = sorted(left.elements())
    if rng is not None:
        rng.shuffle(fronts)
    need = len(s.link_pool)
    return (fronts + [PASSAGE] * need)[:need]


def determinize(c: Content, s: QuestState, seat: int, rng: Rng | None) -> QuestState:
    """A copy of ``s`` with the unseen cards, the pools and the dice drawn afresh from
    ``rng``; with no ``rng``, dealt in card-id order with fixed dice (``seat_world``)."""
    w = s.clone()
    others = [p for p in range(s.seats) if p != seat]
    held = held_curses(s, seat)
    deck_of = c.deck_of
    loose = [*(x for p in others for x in s.hand[p]), *(_held(s, where) for where in held)]
    pools = {k: sorted([*v, *(x for x in loose if deck_of[x] == k)]) for k, v in s.decks.items()}
    rest = sorted(x for x in loose if deck_of[x] not in s.decks)
    for where in held:
        dxm = pools["D"]
        curses = [x for x in dxm if c.kind[x] == CURSE] or dxm
        pick = curses[rng.below(len(curses))] if rng is not None else curses[0]
        dxm.remove(pick)
        _hold(w, where, pick)
    for letter in sorted(pools):
        mine = pools[letter]
        if rng is not None:
            rng.shuffle(mine)
        size = len(s.decks[letter])
        w.decks[letter] = mine[:size]
        rest.extend(mine[size:])
    if rng is not None:
        rng.shuffle(rest)
    for p in others:
        need = len(s.hand[p])
        w.hand[p] = rest[:need]
        rest = rest[need:]
    w.tile_pool = sorted(s.tile_pool)  # drawn at random by index: only the set matters
    w.link_pool = link_pool_guess(c, s, rng)
    w.stack = {k: list(v) for k, v in s.stack.items() if k in KEPT_STACKS}
    w.rng = Rng(rng.next_u64() if rng is not None else SEAT_WORLD_SEED)
    return w


def seat_world(c: Content, s: QuestState, seat: int) -> QuestState:
    """The match as ``seat`` knows it: a state that agrees with everything the seat sees (its
    view, its own hand, the public table) and deals everything it cannot see afresh, in a
    fixed order (card-id order: nothing about the hidden cards' order is known, so any fixed
    deal is as fair, and a shuffle would cost the event loop per AI decision). It is the same
    whatever the hidden cards really are, so an AI that decides from it cannot read them: the
    AI entry points (``Game.ai_action``, ``ai_free_action``, the strong AI's ``think``) are
    handed this, never the match's state."""
    return determinize(c, s, seat, None)
