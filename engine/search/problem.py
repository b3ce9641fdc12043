"""What the search needs from a game: the moves worth weighing, the move the heuristic
(``normal``) would play, worlds sampled from one seat's view, a fast playout and a score."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from engine.core import Action, Rng


class SearchProblem(Protocol):
    """One game's side of the search. ``state`` is the real match state: implementations read
    from it only what ``seat`` may see (``determinize`` rebuilds everything else)."""

    def candidates(self, state: Any, seat: int) -> list[Action]:
        """The seat's legal actions worth weighing (a subset of ``legal_actions``)."""
        ...

    def baseline(self, state: Any, seat: int, rng: Rng) -> Action:
        """The heuristic's choice: kept unless the samples clearly prefer another move."""
        ...

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        """A full state that agrees with everything ``seat`` sees, every hidden card and the
        dice drawn afresh from ``rng``; the result must not depend on how the hidden cards
        really lie."""
        ...

    def play(self, world: Any, action: Action) -> None:
        """Apply an action already known to be legal (no legality re-check)."""
        ...

    def playout(self, world: Any, rng: Rng) -> None:
        """Play on with the heuristic for every seat up to the game's cut-off."""
        ...

    def score(self, world: Any, seat: int) -> float:
        """How good the position is for ``seat``: 1 won, 0 lost, in between an estimate."""
        ...


G = TypeVar("G")
P = TypeVar("P")


class ProblemCache(Generic[G, P]):
    """One search problem per loaded game. Keyed by the game object itself (weakly), not by
    ``id(game)``: an id is reused once a game is freed, and a pinned card set's game built
    later at the same address would otherwise be searched with another game's cards."""

    def __init__(self, build: Callable[[G], P]) -> None:
        self._build = build
        self._problems: weakref.WeakKeyDictionary[G, P] = weakref.WeakKeyDictionary()

    def __call__(self, game: G) -> P:
        problem = self._problems.get(game)
        if problem is None:
            problem = self._problems[game] = self._build(game)
        return problem
