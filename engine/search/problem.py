"""What the search needs from a game: the moves worth weighing, the move the heuristic
(``normal``) would play, worlds sampled from one seat's view, a fast playout and a score."""

from __future__ import annotations

from typing import Any, Protocol

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
