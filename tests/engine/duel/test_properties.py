"""Seeded random legal games with invariants after every step (hypothesis picks the seeds)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.record import replay
from engine.duel.cards import CLASSES
from engine.duel.game import Duel

from .playout import random_game
from .rules_cards import deck_with_test_cards, with_test_cards


@given(
    seed=st.integers(min_value=0, max_value=2**32),
    decks=st.tuples(st.sampled_from(CLASSES), st.sampled_from(CLASSES)),
)
def test_random_games_keep_every_invariant_and_replay(
    duel: Duel, seed: int, decks: tuple[str, str]
) -> None:
    state, record = random_game(duel, seed, decks=decks)
    assert duel.outcome(state) is not None, "random games finish"
    again = replay(duel, record)
    assert again.to_json() == state.to_json()
    assert duel.load_state(state.to_json()).to_json() == state.to_json()


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    decks=st.tuples(st.sampled_from(CLASSES), st.sampled_from(CLASSES)),
)
def test_random_games_with_test_cards_keep_every_invariant(
    duel: Duel, seed: int, decks: tuple[str, str]
) -> None:
    # 000 II.A.4 control, II.A.2 ordering, III.A.2.f.(I).(F) end-of-fight abilities in play
    game = with_test_cards(duel)
    chosen = (deck_with_test_cards(duel, decks[0]), deck_with_test_cards(duel, decks[1]))
    state, record = random_game(game, seed, decks=chosen)
    assert game.outcome(state) is not None
    assert replay(game, record).to_json() == state.to_json()
    assert game.load_state(state.to_json()).to_json() == state.to_json()
    assert state.clone().to_json() == state.to_json()


def test_clone_is_independent(duel: Duel) -> None:
    state, _ = random_game(duel, 5, max_steps=40, check=False)
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    seat = sorted(duel.deciders(copy))[0]
    duel.apply(copy, duel.legal_actions(copy, seat)[-1])
    assert copy.to_json() != state.to_json()
