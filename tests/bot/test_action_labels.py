"""Every action a classic or duel player can be offered has a label in our words: no kind may
fall back to the generic "kind and numbers" label or read "?" (a name that could not be found).

The kinds come from seeded playouts (heuristic and random seats, every table size), with the
legal actions of every seat at every step: deciders and seats acting between turns alike."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.games.classic import words as classic_words
from bot.games.duel import words as duel_words
from bot.plugins import renderer_for
from bot.render.controls import Control
from engine.core import Action, Rng
from engine.games import load_game
from tests.bot.render_support import NAMES

PLAYOUTS = 30
TABLES = {"classic": classic_words.CONTROLS, "duel": duel_words.CONTROLS}
MAX_STEPS = 3000


def _playout(game: Any, seats: int, seed: int, levels: tuple[str, str]) -> Iterator[Any]:
    """A seeded playout: yields the state before each move, then plays the move (seats take
    ``levels`` in turn); the events of each move are sent back to the caller's ``send``."""
    state = game.new(seats, seed)
    rng = Rng(seed)
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None or not game.deciders(state):
            return
        yield state
        seat = min(game.deciders(state))
        level = levels[(seed + seat) % 2]
        _EVENTS[:] = game.apply(state, game.ai_action(state, seat, rng, level))


_EVENTS: list[Any] = []  # the events of the move a playout made last
MIXED = ("random", "heuristic")


def _kinds(game_id: str, seats: int) -> dict[str, tuple[Action, Any]]:
    """The first action seen of each kind, with the view of the seat it was offered to."""
    game = load_game(game_id)
    found: dict[str, tuple[Action, Any]] = {}
    for seed in range(PLAYOUTS):
        for state in _playout(game, seats, seed, MIXED):
            for seat in range(seats):
                for action in game.legal_actions(state, seat):
                    if action.kind not in found:
                        found[action.kind] = (action, game.view(state, seat))
    return found


def _control(game_id: str, seats: int, action: Action, view: Any) -> Control:
    renderer = renderer_for(game_id)
    return renderer.control(action, renderer.read(view), NAMES[:seats])


@pytest.mark.parametrize(("game_id", "seats"), [("classic", 3), ("classic", 6), ("duel", 2)])
def test_every_action_kind_has_its_own_label(game_id: str, seats: int) -> None:
    found = _kinds(game_id, seats)
    assert len(found) > 10  # the playouts reached far into the game
    missing = []
    for kind, (action, view) in sorted(found.items()):
        label = _control(game_id, seats, action, view).label
        if kind not in TABLES[game_id] or "?" in label or not label.strip():
            missing.append(f"{kind}{action.args}: {label!r}")
    assert not missing, missing


def test_classic_bargain_kinds_are_all_reached() -> None:
    # 004: Asking for Help: the offer, the counter and their answers all show up in play.
    found = _kinds("classic", 4)
    for kind in ("ask", "propose", "accept", "decline", "counter", "demand", "promise_gold"):
        assert kind in found, kind


def _event_kinds(game_id: str, seats: int) -> dict[str, dict[str, Any]]:
    """The first public event seen of each kind in seeded playouts."""
    game = load_game(game_id)
    found: dict[str, dict[str, Any]] = {}
    for seed in range(PLAYOUTS):
        _EVENTS.clear()
        for _state in _playout(game, seats, seed, MIXED):
            for event in _EVENTS:
                found.setdefault(event.kind, event.for_viewer(None))
        for event in _EVENTS:
            found.setdefault(event.kind, event.for_viewer(None))
    return found


@pytest.mark.parametrize(("game_id", "seats"), [("classic", 4), ("duel", 2)])
def test_every_event_kind_has_a_log_line(game_id: str, seats: int) -> None:
    # The running log reads in our words: no event falls back to its raw kind name.
    renderer = renderer_for(game_id)
    raw = []
    for kind, event in sorted(_event_kinds(game_id, seats).items()):
        line = renderer.event_line(event, NAMES[:seats])
        if line.lower() == kind.replace("_", " ") or not line.strip():
            raw.append(f"{kind}: {line!r}")
    assert not raw, raw


@pytest.mark.parametrize(
    ("game_id", "seats", "phases"),
    [("classic", 4, classic_words.PHASES), ("duel", 2, duel_words.PHASES)],
)
def test_every_phase_has_a_name(game_id: str, seats: int, phases: Any) -> None:
    # The table's first line names the phase in words, never the engine's key.
    game = load_game(game_id)
    seen: set[str] = set()
    for seed in range(PLAYOUTS // 3):
        for state in _playout(game, seats, seed, ("random", "random")):
            seen.add(str(game.view(state, None).to_json().get("phase")))
    assert seen - set(phases) == set()


def test_every_declared_move_has_words() -> None:
    # The engines' move tables (engine/<game>/moves.py) name every kind they may list.
    from engine.classic.moves import MOVES as CLASSIC_MOVES
    from engine.duel.moves import MOVES as DUEL_MOVES

    assert set(CLASSIC_MOVES) <= set(TABLES["classic"])
    assert set(DUEL_MOVES) <= set(TABLES["duel"])
