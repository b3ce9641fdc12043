from hypothesis import given
from hypothesis import strategies as st

from engine.core import Rng

# The first outputs for seed 42 are pinned: changing them breaks every stored match's replay.
PINNED_SEED_42 = [
    0xBDD732262FEB6E95,
    0x28EFE333B266F103,
    0x47526757130F9F52,
    0x581CE1FF0E4AE394,
]


def test_first_outputs_are_pinned() -> None:
    rng = Rng(42)
    assert [rng.next_u64() for _ in range(4)] == PINNED_SEED_42


def test_pinned_derived_draws() -> None:
    rng = Rng(7)
    assert [rng.roll() for _ in range(10)] == PINNED_ROLLS_7
    deck = list(range(10))
    Rng(7).shuffle(deck)
    assert deck == PINNED_SHUFFLE_7


PINNED_ROLLS_7 = [4, 1, 1, 4, 5, 4, 5, 1, 6, 6]
PINNED_SHUFFLE_7 = [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_below_in_range_and_reproducible(seed: int, bound: int) -> None:
    a, b = Rng(seed), Rng(seed)
    xs = [a.below(bound) for _ in range(20)]
    assert xs == [b.below(bound) for _ in range(20)]
    assert all(0 <= x < bound for x in xs)


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_clone_and_json_continue_identically(seed: int) -> None:
    rng = Rng(seed)
    rng.next_u64()
    copy, restored = rng.clone(), Rng.from_json(rng.to_json())
    assert [rng.next_u64() for _ in range(5)] == [copy.next_u64() for _ in range(5)]
    assert [copy.next_u64() for _ in range(3)] == [restored.next_u64() for _ in range(8)][5:]


def test_fork_does_not_advance_parent() -> None:
    rng = Rng(1)
    before = rng.clone()
    ai = rng.fork(99)
    ai.next_u64()
    assert rng == before
    assert ai.next_u64() != Rng(1).next_u64()


def test_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    rng = Rng(3)
    counts = [0] * 4
    for _ in range(4000):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        assert sorted(items) == [0, 1, 2, 3]
        counts[items[0]] += 1
    assert all(800 < c < 1200 for c in counts)
