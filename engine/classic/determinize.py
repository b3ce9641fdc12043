"""Sampled worlds for the strong AI (information-set sampling, ``docs/ai.md``): a full classic
state that agrees with everything one seat sees, every card it cannot see dealt afresh.

Hidden from a seat (``views.make_view``): the other hands (only their sizes show) and the
order of both decks. The discard piles are public: every discard is made face up and logged
(# 004: Card Management), so they stay as they are. The pool of unseen cards is therefore
the other hands plus both decks; it is gathered in card-id order and shuffled with the AI's
stream, so the world drawn depends only on what the seat sees, never on where the hidden
cards really are (``tests/engine/search/test_fairness.py``). Door cards refill the door
deck and treasures the treasure deck to their public sizes; the rest go to the other hands.

A few hand cards are known to everyone and stay where they are: items received face up that
their holder may still play (a ``received`` decision), and level-ups a fighter has promised
a helper in the open (# 004: Asking for Help). The match's dice are replaced too: a world
rolls with a stream of the AI's, so the search never learns the match's next rolls."""

from __future__ import annotations

from engine.classic.pending import Draft, Terms
from engine.classic.rules import bargain
from engine.classic.state import ClassicState
from engine.classic.table import Table
from engine.core import Rng

# The dice of a ``seat_world``: fixed, so the world depends on what the seat sees, nothing else.
SEAT_WORLD_SEED = 0x5EA7


def known_hand_cards(s: ClassicState, seat: int) -> set[int]:
    """Cards in other hands that ``seat`` knows of (see the module docstring)."""
    known: set[int] = set()
    fighter = s.combat.fighter if s.combat is not None else -1
    for p in s.pending:
        if p.kind == "received":
            known.update(p.cards)
        elif p.kind in bargain.KINDS and fighter >= 0 and isinstance(p.detail, Draft | Terms):
            # Only the cards promised on a win: the terms' other numbers (treasure counts,
            # gold) are not cards, and a card whose id equals one must stay hidden.
            known.update(c for c in p.detail.win_items if c in s.hands[fighter])
    return {c for c in known if any(c in s.hands[q] for q in range(s.seats) if q != seat)}


def determinize(t: Table, s: ClassicState, seat: int, rng: Rng | None) -> ClassicState:
    """A copy of ``s`` with the unseen cards and the dice drawn afresh from ``rng``; with no
    ``rng``, the unseen cards are dealt in card-id order (``seat_world``)."""
    w = s.clone()
    known = known_hand_cards(s, seat)
    others = [p for p in range(s.seats) if p != seat]
    unseen = sorted(
        [*s.door, *s.treasure, *(c for p in others for c in s.hands[p] if c not in known)]
    )
    doors = [c for c in unseen if t.is_door[c]]
    treasures = [c for c in unseen if not t.is_door[c]]
    if rng is not None:
        rng.shuffle(doors)
        rng.shuffle(treasures)
    w.door = doors[: len(s.door)]
    w.treasure = treasures[: len(s.treasure)]
    rest = doors[len(s.door) :] + treasures[len(s.treasure) :]
    if rng is not None:
        rng.shuffle(rest)
    for p in others:
        kept = [c for c in s.hands[p] if c in known]
        need = len(s.hands[p]) - len(kept)
        w.hands[p] = kept + rest[:need]
        rest = rest[need:]
    w.rng = Rng(rng.next_u64() if rng is not None else SEAT_WORLD_SEED)
    w.dice = []
    return w


def seat_world(t: Table, s: ClassicState, seat: int) -> ClassicState:
    """The match as ``seat`` knows it: a state that agrees with everything the seat sees (its
    view, its own hand, the public table) and deals every card it cannot see afresh, in a
    fixed order (card-id order: no shuffle, since nothing about the hidden cards' order is
    known, any fixed deal is as fair and a shuffle costs the event loop per AI decision). It
    is the same whatever the hidden cards really are, so an AI that decides from it cannot
    read them: the AI entry points (``Game.ai_action``, ``ai_free_action``, the strong AI's
    ``think``) are handed this, never the match's state."""
    return determinize(t, s, seat, None)
