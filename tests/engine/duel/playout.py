"""Random legal playouts and the invariants checked after every step."""

from __future__ import annotations

from engine.core import Action, Event, Rng
from engine.core.record import MatchRecord, start_record
from engine.duel.game import Duel
from engine.duel.invariants import hidden_from, invariants
from engine.duel.state import DuelState


def _card_refs(data: object) -> set[int]:
    found: set[int] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("card", "on") and isinstance(value, int):
                found.add(value)
            elif key == "cards" and isinstance(value, list):
                found |= {v for v in value if isinstance(v, int)}
            else:
                found |= _card_refs(value)
    return found


def check_events(
    s: DuelState, events: list[Event], hidden_before: dict[int | None, set[int]]
) -> None:
    """Redacted events never name a card that stayed hidden from that viewer, except the
    ones the rules show on purpose (a Reveal, a Flaunt)."""
    for viewer in (None, 0, 1):
        still_hidden = hidden_before[viewer] & hidden_from(s, viewer)
        for event in events:
            if event.kind in ("revealed", "revealed_commit"):
                continue
            refs = _card_refs(event.for_viewer(viewer)) - s.flaunted
            assert not refs & still_hidden, (viewer, event)


def check_invariants(game: Duel, s: DuelState) -> None:
    assert invariants(game, s) == []
    if game.outcome(s) is None:
        for seat in game.deciders(s):
            for action in game.legal_actions(s, seat):
                # every action can become a button id and come back
                assert len(action.key) <= 80
                assert Action.from_key(seat, action.key) == action


def random_game(
    game: Duel,
    seed: int,
    max_steps: int = 3000,
    check: bool = True,
    decks: tuple[object, object] = ("warrior", "thief"),
) -> tuple[DuelState, MatchRecord]:
    options: dict[str, object] = {"decks": list(decks)}
    s = game.new(2, seed, options)
    record = start_record(game, 2, seed, options)
    rng = Rng(seed).fork(7)
    for _ in range(max_steps):
        if game.outcome(s) is not None:
            break
        deciders = sorted(game.deciders(s))
        seat = deciders[rng.below(len(deciders))]
        if rng.below(400) == 0:
            action = Action(seat, "concede")
        else:
            action = rng.choice(game.legal_actions(s, seat))
        hidden_before = {p: hidden_from(s, p) for p in (None, 0, 1)}
        events = game.apply(s, action)
        if check:
            check_events(s, events, hidden_before)
        record.append(action)
        if check:
            check_invariants(game, s)
    return s, record
