"""Quest game length: actions and turns per game for a set of match options, one heuristic
seat against random ones (``--field heuristic``: a table of heuristic seats), on the same
seeded loop as ``python -m engine.simulate``.

    python bench/quest_length.py [--games 200] [--players 4] [--option KEY=VALUE ...]
    python bench/quest_length.py --option quick=1
    python bench/quest_length.py --option move=2
    python bench/quest_length.py --field heuristic

Prints one JSON line: the heuristic seat's wins, actions per game and turns per game (mean and
median; a turn is one seat's turn, so a 4-player round is 4 turns), the turns of the games it
won, and the turn at which it first reached Level 10. The figures of docs/rules/quest.md ("Game
length") come from here. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Rng
from engine.games import load_game
from engine.quest.game import Quest


def one(
    game: Quest, players: int, seed: int, options: dict[str, Any], field: str = "random"
) -> dict[str, Any]:
    """The loop of ``engine.simulate.play_one``: a scheduler stream picks the deciding seat,
    then every free actor is asked once."""
    levels = ["heuristic"] + [field] * (players - 1)
    state = game.new(players, seed, options)
    scheduler = Rng(seed).fork(7919)
    thinkers = [Rng(seed).fork(1000 + k) for k in range(players)]
    free = [Rng(seed).fork(5000 + k) for k in range(players)]
    actions, top_turn = 0, None
    for _ in range(20000):
        if game.outcome(state) is not None:
            break
        deciders = sorted(game.deciders(state))
        seat = deciders[scheduler.below(len(deciders))]
        game.apply(state, game.ai_action(state, seat, thinkers[seat], levels[seat]))
        actions += 1
        for other in range(players):
            if other in game.free_actors(state):
                extra = game.ai_free_action(state, other, free[other], levels[other])
                if extra is not None:
                    game.apply(state, extra)
                    actions += 1
        if top_turn is None and state.level[0] >= 10:
            top_turn = state.turn_no
    outcome = game.outcome(state)
    won = outcome is not None and 0 in outcome.winners
    done = outcome is not None
    return {
        "actions": actions,
        "turns": state.turn_no,
        "won": won,
        "level10": top_turn,
        "done": done,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE")
    parser.add_argument("--field", default="random", help="the other seats' level")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    for raw in args.option:
        key, _, value = raw.partition("=")
        options[key] = int(value)
    game = load_game("quest")
    assert isinstance(game, Quest)
    rows = [one(game, args.players, seed, options, args.field) for seed in range(1, args.games + 1)]
    acts = [r["actions"] for r in rows]
    turns = [r["turns"] for r in rows]
    won = [r["turns"] for r in rows if r["won"]]
    tops = [r["level10"] for r in rows if r["level10"] is not None]
    print(
        json.dumps(
            {
                "options": options,
                "field": args.field,
                "games": args.games,
                "finished": sum(1 for r in rows if r["done"]),
                "heuristic_wins": len(won),
                "actions_mean": round(statistics.mean(acts)),
                "actions_median": statistics.median(acts),
                "turns_mean": round(statistics.mean(turns), 1),
                "turns_median": statistics.median(turns),
                "won_turns_mean": round(statistics.mean(won), 1) if won else None,
                "level10_turn_mean": round(statistics.mean(tops), 1) if tops else None,
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
