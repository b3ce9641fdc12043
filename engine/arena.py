"""Strength figures for the AI levels: one seat of a level against a field of another.

    python -m engine.arena --game classic --players 4 --seat strong --field normal \
        --games 400 --seed 1 --budget-ms 200 --json
    python -m engine.arena --game duel --seat strong --field normal --games 420 --seed 1 \
        --budget-ms 200 --json

The measured seat moves round the table from game to game (game ``i`` puts it at seat
``i % players``) so that position does not bias the result. In duel both sides play the same
precon, rotated through every precon, and the measured seat swaps sides every game (seven
precons and two sides: every pairing comes round once in 14 games). Game ``i`` is seeded with
``seed + i``, so a figure is reproduced by the same command, whatever ``--jobs`` is.
``--journal FILE`` keeps every finished game, so a run stopped early carries on where it was
(``engine/arena_journal.py``); ``bench/arena/`` holds the journals behind docs/ai.md's figures.

The time budget is process CPU time (``resource``; the engine never reads the wall clock):
each worker thinks for the same amount of work however loaded the machine is, and
``ms_per_decision`` is measured the same way, over the decisions where the measured seat had
more than one legal move. ``--iterations`` caps the sampled worlds per decision instead of
(or besides) the time. ``ci95`` is the Wilson score interval of the win rate.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import resource
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine import arena_journal
from engine.arena_journal import GameResult, Setup
from engine.core import Game, Rng
from engine.games import available, load_game
from engine.search import Budget
from engine.search.levels import STRONG, think

UNCAPPED = 1_000_000
MAX_ACTIONS = 20_000


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def budget_of(setup: Setup) -> Budget:
    iterations = setup.iterations or UNCAPPED
    if setup.budget_ms <= 0:
        return Budget(iterations)
    return Budget(iterations, setup.budget_ms / 1000, cpu_seconds)


def play_game(setup: Setup, index: int) -> GameResult:
    game = load_game(setup.game)
    seed = setup.seed + index
    hero = index % setup.players
    precon = setup.precons[index % len(setup.precons)] if setup.precons else None
    options = {"decks": [precon, precon]} if precon else None
    levels = [setup.field_level] * setup.players
    levels[hero] = setup.seat_level
    result = GameResult(index, False, False, precon)
    try:
        _play(game, setup, seed, levels, hero, options, result)
    except Exception as exc:  # counted, so that one broken game never hides the rest
        result.error = f"game {index} (seed {seed}): {exc!r}"
    return result


def _play(
    game: Game[Any, Any],
    setup: Setup,
    seed: int,
    levels: list[str],
    hero: int,
    options: dict[str, Any] | None,
    result: GameResult,
) -> None:
    state = game.new(setup.players, seed, options)
    scheduler = Rng(seed).fork(7919)
    thinkers = [Rng(seed).fork(1000 + p) for p in range(setup.players)]
    free = [Rng(seed).fork(5000 + p) for p in range(setup.players)]
    budget = budget_of(setup)
    for _ in range(MAX_ACTIONS):
        if game.outcome(state) is not None:
            break
        deciders = sorted(game.deciders(state))
        seat = deciders[scheduler.below(len(deciders))]
        if levels[seat] == STRONG and len(game.legal_actions(state, seat)) > 1:
            start = cpu_seconds()
            report = think(game, state, seat, thinkers[seat], budget)
            if seat == hero:
                result.think_ms.append((cpu_seconds() - start) * 1000)
                result.changed += report.action != report.baseline
            action = report.action
        else:
            level = "normal" if levels[seat] == STRONG else levels[seat]
            action = game.ai_action(state, seat, thinkers[seat], level)
        game.apply(state, action)
        for other in range(setup.players):
            if other in game.free_actors(state):
                level = "normal" if levels[other] == STRONG else levels[other]
                extra = game.ai_free_action(state, other, free[other], level)
                if extra is not None:
                    game.apply(state, extra)
    outcome = game.outcome(state)
    if outcome is None:
        result.draw = True
        return
    result.won = hero in outcome.winners
    result.draw = not outcome.winners


def wilson(wins: int, n: int, z: float = 1.96) -> list[float]:
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def summarise(setup: Setup, results: list[GameResult]) -> dict[str, Any]:
    results = sorted(results, key=lambda r: r.index)
    played = [r for r in results if r.error is None]
    wins = sum(r.won for r in played)
    times = [t for r in played for t in r.think_ms]
    out: dict[str, Any] = {
        "game": setup.game,
        "players": setup.players,
        "seat": setup.seat_level,
        "field": setup.field_level,
        "seed": setup.seed,
        "budget_ms": setup.budget_ms,
        "iterations": setup.iterations or None,
        "games": len(played),
        "wins": wins,
        "win_rate": round(wins / max(len(played), 1), 3),
        "ci95": wilson(wins, len(played)),
        "draws": sum(r.draw for r in played),
        "decisions": len(times),
        "changed_from_normal": sum(r.changed for r in played),
        "ms_per_decision": {
            "mean": round(sum(times) / len(times), 1) if times else 0.0,
            "p99": round(percentile(times, 0.99), 1),
        },
        "clock": "process CPU time",
        "errors": len(results) - len(played),
        "first_error": next((r.error for r in results if r.error), None),
    }
    if setup.precons:
        by: dict[str, dict[str, Any]] = {}
        for precon in setup.precons:
            mine = [r for r in played if r.precon == precon]
            won = sum(r.won for r in mine)
            by[precon] = {
                "games": len(mine),
                "wins": won,
                "win_rate": round(won / max(len(mine), 1), 3),
            }
        out["by_precon"] = by
    return out


def run(
    setup: Setup,
    games: int,
    jobs: int = 1,
    out: str | None = None,
    journal: Path | None = None,
) -> dict[str, Any]:
    """Every game's result as it comes; with ``out``, the summary so far is rewritten there
    after each game, so that a long run stopped early still leaves its figure. With
    ``journal``, games it already holds are not played again and each new one is added."""
    results = [r for r in arena_journal.load(journal, setup) if r.index < games] if journal else []
    todo = sorted(set(range(games)) - {r.index for r in results})
    for result in _results(setup, todo, jobs):
        results.append(result)
        if journal:
            arena_journal.append(journal, setup, result)
        if out:
            _write(out, summarise(setup, results))
    return summarise(setup, results)


def _results(setup: Setup, indices: list[int], jobs: int) -> Iterator[GameResult]:
    if jobs <= 1 or len(indices) <= 1:
        yield from (play_game(setup, i) for i in indices)
        return
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(jobs) as pool:
        yield from pool.imap_unordered(_play_indexed, [(setup, i) for i in indices])


def _play_indexed(job: tuple[Setup, int]) -> GameResult:
    return play_game(*job)


def _write(path: str, summary: dict[str, Any]) -> None:
    partial = Path(f"{path}.part")
    partial.write_text(json.dumps(summary) + "\n")
    partial.replace(path)  # atomic: a reader never sees half a file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.arena")
    parser.add_argument("--game", default="classic")
    parser.add_argument("--players", type=int, default=None, help="seats (default 4; duel 2)")
    parser.add_argument("--seat", default=STRONG, help="the measured seat's level")
    parser.add_argument("--field", default="normal", help="every other seat's level")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=200.0, help="CPU ms per decision")
    parser.add_argument("--iterations", type=int, default=0, help="sampled worlds cap (0: none)")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--json", action="store_true", help="print only the JSON summary")
    parser.add_argument("--out", default=None, help="rewrite the summary here after each game")
    parser.add_argument(
        "--journal",
        type=Path,
        default=None,
        help="keep each finished game here (JSON lines) and skip the games it already holds",
    )
    args = parser.parse_args(argv)
    if args.game not in available():
        parser.error(f"unknown game {args.game!r}; choose from {', '.join(available())}")
    game = load_game(args.game)
    players = args.players or min(max(4, game.min_seats), game.max_seats)
    if not game.min_seats <= players <= game.max_seats:
        parser.error(f"{args.game} seats {game.min_seats}-{game.max_seats} players")
    if args.budget_ms <= 0 and args.iterations <= 0 and STRONG in (args.seat, args.field):
        parser.error("the strong level needs --budget-ms or --iterations")
    decks = getattr(game, "decks", None)
    precons = tuple(sorted(decks)) if isinstance(decks, dict) else ()
    setup = Setup(
        args.game,
        players,
        args.seat,
        args.field,
        args.seed,
        args.budget_ms,
        args.iterations,
        precons,
    )
    try:
        out = run(setup, args.games, args.jobs, args.out, args.journal)
    except arena_journal.JournalMismatch as exc:
        parser.error(str(exc))
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:>20}: {value}")
    return 1 if out["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
