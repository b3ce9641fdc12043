import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Action, Event, Outcome

kinds = st.from_regex(r"[a-z][a-z_]{0,11}", fullmatch=True)
str_args = st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_\-]{0,9}", fullmatch=True).filter(
    lambda s: not s.startswith("n")
)
args = st.lists(st.integers(min_value=-10_000, max_value=10**9) | str_args, max_size=4)


@given(st.integers(min_value=0, max_value=7), kinds, args)
def test_key_round_trips(seat: int, kind: str, arguments: list[int | str]) -> None:
    action = Action(seat, kind, tuple(arguments))
    assert Action.from_key(seat, action.key) == action
    assert Action.from_json(action.to_json()) == action


@pytest.mark.parametrize("key", ["", ".", "play..3", "play.x", "pl ay", "play.n", "a" * 81])
def test_bad_keys_are_refused(key: str) -> None:
    with pytest.raises(ValueError):
        Action.from_key(0, key)


def test_event_secret_reaches_only_its_audience() -> None:
    event = Event("drew", {"seat": 1}, {"card": 17}, frozenset({1}))
    assert event.for_viewer(1) == {"kind": "drew", "seat": 1, "card": 17}
    assert event.for_viewer(0) == {"kind": "drew", "seat": 1}
    assert event.for_viewer(None) == {"kind": "drew", "seat": 1}


def test_outcome_json() -> None:
    outcome = Outcome((2,), (1, 1, 0), "level10")
    assert Outcome.from_json(outcome.to_json()) == outcome
    assert not outcome.is_draw
    assert Outcome((), (0, 0), "no_heroes").is_draw
