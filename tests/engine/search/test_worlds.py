"""Sampled worlds (``determinize``) agree with everything the seat sees, keep every rule's
invariants, and vary what it cannot see; the search's pruned move lists stay within the
rules' legal lists."""

from __future__ import annotations

from itertools import islice

from engine.classic.ai_strong import PRUNED, SearchClassic
from engine.classic.determinize import determinize as classic_world
from engine.classic.determinize import known_hand_cards
from engine.classic.game import Classic
from engine.classic.pending import Terms
from engine.classic.scenario import build, find_action
from engine.core import Rng
from engine.duel.determinize import determinize as duel_world
from engine.duel.determinize import hidden_instances
from engine.duel.game import Duel

from .conftest import positions

DECKS = [{"decks": [d, d]} for d in ("wanderer", "warrior", "thief")]


def test_a_classic_world_looks_the_same_from_the_seat(classic: Classic) -> None:
    differs = 0
    for n, (s, seat) in enumerate(islice(positions(classic, range(4), 5), 60)):
        w = classic_world(classic.table, s, seat, Rng(n))
        assert classic.view(w, seat).to_json() == classic.view(s, seat).to_json()
        assert classic.legal_actions(w, seat) == classic.legal_actions(s, seat)
        assert classic.invariants(w) == []
        assert w.rng != s.rng  # the world rolls its own dice
        differs += w.hands != s.hands or w.door != s.door
    assert differs >= 55


def test_a_duel_world_looks_the_same_from_the_seat(duel: Duel) -> None:
    differs = 0
    for n, (s, seat) in enumerate(islice(positions(duel, range(6), 4, DECKS), 60)):
        w = duel_world(s, seat, Rng(n))
        assert duel.view(w, seat).to_json() == duel.view(s, seat).to_json()
        assert duel.legal_actions(w, seat) == duel.legal_actions(s, seat)
        assert duel.invariants(w) == []
        for owner in (0, 1):  # each side keeps its own cards
            mine = [i for i in range(len(s.owner)) if s.owner[i] == owner]
            assert sorted(w.card_of[i] for i in mine) == sorted(s.card_of[i] for i in mine)
        hidden = hidden_instances(s, seat)
        differs += any(w.card_of[i] != s.card_of[i] for i in hidden)
    assert differs >= 50


def test_the_search_plays_only_legal_moves(classic: Classic) -> None:
    # The search applies moves unchecked: its pruned lists must be within the rules' lists.
    rules = SearchClassic(classic)
    for s, _seat in islice(positions(classic, range(4), 2), 400):
        for p in range(s.seats):
            pruned = rules.legal(s, p)
            full = classic.legal_actions(s, p)
            assert set(pruned) <= set(full)
            assert bool(pruned) == bool(full) or all(a.kind in PRUNED for a in full)


def test_only_cards_promised_on_a_win_are_known_in_other_hands(classic: Classic) -> None:
    # Fairness: a bargain for help is made in the open (# 004: Asking for Help), but only the
    # items it promises are cards; its treasure count and gold are numbers. A hidden card in
    # the fighter's hand whose id equals one of those numbers stays unseen by other seats.
    s = build(
        classic,
        {"seats": 3, "phase": "kick", "door": ["mon_goblin"]},
        [{"level": 3, "gold": 500, "hand": ["shot_bolt"]}, {"level": 3}],
    )
    for step in ({"seat": 0, "do": "kick"}, {"seat": 0, "do": "ask", "args": [1]}):
        action = find_action(classic, s, step)
        assert action is not None, step
        classic.apply(s, action)
    action = find_action(classic, s, {"seat": 0, "do": "propose", "args": [0, 0, 0]})
    assert action is not None
    classic.apply(s, action)
    (card,) = s.hands[0]
    help_ = s.pending[-1]
    assert help_.kind == "help"
    help_.detail = Terms(share=card, helper_first=0, gold=card, win_gold=card)
    assert known_hand_cards(s, 2) == set()
    help_.detail = Terms(share=1, helper_first=0, gold=0, win_gold=0, win_items=(card,))
    assert known_hand_cards(s, 2) == {card}
