"""A game's declared moves: every action kind it may list, with its arguments by name.

``Action(seat, kind, args)`` stays the wire format (records, custom ids): ``args`` is a tuple
in the order a move declares. The table is the one place that order is written down, so that
the engine resolving an action, the renderers wording it and the tests checking it all read
the arguments by name (``MOVES[a.kind].arg(a, "card")``) instead of by position.

A move may come in a bare form too (``bare``): the same word with no arguments (``accept``
answers the decision in front of the seat; ``accept`` with arguments answers one open offer
among several), or in a short form without its last ``short`` arguments (quest's ``ask``
promises Treasures; its long form adds a bribe of gold or an item). An argument that may name
nothing (no item asked for, no card paid) is declared in ``nothing``: on the wire it is
``NOTHING``, and ``maybe`` reads it as ``None``, so a handler never meets a "none" that could
pass for a card, seat or index (issue 26.4). ``resolve`` is the game's
handler for the kind when the kind alone decides how it resolves (duel, quest); games that
resolve by situation (classic: the decision owed, the fight, the phase) leave it ``None`` and
dispatch through their own decision table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core.actions import Action, ArgValue
from engine.core.nothing import NOTHING

__all__ = ["NOTHING", "Move", "MoveTable", "undeclared"]

H = TypeVar("H")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Move(Generic[H]):
    """One action kind: its argument names in wire order, whether it may also come bare or
    without its last ``short`` arguments, and (optionally) the handler that resolves it."""

    args: tuple[str, ...] = ()
    bare: bool = False
    resolve: H | None = None
    short: int = 0
    # The last argument name stands for any number of them, none too (quest's buy_level: the
    # items sold together for one level).
    many: bool = False
    # Arguments that may name nothing (``NOTHING`` on the wire): read them with ``maybe``.
    nothing: tuple[str, ...] = ()

    def arg(self, action: Action, name: str) -> ArgValue:
        """The argument called ``name``; ``KeyError`` if this form of the move has none."""
        try:
            return action.args[self.args.index(name)]
        except (ValueError, IndexError):
            raise KeyError(name) from None

    def get(self, action: Action, name: str) -> ArgValue | None:
        """The argument called ``name``, or ``None`` (a bare or short form, or no such
        argument)."""
        try:
            return self.arg(action, name)
        except KeyError:
            return None

    def maybe(self, action: Action, name: str) -> int | None:
        """An argument declared in ``nothing``: its id, or ``None`` where it names nothing;
        ``KeyError`` for an argument not so declared (or absent from this form)."""
        if name not in self.nothing:
            raise KeyError(name)
        value = int(self.arg(action, name))
        return None if value == NOTHING else value

    def resolved_by(self, resolve: R) -> Move[R]:
        """This move's shape with ``resolve`` as its handler (a game declaring its shapes
        below its handlers binds them afterwards)."""
        return Move(self.args, self.bare, resolve, self.short, self.many, self.nothing)

    def every(self, action: Action, name: str) -> tuple[ArgValue, ...]:
        """The arguments called ``name``: the one, or for the last name of a ``many`` move all
        of them from its place on (none for a form without it); ``KeyError`` for no such name."""
        if name not in self.args:
            raise KeyError(name)
        i = self.args.index(name)
        return action.args[i:] if self.many and i == len(self.args) - 1 else action.args[i : i + 1]

    def named(self, action: Action) -> dict[str, ArgValue]:
        """Every argument of ``action`` by name (empty for a bare form)."""
        return dict(zip(self.args, action.args, strict=False))

    def fits(self, action: Action) -> bool:
        """``action`` has this move's arity (or is its bare or short form)."""
        n = len(action.args)
        return (
            n == len(self.args)
            or (self.many and n >= len(self.args) - 1)
            or (self.bare and n == 0)
            or (self.short > 0 and n == len(self.args) - self.short)
        )


MoveTable = Mapping[str, Move[H]]


def undeclared(moves: Mapping[str, Move[H]], actions: list[Action]) -> list[Action]:
    """The actions a table does not declare, or declares with another arity (tests use it
    over random playouts: ``legal_actions`` may list only declared moves)."""
    return [a for a in actions if a.kind not in moves or not moves[a.kind].fits(a)]
