"""The classic game honours the shared protocol: setup, refusals, clone, JSON, views."""

from __future__ import annotations

import pytest

from engine.classic import Classic
from engine.classic.invariants import hidden_from, visible_cards
from engine.core import CONCEDE, Action, IllegalAction, Rng
from engine.games import load_game


def test_registered_in_the_game_registry() -> None:
    assert load_game("classic").id == "classic"


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_setup_starting_characters(game: Classic, seats: int) -> None:
    # 004: Setup: one starred Door and two starred Treasures each, face up; no hand; 500 gold.
    s = game.new(seats, 11)
    t = game.table
    for seat in range(seats):
        assert s.hands[seat] == []
        assert s.gold[seat] == 500
        assert s.levels[seat] == 1
        assert len(s.roles[seat]) == 1 and t.defs[s.roles[seat][0]].starter
        assert len(s.items[seat]) == 2 and all(t.defs[c].starter for c in s.items[seat])
    assert s.phase == "listen"
    assert game.invariants(s) == []


def test_first_player_by_die_roll_varies(game: Classic) -> None:
    # 004: Starting and Finishing the Game: a die roll decides who starts.
    assert len({game.new(4, seed).turn for seed in range(40)}) == 4


def test_seat_count_refused(game: Classic) -> None:
    with pytest.raises(IllegalAction):
        game.new(2, 1)
    with pytest.raises(IllegalAction):
        game.new(7, 1)


def test_refused_action_changes_nothing(game: Classic) -> None:
    s = game.new(4, 3)
    before = s.to_json()
    other = (s.turn + 1) % 4
    for bad in (Action(other, "listen", ("door",)), Action(s.turn, "kick"), Action(s.turn, "x")):
        with pytest.raises(IllegalAction):
            game.apply(s, bad)
    assert s.to_json() == before


def test_clone_is_independent(game: Classic) -> None:
    s = game.new(4, 5)
    c = s.clone()
    game.apply(c, Action(c.turn, "listen", ("door",)))
    assert s.to_json() != c.to_json()
    assert s.to_json() == game.new(4, 5).to_json()


def test_json_round_trip_mid_game(game: Classic) -> None:
    s = game.new(5, 9)
    rng = Rng(1)
    for _ in range(300):
        if game.outcome(s) is not None:
            break
        seat = rng.choice(sorted(game.deciders(s)))
        game.apply(s, rng.choice(game.legal_actions(s, seat)))
    assert game.load_state(s.to_json()).to_json() == s.to_json()


def test_views_hide_hands_and_decks(game: Classic) -> None:
    s = game.new(4, 2)
    game.apply(s, Action(s.turn, "listen", ("door",)))
    drawn = s.hands[s.turn][0]
    for seat in range(4):
        view = game.view(s, seat).to_json()
        assert not visible_cards(view) & hidden_from(s, seat)
        assert (drawn in visible_cards(view)) == (seat == s.turn)
        assert view["hand_sizes"][s.turn] == 1


def test_draw_event_is_secret_to_others(game: Classic) -> None:
    s = game.new(4, 2)
    events = game.apply(s, Action(s.turn, "listen", ("treasure",)))
    drew = next(e for e in events if e.kind == "drew")
    assert "card" in drew.for_viewer(s.turn)
    assert "card" not in drew.for_viewer((s.turn + 1) % 4)
    assert "card" not in drew.for_viewer(None)


def test_default_action_is_safe(game: Classic) -> None:
    s = game.new(4, 2)
    assert game.default_action(s, s.turn).kind == "listen"
    game.apply(s, game.default_action(s, s.turn))
    assert game.default_action(s, s.turn).kind == "kick"


def test_concede_last_player_standing(game: Classic) -> None:
    s = game.new(3, 4)
    game.apply(s, Action(0, CONCEDE))
    game.apply(s, Action(1, CONCEDE))
    outcome = game.outcome(s)
    assert outcome is not None and outcome.winners == (2,)
    assert outcome.reason == "last_standing"
    assert game.invariants(s) == []


def test_live_seats_drop_conceded(game: Classic) -> None:
    s = game.new(4, 4)
    game.apply(s, Action(2, CONCEDE))
    assert game.live_seats(s) == frozenset({0, 1, 3})
    assert game.outcome(s) is None


@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_ai_playouts_finish(game: Classic, level: str) -> None:
    for seed in range(5):
        s = game.new(4, seed)
        rngs = [Rng(seed).fork(p) for p in range(4)]
        for _ in range(5000):
            if game.outcome(s) is not None:
                break
            seat = min(game.deciders(s))
            game.apply(s, game.ai_action(s, seat, rngs[seat], level))
        assert game.outcome(s) is not None


def test_snapshots_from_before_hirelings_and_promises_still_load(game: Classic) -> None:
    # Live matches are restored from stored snapshots: fields added later get their defaults.
    from engine.classic.scenario import build, find_action

    s = build(game, {"seats": 3, "phase": "kick", "door": ["mon_ogre"]}, [{"level": 4}])
    action = find_action(game, s, {"seat": 0, "do": "kick"})
    assert action is not None
    game.apply(s, action)
    old = s.to_json()
    del old["hired"]
    for key in ("deal_win_gold", "deal_win_items"):
        del old["combat"][key]
    loaded = game.load_state(old)
    assert loaded.hired == [[], [], []]
    assert loaded.combat is not None and loaded.combat.deal_win_items == []
