"""Sampled worlds for the strong AI (``docs/ai.md``): a full duel state that agrees with
everything one seat sees, every card it cannot see given a fresh identity.

Hidden from a seat (``views.make_view``, # 000 II.A.9): the other hand, both decks (its own
deck's order too), every face-down stash card (owners may not look at their own) and the
fight's face-down card unless the seat committed it or it was revealed. A duel card is an
instance id whose identity is ``card_of[iid]``; zones hold instance ids. So a world keeps
every zone's instance ids where they are and deals the hidden instances of each owner the
identities of that owner's hidden cards afresh: the sizes of hands, decks and stashes stay as
the seat sees them, and each side keeps its own cards (# 000: a player's cards never join
the other's deck). The precons are public, so which cards a side has left unseen is known.

``card_of`` is shared between clones (``DuelState.clone``): a world gets a copy of its own
before any identity changes. A hidden instance that something waiting points at (a stack
entry's source or target, an unordered trigger, a flaunted card) keeps its identity.

The identities are gathered in a fixed order (instance ids sorted, identities sorted) and
shuffled with the AI's stream, and the deck lists are put in instance order first, so the
world drawn depends only on what the seat sees. The match's dice are replaced as well."""

from __future__ import annotations

from engine.core import Rng
from engine.duel.effects import PENDING_ORDER, TRIGGER_BASE
from engine.duel.state import DuelState

# The dice of a ``seat_world``: fixed, so the world depends on what the seat sees, nothing else.
SEAT_WORLD_SEED = 0x5EA7


def hidden_instances(s: DuelState, seat: int) -> list[int]:
    """Instances whose identity ``seat`` cannot see."""
    hidden = [*s.deck[0], *s.deck[1], *s.hand[1 - seat]]
    for p in (0, 1):
        hidden.extend(i for i in s.stash[p] if i not in s.face_up)
    f = s.fight
    if f is not None and f.card is not None and not f.revealed and f.attacker != seat:
        hidden.append(f.card)
    return sorted(set(hidden))


def pinned_instances(s: DuelState) -> set[int]:
    """Instances that something waiting names: their identity matters to what comes next."""
    pinned = set(s.flaunted)
    for entry in s.stack:
        pinned.update((entry.source, entry.target))
    if s.pending is not None and s.pending.kind == PENDING_ORDER:
        pinned.update(code // TRIGGER_BASE for code in s.pending.codes if code >= 0)
    return pinned


def determinize(s: DuelState, seat: int, rng: Rng | None) -> DuelState:
    """A copy of ``s`` with the unseen identities and the dice drawn afresh from ``rng``; with
    no ``rng``, the identities are dealt in sorted order (``seat_world``)."""
    w = s.clone()
    w.card_of = list(s.card_of)  # never change the identities of the real match
    pinned = pinned_instances(s)
    hidden = [i for i in hidden_instances(s, seat) if i not in pinned]
    for owner in (0, 1):
        places = [i for i in hidden if s.owner[i] == owner]
        faces = sorted(s.card_of[i] for i in places)
        if rng is not None:
            rng.shuffle(faces)
        for iid, face in zip(places, faces, strict=True):
            w.card_of[iid] = face
        w.deck[owner] = sorted(s.deck[owner])
    w.rng = Rng(rng.next_u64() if rng is not None else SEAT_WORLD_SEED)
    return w


def seat_world(s: DuelState, seat: int) -> DuelState:
    """The match as ``seat`` knows it: a state that agrees with everything the seat sees (its
    view, its own hand, the public table) and deals every card it cannot see afresh, in a
    fixed order (sorted: nothing about the hidden identities' order is known, so any fixed deal
    is as fair, and a shuffle would cost the event loop per AI decision). It is the same
    whatever the hidden cards really are, so an AI that decides from it cannot read them: the
    AI entry points (``Game.ai_action``, ``ai_free_action``, the strong AI's ``think``) are
    handed this, never the match's state."""
    return determinize(s, seat, None)
