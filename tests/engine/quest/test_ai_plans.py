"""The heuristic seat's plans (issue 16, item 4): it explores when nothing better is in reach,
so a table of AI seats plays to the end; it walks only through rooms it can cross (R40, R90,
R121), heals and summons by the rules (R53, R138), and calls Stop on a Level 10 rival when a
card it holds can slow him (R161, R162)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Action, Rng
from engine.quest.ai.plan_moves import PATIENCE
from engine.quest.ai.plan_paths import explore_sides, routes, safe
from engine.quest.board import step_cell
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.state import QuestState
from engine.simulate import run

CHORES = ("play", "arrange", "levelup", "buy_level", "pick_up", "take", "skip", "pass")


def _heuristic_turn_start(quest: Quest, seed: int) -> QuestState:
    s = quest.new(2, seed)
    rngs = [Rng(seed).fork(k) for k in range(2)]
    while s.phase == "prep":
        seat = min(quest.deciders(s))
        quest.apply(s, quest.ai_action(s, seat, rngs[seat], "heuristic"))
    return s


def test_the_heuristic_explores_on_its_first_turn(quest: Quest) -> None:
    # R46: nobody has laid a room yet; the heuristic seat goes into the dark itself rather
    # than wait in the Entrance for someone else to explore (the all-AI stall of issue 16)
    for seed in range(1, 6):
        s = _heuristic_turn_start(quest, seed)
        seat, rng = s.turn, Rng(seed)
        action = quest.ai_action(s, seat, rng, "heuristic")
        while action.kind in CHORES:
            quest.apply(s, action)
            action = quest.ai_action(s, seat, rng, "heuristic")
        assert action.kind == "go", (seed, action)
        assert step_cell(s.pos[seat], str(action.args[0])) not in s.rooms


def test_an_all_heuristic_table_plays_to_the_end() -> None:
    # R123: someone beats the Boss (or every seat dies, R26) within a bounded number of
    # actions: an all-AI lobby on Discord never stalls
    summary = run("quest", 2, 3, 1, ["heuristic", "heuristic"], max_actions=4000, check=True)
    assert summary.errors == 0 and summary.invariant_violations == 0
    assert summary.completed == 3 and summary.turn_limit_hits == 0


def _playout(quest: Quest, seats: int, seed: int, steps: int) -> QuestState:
    s = quest.new(seats, seed)
    rngs = [Rng(seed).fork(k) for k in range(seats)]
    for _ in range(steps):
        if quest.outcome(s) is not None:
            break
        seat = min(quest.deciders(s))
        quest.apply(s, quest.ai_action(s, seat, rngs[seat], "heuristic"))
    return s


@settings(max_examples=15, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(1, 10_000), steps=st.integers(20, 400))
def test_routes_cross_only_rooms_we_may_cross(seats: int, seed: int, steps: int) -> None:
    # R90: entering a room with monsters that do not ignore you starts a fight; R121: at
    # Level 10 the Entrance calls up the Boss. A planned way's first room is its goal or a
    # room we may walk into; every first side is a link we may go through (R40, R41); every
    # edge planned for exploring faces the dark while tiles remain (R46, R54)
    from engine.games import load_game

    quest = load_game("quest")
    assert isinstance(quest, Quest)
    s = _playout(quest, seats, seed, steps)
    c = quest.content
    for seat in range(seats):
        start = s.pos[seat]
        for goal, route in routes(s, c, seat).items():
            if goal == start:
                assert route.first is None
                continue
            assert route.first is not None and route.cost >= 1
            first = step_cell(start, route.first)
            assert first in s.rooms
            assert first == goal or safe(s, c, seat, first)
        for _, cell, side in explore_sides(s, c, seat):
            assert s.tile_pool and step_cell(cell, side) not in s.rooms


def _table(quest: Quest, seats: list[Mapping[str, Any]], **setup: Any) -> QuestState:
    rooms = [
        {"room": "r01a", "x": 1, "y": 0},
        {"room": "r02a", "x": 2, "y": 0},
        {"room": "r03a", "x": 3, "y": 0},
    ]
    return build(quest, {"seats": len(seats), "rooms": rooms, **setup}, seats)


def test_stop_on_a_level_ten_rival_with_a_curse(quest: Quest) -> None:
    # R161: a card meant to prevent something is announced before it happens: the heuristic
    # stops a Level 10 rival on his way to the Boss and plays its worst curse on him (R162:
    # a curse on anyone, any time; Curse of the level first)
    s = _table(
        quest,
        [{"at": [0, 0], "hand": ["curse_level", "curse_hit"]}, {"at": [2, 0], "level": 10}],
        turn=1,
    )
    rng = Rng(1)
    stop = quest.ai_free_action(s, 0, rng, "heuristic")
    assert stop == Action(0, "stop")
    quest.apply(s, stop)
    curse = quest.ai_action(s, 0, rng, "heuristic")
    assert curse.kind == "curse" and curse.args[1] == 1
    assert quest.content.name(int(curse.args[0])) == "curse_level"
    quest.apply(s, curse)
    assert s.level[1] == 9
    # at Level 9 he is no longer on his way to the Boss: the rest of the hand waits
    assert quest.ai_action(s, 0, rng, "heuristic") == Action(0, "go_on")


def test_no_stop_without_a_threat_or_a_card(quest: Quest) -> None:
    # R161: Stop is free to call (it shows nothing about the hand) but the heuristic calls it
    # only when it pays: a Level 9 rival, or nothing in hand that slows a Level 10 one
    s = _table(quest, [{"hand": ["curse_level"]}, {"at": [2, 0], "level": 9}], turn=1)
    assert quest.ai_free_action(s, 0, Rng(1), "heuristic") is None
    s = _table(quest, [{"hand": ["curse_race"]}, {"at": [2, 0], "level": 10}], turn=1)
    assert quest.ai_free_action(s, 0, Rng(1), "heuristic") is None  # he has no race to lose


def test_stop_walls_off_a_level_ten_rivals_way_home(quest: Quest) -> None:
    # R161, the seed's own example: Instant Masonry walls off the way he was about to take,
    # the first link of his cheapest way to the Entrance (R2: never the Entrance's own links)
    s = _table(quest, [{"hand": ["instant_masonry"]}, {"at": [3, 0], "level": 10}], turn=1)
    rng = Rng(1)
    quest.apply(s, quest.ai_free_action(s, 0, rng, "heuristic") or Action(0, "none"))
    wall = quest.ai_action(s, 0, rng, "heuristic")
    assert wall.kind == "link_to" and wall.args[1] == "W"
    quest.apply(s, wall)
    assert quest.ai_action(s, 0, rng, "heuristic") == Action(0, "go_on")


def test_level_ten_and_hurt_gives_up_a_level_to_heal(quest: Quest) -> None:
    # R138: a level for up to three hits; a Boss fight lost at 2 Health left could kill (R124)
    s = _table(quest, [{"at": [1, 0], "level": 10, "hits": 2}, {"at": [3, 0]}])
    assert quest.ai_action(s, 0, Rng(1), "heuristic") == Action(0, "heal_level")


def test_level_ten_goes_for_the_boss_when_it_can_win(quest: Quest) -> None:
    # R121: a Level 10 munchkin in the Entrance on his turn calls up the Boss; with gear
    # enough for fair odds the heuristic walks there (the cheapest way, R40)
    items = ["mithrilish_mail", "great_cleaver", "siege_pike"]
    s = _table(quest, [{"at": [1, 0], "level": 10, "items": items}, {"at": [3, 0]}])
    s.boss_level = 12
    assert quest.ai_action(s, 0, Rng(1), "heuristic") == Action(0, "go", ("W",))


def test_level_nine_waits_for_boss_odds_then_stops_waiting(quest: Quest) -> None:
    # R121, R124: the kill that makes Level 10 sends us to a Level 20 Boss, and a lost Boss
    # fight costs a level: at Level 9 the heuristic leaves an easy monster alone until its
    # gear gives it a fair chance; a table that has waited long enough goes on regardless
    s = _table(
        quest, [{"level": 9}, {"at": [3, 0]}], monsters=[{"id": "moss_blob", "x": 1, "y": 0}]
    )
    assert quest.ai_action(s, 0, Rng(1), "heuristic") == Action(0, "end_turn")
    s.turn_no = 2 * (PATIENCE + 10)
    assert quest.ai_action(s, 0, Rng(1), "heuristic") == Action(0, "go", ("E",))


def test_summon_when_the_tiles_are_gone(quest: Quest) -> None:
    # R53: with the dungeon laid, entering an empty room may summon a monster, the only new
    # ones left; the heuristic takes it when healthy, not when one more hit could kill it
    gear = ["mithrilish_mail", "great_cleaver"]
    s = _table(quest, [{"level": 5, "items": gear}, {"at": [3, 0]}], empty_tiles=True)
    quest.apply(s, Action(0, "go", ("E",)))
    assert s.pending and s.pending[-1].kind == "summon"
    assert quest.ai_action(s, 0, Rng(1), "heuristic") == Action(0, "summon")
    s = _table(quest, [{"level": 5, "items": gear, "hits": 3}, {"at": [3, 0]}], empty_tiles=True)
    quest.apply(s, Action(0, "go", ("E",)))
    assert quest.ai_action(s, 0, Rng(1), "heuristic") == Action(0, "no_summon")
