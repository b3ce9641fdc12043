"""An independent audit of the classic engine against rules document 004: rules that had no
test that could fail. Each test names the 004 heading it checks. Tests marked ``xfail``
(strict) show a place where the engine does not yet do what the rule (or the card) says."""

from __future__ import annotations

import pytest

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.core import Action, Event, Rng

OWN_TURN_ONLY = frozenset({"play", "attach", "cheat", "sell", "buy_level", "steal", "deal"})


def _do(game: Classic, s: ClassicState, seat: int, kind: str, *args: object) -> list[Event]:
    action = find_action(game, s, {"seat": seat, "do": kind, "args": list(args)})
    assert action is not None, f"{kind} {args} is not legal for seat {seat}"
    return game.apply(s, action)


Step = tuple[ClassicState, Action, list[Event], ClassicState]


def _playout(game: Classic, seats: int, seed: int, steps: int) -> list[Step]:
    """A random legal playout: (before, action, events, after) for every step. About one step
    in three is a free actor's optional move, as in the property test. Odd seeds start every
    seat at level 8, so that fights for the win happen."""
    s = game.new(seats, seed)
    if seed % 2:
        s.levels = [8] * seats
    rng = Rng(seed).fork(7)
    out = []
    for _ in range(steps):
        if game.outcome(s) is not None:
            break
        free = sorted(game.free_actors(s))
        seat = (
            rng.choice(free) if free and rng.roll() <= 2 else rng.choice(sorted(game.deciders(s)))
        )
        legal = game.legal_actions(s, seat)
        if not legal:
            continue
        action = rng.choice(legal)
        before = s.clone()
        events = game.apply(s, action)
        out.append((before, action, events, s.clone()))
    return out


PLAYOUTS = [(3 + seed % 4, seed) for seed in range(12)]


@pytest.fixture(scope="module")
def playouts(game: Classic) -> list[list[Step]]:
    return [_playout(game, seats, seed, 600) for seats, seed in PLAYOUTS]


# ----- Setup / Big items --------------------------------------------------------------------


def test_setup_never_leaves_a_seat_over_its_big_item_limit(game: Classic) -> None:
    # 004: Big Items (a single Big item unless a power allows more) and Setup (2): the
    # starting characters must obey it too.
    t = game.table
    over = []
    for seats in range(3, 7):
        for seed in range(200):
            s = game.new(seats, seed)
            over += [(seed, p) for p in range(seats) if t.big_count(s, p) > t.max_big(s, p)]
            assert all(len(s.items[p]) == 2 for p in range(seats))
    assert over == []


def test_a_deck_is_rebuilt_the_moment_its_last_card_is_drawn(game: Classic) -> None:
    # 004: Card Management (the discards are shuffled back the moment a deck runs out).
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_mold"], "empty_decks": True},
        [{"level": 9}, {"hand": ["wander_in"]}],
    )
    assert s.door_discard  # every other Door card waits in the discards
    _do(game, s, 0, "kick")  # draws the last Door card
    assert s.door and not s.door_discard
    assert find_action(game, s, {"seat": 1, "do": "wander", "args": ["wander_in"]}) is None


# ----- Rewards: face down alone, face up with a helper --------------------------------------


def _kill_events(game: Classic, helped: bool) -> tuple[ClassicState, list[Event]]:
    s = build(
        game,
        {
            "seats": 3,
            "phase": "kick",
            "door": ["mon_gelatin"],
            "treasure": ["hat_pot", "ring_bling"],
        },
        [{"level": 3}, {"level": 3}],
    )
    _do(game, s, 0, "kick")
    if helped:
        _do(game, s, 0, "ask", 1)
        _do(game, s, 0, "propose", 0, 0, 0)
        _do(game, s, 1, "accept")
    else:
        s.levels[0] = 5  # strong enough alone
    events: list[Event] = []
    for seat in range(3):
        events += _do(game, s, seat, "pass")
    return s, events


def _named(events: list[Event], viewer: int | None) -> set[int]:
    """The cards the events name to ``viewer`` (under ``card`` or ``cards``)."""
    out: set[int] = set()
    for e in events:
        data = e.for_viewer(viewer)
        if isinstance(data.get("card"), int):
            out.add(data["card"])
        out.update(c for c in data.get("cards", []) if isinstance(c, int))
    return out


def test_treasure_from_a_solo_kill_is_drawn_face_down(game: Classic) -> None:
    # 004: Rewards (alone: only the killer sees what was drawn).
    s, events = _kill_events(game, helped=False)
    drawn = set(s.hands[0])
    assert len(drawn) == 2
    for viewer in (None, 1, 2):
        assert not drawn & _named(events, viewer)
    assert drawn <= _named(events, 0)


def test_treasure_from_a_helped_kill_is_drawn_face_up(game: Classic) -> None:
    # 004: Rewards (with a helper the whole table sees the treasure drawn).
    s, events = _kill_events(game, helped=True)
    drawn = set(s.hands[0]) | set(s.hands[1])
    assert len(drawn) == 2
    for viewer in (None, 2):
        assert drawn <= _named(events, viewer)
