"""AI-vs-AI matches for any registered game, summarised as one JSON object.

    python -m engine.simulate --game classic --players 4 --games 200 --seed 1 \
        --ai heuristic,random,random,random --json
    python -m engine.simulate --game duel --games 500 --seed 1 --ai heuristic,random \
        --decks warrior,thief --json

``--decks`` names a preconstructed deck per seat (games with decks only: duel); without it
the game's default decks are used. ``--option KEY=VALUE`` (repeatable) passes a match
option to ``Game.new`` (quest: ``--option quick=1`` is the quicker game). Each seat's AI
level comes from ``--ai`` (``random``, ``heuristic``, ...; passed to ``Game.ai_action``).
With ``--check`` every action is followed by ``Game.invariants(state)`` (an optional capability
a game declares in ``engine/core``; violations are counted, not raised).

``seconds`` is the CPU time of this process: the engine never reads the wall clock (a purity
rule, ``tests/engine/core/test_purity.py``); ``bench/engine.py`` measures wall time.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import Action, Game, Rng
from engine.games import available, load_game


@dataclass
class Summary:
    games: int = 0
    completed: int = 0
    errors: int = 0
    invariant_violations: int = 0
    actions: int = 0
    seconds: float = 0.0
    turn_limit_hits: int = 0
    wins_by_seat: list[int] = field(default_factory=list)
    draws: int = 0
    first_error: str | None = None

    def to_json(self) -> dict[str, Any]:
        secs = max(self.seconds, 1e-9)
        return {
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "invariant_violations": self.invariant_violations,
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "actions_per_second": round(self.actions / secs, 1),
            "games_per_second": round(self.games / secs, 3),
            "wins_by_seat": self.wins_by_seat,
            "win_rate_by_seat": [round(w / max(self.games, 1), 3) for w in self.wins_by_seat],
            "draws": self.draws,
            "turn_limit_hits": self.turn_limit_hits,
            "first_error": self.first_error,
        }


def play_one(
    game: Game[Any, Any],
    players: int,
    seed: int,
    levels: list[str],
    max_actions: int,
    check: bool,
    summary: Summary,
    options: Mapping[str, Any] | None = None,
) -> None:
    """One seeded match; the deciding seat inside a window is drawn from a scheduler stream
    so that nobody always answers first. After each move, every free actor (a seat the match
    is not waiting on) is asked once, in seat order, whether it plays something now
    (``Game.ai_free_action``, with a stream of its own): at most one extra action per seat
    per move, so a match still ends within ``max_actions`` moves."""
    state = game.new(players, seed, options)
    scheduler = Rng(seed).fork(7919)
    thinkers = [Rng(seed).fork(1000 + seat) for seat in range(players)]
    free_thinkers = [Rng(seed).fork(5000 + seat) for seat in range(players)]
    invariants = game.invariants if check else None

    def step(action: Action) -> None:
        game.apply(state, action)
        summary.actions += 1
        if invariants is not None:
            problems = invariants(state)
            if problems:
                summary.invariant_violations += len(problems)
                summary.first_error = summary.first_error or f"seed {seed}: {problems[0]}"

    for _ in range(max_actions):
        if game.outcome(state) is not None:
            break
        deciders = sorted(game.deciders(state))
        if not deciders:
            raise RuntimeError("live game with no decider")
        seat = deciders[scheduler.below(len(deciders))]
        step(game.ai_action(state, seat, thinkers[seat], levels[seat]))
        for other in range(players):
            if other not in game.free_actors(state):
                continue
            extra = game.ai_free_action(state, other, free_thinkers[other], levels[other])
            if extra is not None:
                step(extra)
    outcome = game.outcome(state)
    if outcome is None:
        summary.turn_limit_hits += 1
        return
    summary.completed += 1
    if not outcome.winners:
        summary.draws += 1
    for seat in outcome.winners:
        summary.wins_by_seat[seat] += 1


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    levels: list[str],
    max_actions: int = 20000,
    check: bool = False,
    decks: list[str] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> Summary:
    game = load_game(game_id)
    summary = Summary(wins_by_seat=[0] * players)
    options: dict[str, Any] | None = {"decks": list(decks)} if decks else None
    if extra:
        options = {**(options or {}), **extra}
    start = cpu_seconds()
    for i in range(games):
        summary.games += 1
        try:
            play_one(game, players, seed + i, levels, max_actions, check, summary, options)
        except Exception as exc:  # counted, so one bad game never hides the rest
            summary.errors += 1
            summary.first_error = summary.first_error or f"seed {seed + i}: {exc!r}"
    summary.seconds = cpu_seconds() - start
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate")
    parser.add_argument("--game", default="classic")
    parser.add_argument(
        "--players", type=int, default=None, help="seats (default: one per --ai level, else 4)"
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ai", default="", help="comma-separated AI level per seat")
    parser.add_argument("--decks", default="", help="comma-separated precon per seat (duel)")
    parser.add_argument(
        "--option", action="append", default=[], help="KEY=VALUE match option (repeatable)"
    )
    parser.add_argument("--max-actions", type=int, default=20000)
    parser.add_argument("--check", action="store_true", help="check invariants every step")
    parser.add_argument("--json", action="store_true", help="print only the JSON summary")
    args = parser.parse_args(argv)
    if args.game not in available():
        parser.error(f"unknown game {args.game!r}; choose from {', '.join(available())}")
    levels = [x for x in args.ai.split(",") if x] or ["random"]
    if args.players is None:
        game = load_game(args.game)
        wanted = len(levels) if len(levels) > 1 else 4
        args.players = min(max(wanted, game.min_seats), game.max_seats)
    levels = (levels * args.players)[: args.players] if len(levels) < args.players else levels
    if len(levels) != args.players:
        parser.error("--ai must name one level per seat (or fewer, repeated)")
    decks = [x for x in args.decks.split(",") if x]
    if decks:
        known = getattr(load_game(args.game), "decks", None)
        if not isinstance(known, dict):
            parser.error(f"--decks: {args.game} has no preconstructed decks")
        unknown = [d for d in decks if d not in known]
        if unknown or len(decks) != args.players:
            parser.error(f"--decks needs one of {', '.join(sorted(known))} per seat")
    extra: dict[str, Any] = {}
    for raw in args.option:
        key, sep, value = raw.partition("=")
        if not sep or not key:
            parser.error(f"--option {raw!r}: use KEY=VALUE")
        extra[key] = int(value) if value.lstrip("-").isdigit() else value
    summary = run(
        args.game,
        args.players,
        args.games,
        args.seed,
        levels,
        args.max_actions,
        args.check,
        decks or None,
        extra or None,
    )
    out = summary.to_json()
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:>22}: {value}")
    return 1 if summary.errors else 0


if __name__ == "__main__":
    sys.exit(main())
