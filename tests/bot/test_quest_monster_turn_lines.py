"""The Monster Turn in the log: one line per monster, naming it and the rooms it walked
between and why it stopped (issue 27.7), after the turn's own line."""

from __future__ import annotations

from functools import partial

from bot.plugins import plugin
from engine.core import Rng
from engine.games import load_game

NAMES = ["Alice", "Bob", "Ada (AI)", "Bram (AI)"]


def test_each_monster_that_moved_gets_a_line_with_its_rooms() -> None:
    game = load_game("quest")
    renderer = plugin("quest").renderer
    state = game.new(4, 3)
    thinkers = [Rng(3).fork(k) for k in range(4)]
    for _ in range(3000):
        deciders = sorted(game.deciders(state))
        if game.outcome(state) is not None or not deciders:
            break
        seat = deciders[0]
        happened = game.apply(state, game.ai_action(state, seat, thinkers[seat], "heuristic"))
        turns = [e for e in happened if e.kind == "monster_turn"]
        paths = turns[0].data["paths"] if turns else []
        moved = [p for _, p in paths if sum(isinstance(c, list) for c in p) > 1]
        if not moved:
            continue
        board = game.view(state, None).to_json()
        events = [e.for_viewer(None) for e in happened]
        lines = renderer.event_lines(events, partial(dict, board), NAMES)
        walks = [line for line in lines if line.startswith("The ") and " walks from " in line]
        assert walks, lines
        assert all(" to " in line and line.endswith(".") for line in walks)
        assert not any("{" in line for line in lines)
        return
    raise AssertionError("no monster moved in this match")


def test_a_line_names_the_rooms_between_and_why_it_stopped() -> None:
    from bot.games.quest import monsterturn

    rooms = {(0, 0): "the Entrance", (1, 0): "Bone Pit", (2, 0): "Moss Hall"}
    event = {"paths": [[7, [[0, 0], [1, 0], [2, 0], "blocked"]], [8, [[1, 0], "lurks"]]]}
    said = monsterturn.lines(event, None, rooms)
    assert said == [
        "The monster walks from the Entrance to Moss Hall through Bone Pit and stops: blocked.",
        "The monster stays in Bone Pit: it lurks.",
    ]
