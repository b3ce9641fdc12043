"""How long one decision may think: a deterministic cap on iterations, and optionally a time
budget read from a clock the caller injects (the engine itself never reads a clock: it stays
pure and replayable, ``tests/engine/core/test_purity.py``). Tests use the cap alone, so the
same seed always gives the same choice; the bot and the arena add a clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]

DEFAULT_ITERATIONS = 16
"""The cap when no clock is given: enough samples for a stable choice, small enough that a
test or a replay-free ``Game.ai_action(level="strong")`` stays quick."""


@dataclass(frozen=True, slots=True)
class Budget:
    """``iterations``: sampled worlds at most. ``seconds`` with ``clock``: stop starting new
    work once that much time has passed since ``start()``."""

    iterations: int = DEFAULT_ITERATIONS
    seconds: float = 0.0
    clock: Clock | None = None

    def start(self) -> Callable[[], bool]:
        """A function telling whether the time is up (never, without a clock)."""
        clock = self.clock
        if clock is None or self.seconds <= 0:
            return _never
        deadline = clock() + self.seconds
        return lambda: clock() >= deadline


def _never() -> bool:
    return False
