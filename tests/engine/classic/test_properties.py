"""Random legal playouts with the invariants checked after every step (# 004: all sections).

Default profile: a few dozen seeded games; ``HYPOTHESIS_PROFILE=thorough`` plays thousands."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from engine.classic import Classic, factory
from engine.classic.invariants import hidden_from, visible_cards
from engine.classic.state import ClassicState
from engine.core import CONCEDE, Action, Event, Rng
from engine.core.record import replay, start_record

GAME: Classic = factory(Path(__file__).resolve().parents[3] / "data")
MAX_STEPS = 20000


def _check_views(game: Classic, s: ClassicState) -> None:
    for seat in [None, *range(s.seats)]:
        data = game.view(s, seat).to_json()
        leaked = visible_cards(data) & hidden_from(s, seat)
        assert not leaked, f"seat {seat} sees hidden cards {leaked}"


def _check_events(events: list[Event], state: ClassicState) -> None:
    """Face-down moves (draws, charity gifts) name their card only to their audience; cards
    that move face up by rule (kicked doors, looted bodies, shared treasure) may be named."""
    for event in events:
        if event.kind in ("drew", "charity"):
            assert "card" not in event.for_viewer(None)
            for seat in range(state.seats):
                if seat not in event.audience:
                    assert "card" not in event.for_viewer(seat)


FREE_CARD_KINDS = ("curse", "levelup", "hire")


def _free_action(game: Classic, state: ClassicState, rng: Rng) -> Action | None:
    """A random optional action of a random free actor, after checking what free actors may
    see and do: they are never deciders, and the only hand cards their actions name are their
    own (# 004: When You May Take Actions)."""
    free = sorted(game.free_actors(state))
    assert not set(free) & game.deciders(state), "a seat is both waited on and free"
    if not free:
        return None
    seat = rng.choice(free)
    legal = game.legal_actions(state, seat)
    for a in legal:
        if a.kind in FREE_CARD_KINDS:
            assert a.args[0] in state.hands[seat], f"{a.key} names a card not in the hand"
    return rng.choice(legal) if legal else None


@given(
    seats=st.integers(min_value=3, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    concede_at=st.one_of(st.none(), st.integers(min_value=0, max_value=400)),
    single_winner=st.booleans(),
)
def test_random_playouts_keep_invariants(
    seats: int, seed: int, concede_at: int | None, single_winner: bool
) -> None:
    game = GAME
    options = {"single_winner": single_winner}  # 004: Special Rules (a single winner)
    state = game.new(seats, seed, options)
    record = start_record(game, seats, seed, options)
    rng = Rng(seed).fork(3)
    for step in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        deciders = sorted(game.deciders(state))
        assert deciders, "live game without a decider"
        seat = rng.choice(deciders)
        legal = game.legal_actions(state, seat)
        assert legal, f"decider {seat} has no legal action"
        action = rng.choice(legal)
        if concede_at == step:
            action = Action(rng.choice(sorted(game.live_seats(state))), CONCEDE)
        elif rng.below(3) == 0:
            # 004: When You May Take Actions: a seat nobody waits on plays now and then.
            action = _free_action(game, state, rng) or action
        assert Action.from_key(action.seat, action.key) == action  # button ids round trip
        events = game.apply(state, action)
        record.append(action)
        _check_events(events, state)
        assert game.invariants(state) == []
        if step % 25 == 0:
            _check_views(game, state)
            assert game.load_state(state.to_json()).to_json() == state.to_json()
    assert game.outcome(state) is not None, "random playout did not finish"
    _check_views(game, state)
    assert replay(game, record).to_json() == state.to_json()
    assert game.load_state(state.to_json()).to_json() == state.to_json()
