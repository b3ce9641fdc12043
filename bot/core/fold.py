"""A match's log folded over a new state with what a restart needs beside the state: the
events of its last actions (the table's "Last moves" after a restart) and when each seat's
hand last fell due (so a restart re-sends only a hand that was really lost)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.core.session import in_window
from engine.core import Event, Game
from engine.core.record import CardSetChanged, MatchRecord

RECENT_ACTIONS = 30  # actions whose events are kept for the table's "Last moves"


@dataclass
class Fold:
    """A record folded over a new state, with what a restart needs beside the state."""

    state: Any
    recent: list[Event]
    hand_due: dict[int, int]
    # Who was deciding before the response window the match ends in opened (None: in none).
    told: frozenset[int] | None = None
    # The state after the first ``at`` actions, as stored (``plain``), when asked for: what a
    # snapshot taken there must hold (snapshots are written every few actions, not each).
    at_state: Any = None


def fold(game: Game[Any, Any], record: MatchRecord, at: int | None = None) -> Fold:
    """Replay ``record`` (every action checked) keeping the events of its last actions and,
    per seat, the action count at which its hand last fell due by the publisher's rule: at
    the start; when it starts to decide outside a response window, unless it was deciding
    before the window opened (issue 27.1); when the game's plugin deals it a fresh hand (a
    classic trade offer's partner). With ``at``, also the state after that many actions
    (``Fold.at_state``), to check a snapshot against."""
    header = record.header
    if header.game != game.id:
        raise ValueError(f"record is for {header.game!r}, not {game.id!r}")
    if header.card_set_digest != game.card_set_digest:
        raise CardSetChanged(header.card_set_digest)
    state = game.new(header.seats, header.seed, header.options)
    due = dict.fromkeys(range(header.seats), 0)
    actions = record.action_list()
    recent: list[Event] = []
    deciding = frozenset[int]() if in_window(game, state) else game.deciders(state)
    at_state = plain(state.to_json()) if at == 0 else None
    for count, action in enumerate(actions, start=1):
        events = game.apply(state, action)
        if count == at:
            at_state = plain(state.to_json())  # a copy: the state goes on changing in place
        if count > len(actions) - RECENT_ACTIONS:
            recent.extend(events)
        now = game.deciders(state)
        window = in_window(game, state)
        seats = set() if window else set(now - deciding)
        seats.update(s for event in events for s in game.asked_by_name(event))  # as hands do
        for seat in seats:
            due[seat] = count
        deciding = deciding if window else now
    return Fold(state, recent, due, deciding if in_window(game, state) else None, at_state)


def plain(value: Any) -> Any:
    """As stored: JSON's own types (tuples become lists, keys become strings)."""
    return json.loads(json.dumps(value))
