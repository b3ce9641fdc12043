"""Measure AI-vs-AI duels (not a test: run it by hand).

.venv/bin/python -m tests.engine.duel.bench_selfplay --games 200 --ai heuristic,random
"""

from __future__ import annotations

import json
import sys
import time

from engine.duel.game import Duel
from engine.duel.selfplay import batch
from engine.games import load_game


def main(argv: list[str]) -> int:
    opts = {"--games": "100", "--seed": "1", "--ai": "random,random", "--decks": "warrior,thief"}
    for i in range(0, len(argv) - 1, 2):
        opts[argv[i]] = argv[i + 1]
    game = load_game("duel")
    assert isinstance(game, Duel)
    start = time.perf_counter()
    summary = batch(
        game,
        int(opts["--games"]),
        int(opts["--seed"]),
        opts["--ai"].split(","),
        opts["--decks"].split(","),
    )
    elapsed = time.perf_counter() - start
    summary["games_per_second"] = round(summary["games"] / elapsed, 1)
    summary["actions_per_second"] = round(summary["avg_actions"] * summary["games"] / elapsed)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
