"""Our own stable random numbers, kept in the game state.

Python's ``random`` may change its algorithms between versions, which would break replays of
stored matches, so the engine never uses it. This is a counter-based SplitMix64: the whole state
is ``(seed, counter)``, so cloning is two integers and any draw can be reproduced exactly.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """A reproducible generator. ``Rng(seed)`` always yields the same sequence on every Python."""

    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter

    def clone(self) -> Rng:
        return Rng(self.seed, self.counter)

    def fork(self, salt: int) -> Rng:
        """A separate stream (for AI thinking) that never advances this one."""
        return Rng(_mix((self.seed ^ _mix(salt & _MASK)) & _MASK), 0)

    def next_u64(self) -> int:
        self.counter += 1
        return _mix((self.seed + self.counter * _GAMMA) & _MASK)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def roll(self, sides: int = 6) -> int:
        """A die roll from 1 to ``sides``."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        return cls(int(data[0]), int(data[1]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.seed, self.counter) == (other.seed, other.counter)

    def __hash__(self) -> int:
        return hash((self.seed, self.counter))

    def __repr__(self) -> str:
        return f"Rng(seed={self.seed}, counter={self.counter})"
