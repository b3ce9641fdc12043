"""One state's legal moves and views, each worked out once per seat (issue 29: the views and
legal moves memoised per state version).

A host asks the same state the same questions several times: a hand drawn after a move
lists its seat's legal moves, and the next click on it checks the move against the same
list; the table's spectator view is read by the publisher and by a table button's answer.
``Sight`` answers each (seat, question) once for one state and then from memory.

It is only right for a state **nobody changes any more**: ``Game.apply`` resolves a move by
changing the state it is given in place, so a memo of a state something later applies a
move to would answer for the state as it was. ``Sight.play`` therefore never touches its own
state: it applies the move to a clone, checked against the memo, and the clone is a new
state with a new ``Sight`` of its own (``bot.core.session.MatchSession`` keeps one per state:
a session's state is replaced by each move, never changed). Nothing is keyed by the state's
identity, so a state's id reused after it is gone cannot answer for another.

Views are kept per seat, ``None`` (a spectator) being a seat of its own: one seat's view is
never another's answer, so hidden cards cannot cross from one seat to another through the
memo (``tests/engine/core/test_memo.py`` compares every answer with a fresh one over seeded
playouts of every game).
"""

from __future__ import annotations

from typing import Generic

from engine.core.actions import Action, Event
from engine.core.protocol import Game, S, V


class Sight(Generic[S, V]):
    """What ``state`` shows each seat under ``game``: its legal moves and its view, each worked
    out on first use. ``state`` must not change while the sight is used (the module's doc)."""

    __slots__ = ("_legal", "_views", "game", "state")

    def __init__(self, game: Game[S, V], state: S) -> None:
        self.game = game
        self.state = state
        self._legal: dict[int, tuple[Action, ...]] = {}
        self._views: dict[int | None, V] = {}

    def legal(self, seat: int) -> list[Action]:
        """``Game.legal_actions`` of ``seat`` (a new list each time: a caller may change it)."""
        kept = self._legal.get(seat)
        if kept is None:
            kept = self._legal[seat] = tuple(self.game.legal_actions(self.state, seat))
        return list(kept)

    def view(self, seat: int | None) -> V:
        """``Game.view`` for ``seat`` (``None``: a spectator). Views are frozen values, so the
        one kept is handed out as it is."""
        if seat in self._views:
            return self._views[seat]
        view = self._views[seat] = self.game.view(self.state, seat)
        return view

    def play(self, action: Action) -> tuple[S, list[Event]]:
        """``action`` applied to a clone of the state, checked against the memo's legal moves
        (``Game.apply``'s ``legal``): the state and the memo stay as they were, a refused
        action raises ``IllegalAction`` and changes nothing."""
        state = self.state.clone()
        events = self.game.apply(state, action, legal=self.legal)
        return state, events
