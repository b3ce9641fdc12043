"""The same match with its card instances numbered otherwise (issue 26.4): a game whose card
list is pinned in another order (instance ``i`` of one is instance ``perm[i]`` of the other)
must play the same: the same deciders and legal moves, the same events, the same views and
the same outcome, up to the renumbering. A rule that reads a number as a card where it meant
"none" (quest's 1.1: ``magic_double = 0`` doubled card instance 0 in every fight) plays
differently once another card is instance 0, and fails here.

Each game's test gives: the two games, the two starting states (the second the first's with
every card id renumbered), how an action's card arguments renumber (by their names in the
game's move table) and how a view reads with its card ids numbered back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import Action, Event, Game, Rng
from engine.core.moves import Move
from engine.core.nothing import NOTHING

Renumber = Callable[[int], int]


@dataclass(frozen=True, slots=True)
class Relabelling:
    """``new[i]`` is the id card ``i`` gets; ``old`` the way back."""

    new: tuple[int, ...]
    old: tuple[int, ...]

    @classmethod
    def shuffled(cls, n: int, seed: int) -> Relabelling:
        order = list(range(n))
        Rng(seed).shuffle(order)
        back = [0] * n
        for i, j in enumerate(order):
            back[j] = i
        return cls(tuple(order), tuple(back))

    @classmethod
    def identity(cls, n: int) -> Relabelling:
        return cls(tuple(range(n)), tuple(range(n)))

    def to_new(self, card: int) -> int:
        return card if card < 0 else self.new[card]  # NOTHING and other negatives stay

    def to_old(self, card: int) -> int:
        return card if card < 0 else self.old[card]


def renumber_args(
    moves: Mapping[str, Move[Any]], names: frozenset[str], action: Action, f: Renumber
) -> Action:
    """``action`` with every argument the move table names in ``names`` renumbered by ``f``
    (``NOTHING`` stays nothing)."""
    move = moves.get(action.kind)
    if move is None or not action.args:
        return action
    args = list(action.args)
    for i, value in enumerate(args):
        name = move.args[min(i, len(move.args) - 1)] if move.args else ""
        if name in names and isinstance(value, int) and value != NOTHING:
            args[i] = f(value)
    if move.many:  # a set of cards (quest's items sold together), listed by id
        tail = len(move.args) - 1
        args[tail:] = sorted(args[tail:], key=lambda v: (isinstance(v, str), v))
    return Action(action.seat, action.kind, tuple(args))


def canonical(value: Any) -> Any:
    """Lists of numbers or of lists compared as multisets: an engine may sort by card id."""
    if isinstance(value, dict):
        return {k: canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        items = [canonical(v) for v in value]
        if all(not isinstance(v, dict) for v in items):
            return sorted(items, key=repr)
        return items
    return value


@dataclass(slots=True)
class Twins:
    """One match played twice, on ``a`` and on its relabelled twin ``b``."""

    a: Game[Any, Any]
    b: Game[Any, Any]
    sa: Any
    sb: Any
    relabel: Relabelling
    action_to_new: Callable[[Action], Action]
    view_to_old: Callable[[dict[str, Any], Relabelling], dict[str, Any]]
    seats: int

    def check_same(self, views: bool) -> None:
        a, b, sa, sb = self.a, self.b, self.sa, self.sb
        assert a.outcome(sa) == b.outcome(sb)
        assert a.deciders(sa) == b.deciders(sb)
        assert a.free_actors(sa) == b.free_actors(sb)
        for seat in sorted(a.deciders(sa) | a.free_actors(sa)):
            mine = Counter(self.action_to_new(x) for x in a.legal_actions(sa, seat))
            assert mine == Counter(b.legal_actions(sb, seat)), f"seat {seat}'s legal moves"
        if views:
            for seat in [None, *range(self.seats)]:
                same = Relabelling.identity(len(self.relabel.new))
                va = self.view_to_old(a.view(sa, seat).to_json(), same)
                vb = self.view_to_old(b.view(sb, seat).to_json(), self.relabel)
                assert canonical(va) == canonical(vb), f"the view of seat {seat}"

    def play(
        self, steps: int, rng: Rng, every: int = 10, avoid: frozenset[str] = frozenset()
    ) -> int:
        """Random legal moves chosen on ``a`` and made on both (a kind in ``avoid`` only when
        nothing else is legal: a match cut short tests little); the number of moves made."""

        def pick(actions: list[Action]) -> Action:
            return rng.choice([x for x in actions if x.kind not in avoid] or actions)

        for step in range(steps):
            self.check_same(views=step % every == 0)
            if self.a.outcome(self.sa) is not None:
                return step
            deciders = sorted(self.a.deciders(self.sa))
            action = pick(self.a.legal_actions(self.sa, rng.choice(deciders)))
            free = sorted(self.a.free_actors(self.sa))
            if free and rng.below(4) == 0:
                extra = self.a.legal_actions(self.sa, rng.choice(free))
                if extra:
                    action = pick(extra)
            ea: list[Event] = self.a.apply(self.sa, action)
            eb: list[Event] = self.b.apply(self.sb, self.action_to_new(action))
            assert [e.kind for e in ea] == [e.kind for e in eb], f"events after {action}"
        self.check_same(views=True)
        return steps
