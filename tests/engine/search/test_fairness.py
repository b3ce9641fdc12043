"""The strong AI plays fair (issue 17): it decides from its own seat's view. Its choice does
not change when the cards it cannot see lie differently (another seat's hand, the deck
order, face-down cards: any arrangement consistent with its view), and thinking never draws
on the match's own dice. The search runs on its deterministic iteration cap here, never on a
clock, so every run of these tests sees the same choices."""

from __future__ import annotations

from itertools import islice

from engine.classic.ai_strong import think as think_classic
from engine.classic.determinize import known_hand_cards
from engine.classic.game import Classic
from engine.classic.state import ClassicState
from engine.core import Rng
from engine.duel.ai_strong import think as think_duel
from engine.duel.determinize import hidden_instances, pinned_instances
from engine.duel.game import Duel
from engine.duel.state import DuelState
from engine.search import Budget

from .conftest import positions

CAP = Budget(iterations=3)
DECKS = [{"decks": [d, d]} for d in ("warrior", "wizard", "cleric", "bard", "ranger", "thief")]


def rearranged_classic(game: Classic, s: ClassicState, seat: int, rng: Rng) -> ClassicState:
    """The same position as ``seat`` sees it, with the other hands and both decks dealt anew
    from the cards it cannot see (hand sizes and deck sizes kept, door cards in the door deck,
    treasures in the treasure deck, cards everyone knows of left in place), and other dice."""
    t = game.table
    r = s.clone()
    known = known_hand_cards(s, seat)
    others = [p for p in range(s.seats) if p != seat]
    loose = [c for p in others for c in s.hands[p] if c not in known]
    pool = [*s.door, *s.treasure, *loose]
    rng.shuffle(pool)
    doors = [c for c in pool if t.is_door[c]]
    treasures = [c for c in pool if not t.is_door[c]]
    r.door, doors = doors[: len(s.door)], doors[len(s.door) :]
    r.treasure, treasures = treasures[: len(s.treasure)], treasures[len(s.treasure) :]
    rest = doors + treasures
    rng.shuffle(rest)
    for p in others:
        kept = [c for c in s.hands[p] if c in known]
        need = len(s.hands[p]) - len(kept)
        r.hands[p], rest = kept + rest[:need], rest[need:]
    r.rng = Rng(rng.next_u64())
    return r


def rearranged_duel(s: DuelState, seat: int, rng: Rng) -> DuelState:
    """The same position as ``seat`` sees it, with each side's hidden cards (the other hand,
    the decks, face-down stash cards, an unrevealed fight card) swapped among themselves,
    the decks in another order, and other dice."""
    r = s.clone()
    r.card_of = list(s.card_of)
    pinned = pinned_instances(s)
    hidden = [i for i in hidden_instances(s, seat) if i not in pinned]
    for owner in (0, 1):
        places = [i for i in hidden if s.owner[i] == owner]
        faces = [s.card_of[i] for i in places]
        rng.shuffle(faces)
        for iid, face in zip(places, faces, strict=True):
            r.card_of[iid] = face
        rng.shuffle(r.deck[owner])
    r.rng = Rng(rng.next_u64())
    return r


def test_a_classic_rearrangement_is_invisible_to_the_seat(classic: Classic) -> None:
    # The test's own premise: the rearranged position looks the same from the seat.
    checked = 0
    for s, seat in islice(positions(classic, range(3), 7), 30):
        r = rearranged_classic(classic, s, seat, Rng(checked))
        assert classic.view(r, seat).to_json() == classic.view(s, seat).to_json()
        assert classic.legal_actions(r, seat) == classic.legal_actions(s, seat)
        assert r.hands != s.hands or r.door != s.door or r.treasure != s.treasure
        checked += 1
    assert checked == 30


def test_classic_strong_choice_ignores_where_hidden_cards_lie(classic: Classic) -> None:
    checked = changed = 0
    for s, seat in islice(positions(classic, range(4), 17), 12):
        real = think_classic(classic, s, seat, Rng(99), CAP)
        for k in range(2):
            other = rearranged_classic(classic, s, seat, Rng(1000 * checked + k))
            again = think_classic(classic, other, seat, Rng(99), CAP)
            assert again.action == real.action
            assert [(a.action, a.pairs, a.total) for a in again.arms] == [
                (a.action, a.pairs, a.total) for a in real.arms
            ]
        checked += 1
        changed += real.action != real.baseline
    assert checked == 12


def test_duel_strong_choice_ignores_where_hidden_cards_lie(duel: Duel) -> None:
    checked = 0
    for s, seat in islice(positions(duel, range(6), 9, DECKS), 16):
        real = think_duel(duel, s, seat, Rng(7), CAP)
        for k in range(2):
            other = rearranged_duel(s, seat, Rng(1000 * checked + k))
            assert duel.view(other, seat).to_json() == duel.view(s, seat).to_json()
            again = think_duel(duel, other, seat, Rng(7), CAP)
            assert again.action == real.action
            assert [(a.action, a.pairs, a.total) for a in again.arms] == [
                (a.action, a.pairs, a.total) for a in real.arms
            ]
        checked += 1
    assert checked == 16


def test_thinking_leaves_the_match_and_its_dice_untouched(classic: Classic, duel: Duel) -> None:
    for n, (s, seat) in enumerate(islice(positions(classic, range(2), 11), 8)):
        before = s.to_json()
        if n < 2:  # through the game's hook, on its default iteration cap
            classic.ai_action(s, seat, Rng(5), "strong")
        think_classic(classic, s, seat, Rng(5), CAP)
        assert s.to_json() == before  # the match's dice counter included
    for n, (s, seat) in enumerate(islice(positions(duel, range(3), 7, DECKS), 8)):
        before, identities = s.to_json(), s.card_of
        if n < 2:
            duel.ai_action(s, seat, Rng(5), "strong")
        think_duel(duel, s, seat, Rng(5), CAP)
        assert s.to_json() == before
        assert s.card_of is identities  # the shared identity table was never written


def test_the_choice_follows_the_ai_stream_alone(classic: Classic, duel: Duel) -> None:
    # Restarts choose alike: the same AI stream gives the same move, whatever the match's
    # dice are about to roll.
    for s, seat in islice(positions(classic, range(2), 13), 8):
        other_dice = s.clone()
        other_dice.rng = Rng(123456)
        first = think_classic(classic, s, seat, Rng(42), CAP)
        again = think_classic(classic, other_dice, seat, Rng(42), CAP)
        assert again.action == first.action
        assert [a.total for a in again.arms] == [a.total for a in first.arms]
        assert first.action in classic.legal_actions(s, seat)
    for d, seat in islice(positions(duel, range(3), 7, DECKS), 8):
        other_dice = d.clone()
        other_dice.rng = Rng(123456)
        first = think_duel(duel, d, seat, Rng(42), CAP)
        again = think_duel(duel, other_dice, seat, Rng(42), CAP)
        assert again.action == first.action
        assert [a.total for a in again.arms] == [a.total for a in first.arms]
        assert first.action in duel.legal_actions(d, seat)
