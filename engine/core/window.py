"""The response window: a moment when several players may answer before play goes on.

Who is eligible never depends on hidden cards (everyone gets a Pass, so nobody learns who holds
an answer). A response pushes onto a last-in, first-out stack and reopens the window to
everyone; the window closes when every eligible seat has passed since the last response.

``ResponseWindow`` is the mutable window a state may keep (classic, duel); ``OpenWindow`` is
what every engine declares to the rest through ``Game.window`` (issue 27.1), whatever its state
keeps: quest's die windows and a fight's stages are windows like the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class ResponseWindow:
    """``eligible`` in the order they are asked; ``passed`` since the last response."""

    kind: str
    eligible: tuple[int, ...]
    passed: set[int] = field(default_factory=set)
    stack: list[Any] = field(default_factory=list)

    @property
    def closed(self) -> bool:
        return all(seat in self.passed for seat in self.eligible)

    def waiting_on(self) -> frozenset[int]:
        return frozenset(seat for seat in self.eligible if seat not in self.passed)

    def pass_(self, seat: int) -> None:
        if seat not in self.eligible:
            raise ValueError(f"seat {seat} is not eligible in this window")
        self.passed.add(seat)

    def respond(self, seat: int, entry: Any) -> None:
        """Put a response on the stack; everyone gets to answer it, including the responder."""
        if seat not in self.eligible:
            raise ValueError(f"seat {seat} is not eligible in this window")
        self.stack.append(entry)
        self.passed.clear()

    def pop(self) -> Any:
        """The most recent response (last in, first out)."""
        return self.stack.pop()

    def remove_seat(self, seat: int) -> None:
        """A seat that leaves the match (concedes, is eliminated) stops holding the window up."""
        self.eligible = tuple(s for s in self.eligible if s != seat)
        self.passed.discard(seat)

    def clone(self) -> ResponseWindow:
        return ResponseWindow(self.kind, self.eligible, set(self.passed), list(self.stack))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "eligible": list(self.eligible),
            "passed": sorted(self.passed),
            "stack": list(self.stack),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ResponseWindow:
        return cls(
            str(data["kind"]),
            tuple(int(s) for s in data["eligible"]),
            {int(s) for s in data["passed"]},
            list(data["stack"]),
        )


@dataclass(frozen=True, slots=True)
class OpenWindow:
    """A response window the match waits on, as its engine declares it (``Game.window``):
    ``about`` says what it is about in the game's own word (a renderer names it: ``fight``,
    ``die:monster_turn``), ``eligible`` who is asked in order, ``passed`` who passed since its
    last answer. Like a ``ResponseWindow``'s, who is asked never depends on hidden cards."""

    about: str
    eligible: tuple[int, ...]
    passed: frozenset[int] = frozenset()

    def waiting_on(self) -> frozenset[int]:
        return frozenset(seat for seat in self.eligible if seat not in self.passed)

    @classmethod
    def of(cls, window: ResponseWindow) -> OpenWindow:
        passed = frozenset(s for s in window.eligible if s in window.passed)
        return cls(window.kind, window.eligible, passed)
