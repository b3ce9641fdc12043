"""Random legal playouts with the invariants after every step (issue 16): each card and tile
in exactly one place, Health within bounds, no monster resting in the Entrance, monsters
never crossing what they may not; replay equals state; no hidden card in another seat's view."""

from __future__ import annotations

import itertools

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.core import Action, Event, Rng
from engine.core.record import replay, start_record
from engine.games import load_game
from engine.quest.content import HIDDEN, LOCKED, WALL
from engine.quest.game import Quest
from engine.quest.state import QuestState
from engine.quest.views import visible_cards

_LOADED = load_game("quest")
assert isinstance(_LOADED, Quest)
GAME: Quest = _LOADED  # narrowed here: a module global is not narrowed inside functions
MAX_STEPS = 4000


def hidden_from(s: QuestState, seat: int | None) -> set[int]:
    out = {c for v in s.decks.values() for c in v}
    for k in range(s.seats):
        if k != seat:
            out |= set(s.hand[k])
    return out


def _check_views(game: Quest, s: QuestState) -> None:
    for seat in [None, *range(s.seats)]:
        data = game.view(s, seat).to_json()
        leaked = visible_cards(data) & hidden_from(s, seat)
        assert not leaked, f"seat {seat} sees hidden cards {leaked}"


def _check_events(events: list[Event], s: QuestState) -> None:
    """Private draws name their cards only to their audience (SPEC 3.15)."""
    for e in events:
        if e.audience:
            for seat in [None, *range(s.seats)]:
                if seat is None or seat not in e.audience:
                    shown = e.for_viewer(seat)
                    assert "cards" not in shown and "card" not in shown, e.kind


def _check_monster_moves(
    game: Quest, before: QuestState, after: QuestState, events: list[Event]
) -> None:
    """001 F40/F15 (R75, R77, R78, R81): a path never revisits a room, never stops in the
    Entrance, and crosses locked/hidden doors and walls only by its card. Links are read after
    the turn: a door smashed during it (R80) is a passage by then, and nothing else opens."""
    c = game.content
    for e in events:
        if e.kind != "monster_turn":
            continue
        for serial, path in e.data["paths"]:
            cells = [tuple(p) for p in path if isinstance(p, list)]
            assert len(cells) == len(set(cells)), path
            assert cells[-1] != (0, 0) or len(cells) == 1, path
            m = next(x for x in before.mons if x.serial == serial)
            d = c.monsters[m.mdef]
            for a, b in itertools.pairwise(cells):
                if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 or "wrap" in path:
                    continue
                side = {(1, 0): "E", (-1, 0): "W", (0, 1): "S", (0, -1): "N"}[
                    (b[0] - a[0], b[1] - a[1])
                ]
                from engine.quest.board import edge

                kind = after.links.get(edge(a, side))
                if kind == LOCKED:
                    assert "locked" in d.crosses, (d.id, path)
                if kind == HIDDEN:
                    assert "hidden" in d.crosses, (d.id, path)
                if kind == WALL:
                    assert "wall" in d.crosses, (d.id, path)


@settings(max_examples=25, deadline=None)
@given(
    seats=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32),
    quick=st.booleans(),
)
# R81: a monster blocked just beyond the Entrance once recorded a pass through it (and stopped
# there in its path) though it never moved; found by a fresh-seed run.
@example(seats=4, seed=2010, quick=False)
def test_random_playouts_keep_invariants(seats: int, seed: int, quick: bool) -> None:
    game = GAME
    options = {"move": 2, "quick": True} if quick else {}
    state = game.new(seats, seed, options)
    record = start_record(game, seats, seed, options)
    rng = Rng(seed).fork(3)
    for step in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        deciders = sorted(game.deciders(state))
        assert deciders, "live game without a decider"
        seat = rng.choice(deciders)
        legal = game.legal_actions(state, seat)
        assert legal, f"decider {seat} has no legal action"
        action = rng.choice(legal)
        free = sorted(game.free_actors(state))
        assert not set(free) & set(deciders)
        if free and rng.below(4) == 0:
            other = rng.choice(free)
            extra = game.legal_actions(state, other)
            if extra:
                action = rng.choice(extra)
        assert Action.from_key(action.seat, action.key) == action
        before = state.clone()
        events = game.apply(state, action)
        record.append(action)
        _check_events(events, state)
        _check_monster_moves(game, before, state, events)
        assert game.invariants(state) == []
        if step % 20 == 0:
            _check_views(game, state)
            assert game.load_state(state.to_json()).to_json() == state.to_json()
    _check_views(game, state)
    assert replay(game, record).to_json() == state.to_json()


def test_clone_is_independent() -> None:
    s = GAME.new(3, 5)
    t = s.clone()
    t.hand[0].append(999)
    t.level[1] = 7
    assert 999 not in s.hand[0] and s.level[1] == 1
    assert s.to_json() == GAME.new(3, 5).to_json()
