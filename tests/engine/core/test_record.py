import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import CONCEDE, Action, IllegalAction, Reason
from engine.core.record import CardSetChanged, MatchRecord, replay, start_record
from tests.support.tinygame import TwentyOne

GAME = TwentyOne()


def play_out(seed: int, seats: int, choices: list[int]) -> tuple[MatchRecord, object]:
    """Play a game choosing among legal actions by index, recording every step."""
    state = GAME.new(seats, seed)
    record = start_record(GAME, seats, seed)
    for pick in choices:
        if GAME.outcome(state) is not None:
            break
        (seat,) = GAME.deciders(state)
        legal = GAME.legal_actions(state, seat)
        action = legal[pick % len(legal)]
        GAME.apply(state, action)
        record.append(action)
    return record, state


@given(
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=2, max_value=6),
    st.lists(st.integers(min_value=0, max_value=5), max_size=30),
)
def test_replay_reproduces_the_state(seed: int, seats: int, choices: list[int]) -> None:
    record, state = play_out(seed, seats, choices)
    restored = MatchRecord.model_validate_json(record.model_dump_json())
    assert replay(GAME, restored).to_json() == state.to_json()  # type: ignore[attr-defined]


def test_replay_upto_stops_early() -> None:
    record, _ = play_out(5, 3, [0, 1, 2, 0])
    partial = replay(GAME, record, upto=2)
    assert partial.pile == replay(GAME, record, upto=2).pile
    assert partial.to_json() != replay(GAME, record).to_json()


def test_tampered_record_fails_at_the_bad_step() -> None:
    record, _ = play_out(5, 3, [0, 0])
    record.actions.append(Action(2, "play", (99,)).to_json())
    with pytest.raises(IllegalAction):
        replay(GAME, record)


def test_changed_cards_are_detected() -> None:
    record, _ = play_out(5, 3, [0])
    changed = record.model_copy(
        update={"header": record.header.model_copy(update={"card_set_digest": "other"})}
    )
    with pytest.raises(CardSetChanged):
        replay(GAME, changed)
    replay(GAME, changed, strict_cards=False)


def test_refused_action_leaves_state_untouched() -> None:
    state = GAME.new(3, 1)
    before = state.to_json()
    (seat,) = GAME.deciders(state)
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, Action(other, "play", (state.hands[other][0],)))
    assert err.value.reason == Reason.NOT_A_DECIDER
    with pytest.raises(IllegalAction):
        GAME.apply(state, Action(seat, "play", (99,)))
    assert state.to_json() == before


def test_any_live_seat_may_concede_out_of_turn() -> None:
    state = GAME.new(3, 1)
    (seat,) = GAME.deciders(state)
    other = (seat + 1) % 3
    GAME.apply(state, Action(other, CONCEDE))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, Action(other, CONCEDE))
    assert err.value.reason == Reason.SEAT_OUT
