"""Every hosted game, the tiny test game included, plays by the engine's contract: random
legal playouts keep its invariants, a record replays to the exact snapshot, its card files
load and pin, and the scenario runner reads its scenarios."""

from __future__ import annotations

import json

import pytest

from bot.plugins import GamePlugin
from engine import games as registry
from engine.core import Action
from engine.core.moves import undeclared
from engine.core.record import MatchRecord, replay
from engine.games import load_game
from engine.scenario import rules_for
from tests.games.kit import cases, playout, record_of

DECLARED_STEPS = 600  # longer than the kit's playouts: late-game moves are declared too


def test_random_legal_playouts_keep_the_invariants(plugin: GamePlugin) -> None:
    problems = []
    moves = 0
    for seats, seed in cases(plugin):
        played, _ = record_of(plugin, seats, seed)
        problems += played.problems
        moves += len(played.record.actions)
    assert moves > 0
    assert not problems, problems[:10]


def test_a_record_replays_to_its_snapshot(plugin: GamePlugin) -> None:
    for seats, seed in cases(plugin):
        played, state = record_of(plugin, seats, seed)
        stored = MatchRecord.model_validate_json(played.record.model_dump_json())
        assert replay(played.game, stored).to_json() == state.to_json(), (seats, seed)


def test_a_match_restored_from_its_snapshot_goes_on_as_the_live_one(plugin: GamePlugin) -> None:
    # A restart loads the last snapshot and plays on: the rest of the record must fold onto it.
    seats, seed = cases(plugin)[0]
    played, final = record_of(plugin, seats, seed)
    game, actions = played.game, played.record.action_list()
    half = len(actions) // 2
    midway = replay(game, played.record, upto=half)
    restored = game.load_state(json.loads(json.dumps(midway.to_json())))
    for action in actions[half:]:
        game.apply(restored, action)
    assert restored.to_json() == final.to_json()


def test_the_seat_range_is_the_engines(plugin: GamePlugin) -> None:
    game = load_game(plugin.id)
    assert game.id == plugin.id
    assert plugin.seats == range(game.min_seats, game.max_seats + 1) and len(plugin.seats) > 0
    for seats in (plugin.seats.start, plugin.seats.stop - 1):
        assert game.deciders(game.new(seats, 1)), "a new match waits on somebody"


def test_the_card_files_load_and_pin(plugin: GamePlugin) -> None:
    game = load_game(plugin.id)
    document = registry.definitions(game)
    if document is None:
        pytest.skip(f"{plugin.id} has no card files (a test game)")
    stored = json.loads(json.dumps(document))  # as the database keeps it
    digest = registry.digest_of(stored)
    assert digest == registry.digest_of(document)
    rebuilt = registry.from_definitions(plugin.id, digest, stored)
    assert rebuilt.card_set_digest == game.card_set_digest


def test_the_scenario_runner_reads_the_game(plugin: GamePlugin) -> None:
    if not plugin.engine.__module__.startswith("engine."):
        pytest.skip(f"{plugin.id} is a test game outside engine/: it has no scenario files")
    rules = rules_for(plugin.id)  # engine/<game>/scenario.py: the game's dialect
    game = load_game(plugin.id)
    seats = plugin.seats.start
    state = rules.build(game, {"game": plugin.id, "setup": {"seed": 1}, "seat": {}, "seats": seats})
    assert game.live_seats(state)
    assert isinstance(rules.facts(game, state), dict)


def test_the_playouts_reach_the_games_actions(plugin: GamePlugin) -> None:
    seats, seed = cases(plugin)[0]
    kinds = {s.action.kind for s in playout(plugin, seats, seed) if s.action is not None}
    assert kinds, "the kit's playouts reach the game's actions"


def test_legal_actions_are_declared_moves(plugin: GamePlugin) -> None:
    # Whatever ``legal_actions`` lists, for any seat, is a kind the game declares
    # (``Game.moves``) with its declared arguments: renderers read the arguments by name.
    game = load_game(plugin.id)
    assert game.moves, f"{plugin.id} declares no moves (Game.moves, engine/core/moves.py)"
    for seats, seed in cases(plugin):
        seen: list[Action] = []
        for step in playout(plugin, seats, seed, steps=DECLARED_STEPS):
            if game.outcome(step.state) is None:
                for seat in range(seats):
                    seen += game.legal_actions(step.state, seat)
        assert seen and undeclared(game.moves, seen) == [], f"seed {seed}, {seats} seats"
