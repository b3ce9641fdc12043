"""The strong AI's think time and its pool (issue 30.2, 30.4), on the real worker processes.

    python bench/ai_timing.py [--game classic] [--budget-ms 200] [--samples 10] [--json]

For decisions with one legal move and decisions with a choice (positions of seeded random
playouts), the wall time from asking the pool to its answer: with a fixed think time the two
series sit together at the budget. Then a worker is killed and the time until the next
decision is searched again (the pool replacing and warming a new worker) is reported. A
benchmark, never a test: the tests assert the same properties on clocks they keep.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.core.ai_pool import AiPool  # noqa: E402
from engine.games import load_game  # noqa: E402


def decisions(game_id: str, forced: bool, count: int) -> list[tuple[Any, int]]:
    """``count`` positions whose first decider has one legal move (``forced``) or more."""
    game = load_game(game_id)
    found: list[tuple[Any, int]] = []
    for seed in range(1, 200):
        state = game.new(4 if game_id == "classic" else 2, seed)
        chooser = random.Random(seed)
        for _ in range(300):
            deciders = sorted(game.deciders(state))
            if not deciders:
                break
            seat = deciders[0]
            legal = game.legal_actions(state, seat)
            if (len(legal) == 1) == forced:
                found.append((state.clone(), seat))
                break
            game.apply(state, chooser.choice(legal))
        if len(found) >= count:
            return found
    return found


async def series(pool: AiPool, game_id: str, forced: bool, args: argparse.Namespace) -> list[float]:
    game = load_game(game_id)
    took = []
    for state, seat in decisions(game_id, forced, args.samples):
        job = (game.id, game.card_set_digest, None, state.to_json(), seat, [7, 0])
        began = time.perf_counter()
        thought = await pool.think(1, job, args.budget_ms / 1000)
        took.append((time.perf_counter() - began) * 1000)
        if thought.action is None:
            print(f"no answer: {thought.why}", file=sys.stderr)
    return took


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "min_ms": round(ordered[0], 1),
        "p50_ms": round(statistics.median(ordered), 1),
        "max_ms": round(ordered[-1], 1),
    }


async def main(args: argparse.Namespace) -> dict[str, Any]:
    pool = AiPool(size=1)
    await pool.healed()
    try:
        forced = await series(pool, args.game, True, args)
        chosen = await series(pool, args.game, False, args)
        [pid] = pool.pids()
        os.kill(pid, signal.SIGKILL)
        game = load_game(args.game)
        state, seat = decisions(args.game, False, 1)[0]
        job = (game.id, game.card_set_digest, None, state.to_json(), seat, [7, 0])
        began = time.perf_counter()
        thought = await pool.think(1, job, args.budget_ms / 1000)
        healed_ms = (time.perf_counter() - began) * 1000
    finally:
        await pool.close()
    return {
        "game": args.game,
        "budget_ms": args.budget_ms,
        "forced": summary(forced),
        "choice": summary(chosen),
        "after_a_kill": {
            "searched": thought.action is not None,
            "why": thought.why,
            "ms": round(healed_ms, 1),
            "replaced": pool.replaced,
        },
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="classic")
    parser.add_argument("--budget-ms", type=float, default=200.0)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    found = asyncio.run(main(parser.parse_args()))
    print(json.dumps(found) if parser.parse_args().json else json.dumps(found, indent=2))
