"""Engine throughput: random-AI classic, duel and quest playouts against python-chess random
playouts.

    pip install -e '.[bench]'      # python-chess, for the comparison (optional)
    python bench/engine.py [--games 200] [--duel-games 200] [--quest-games 100] [--chess-games 50]

Counts an "action" as one ``legal_actions`` call plus one ``apply`` (a chess "move" is one
``legal_moves`` listing plus one ``push``). python-chess is optional (extra ``bench``); without
it a line on stderr says so and the classic and duel figures are still printed, without the
ratios. Also reports the median 4-player game time and the pickled size of a mid-game 6-player
state. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pickle
import statistics
import sys
from pathlib import Path
from time import perf_counter
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Rng
from engine.games import load_game


def classic_playouts(games: int, seats: int) -> tuple[int, float, list[float]]:
    game = load_game("classic")
    actions = 0
    times: list[float] = []
    start = perf_counter()
    for seed in range(games):
        t0 = perf_counter()
        state = game.new(seats, seed)
        rng = Rng(seed).fork(1)
        while game.outcome(state) is None:
            deciders = sorted(game.deciders(state))
            seat = deciders[rng.below(len(deciders))]
            legal = game.legal_actions(state, seat)
            game.apply(state, legal[rng.below(len(legal))])
            actions += 1
        times.append(perf_counter() - t0)
    return actions, perf_counter() - start, times


def duel_playouts(games: int) -> tuple[int, float]:
    """Random legal duels between alternating precons, counted like classic actions."""
    game = load_game("duel")
    precons = sorted(getattr(game, "decks", {})) or ["warrior", "thief"]
    actions = 0
    start = perf_counter()
    for seed in range(games):
        decks = [precons[seed % len(precons)], precons[(seed + 3) % len(precons)]]
        state = game.new(2, seed, {"decks": decks})
        rng = Rng(seed).fork(1)
        while game.outcome(state) is None:
            deciders = sorted(game.deciders(state))
            seat = deciders[rng.below(len(deciders))]
            legal = game.legal_actions(state, seat)
            game.apply(state, legal[rng.below(len(legal))])
            actions += 1
    return actions, perf_counter() - start


def quest_playouts(games: int, options: dict[str, Any] | None = None) -> tuple[int, float, int]:
    """Random legal 4-seat quest matches, counted like classic actions; also the turns played."""
    game = load_game("quest")
    actions = 0
    turns = 0
    start = perf_counter()
    for seed in range(games):
        state = game.new(4, seed, options)
        rng = Rng(seed).fork(1)
        while game.outcome(state) is None and actions < 10**9:
            deciders = sorted(game.deciders(state))
            seat = deciders[rng.below(len(deciders))]
            legal = game.legal_actions(state, seat)
            game.apply(state, legal[rng.below(len(legal))])
            actions += 1
        turns += state.turn_no
    return actions, perf_counter() - start, turns


NO_CHESS = (
    "python-chess is not installed: the classic and duel figures follow without the chess "
    "comparison (install it with: pip install -e '.[bench]')"
)


def chess_playouts(games: int) -> tuple[int, float] | None:
    try:
        import chess
    except ImportError:
        return None
    moves = 0
    start = perf_counter()
    for seed in range(games):
        board = chess.Board()
        rng = Rng(seed)
        while not board.is_game_over(claim_draw=False) and board.fullmove_number < 200:
            legal = list(board.legal_moves)
            board.push(legal[rng.below(len(legal))])
            moves += 1
    return moves, perf_counter() - start


def mid_game_size() -> int:
    game = load_game("classic")
    state = game.new(6, 3)
    rng = Rng(3)
    for _ in range(400):
        if game.outcome(state) is not None:
            break
        seat = rng.choice(sorted(game.deciders(state)))
        game.apply(state, rng.choice(game.legal_actions(state, seat)))
    return len(pickle.dumps(state))


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Engine throughput against python-chess (pip install -e '.[bench]')."
    )
    parser.add_argument("--games", type=int, default=200, help="classic 4-player games")
    parser.add_argument("--chess-games", type=int, default=50)
    parser.add_argument("--duel-games", type=int, default=200)
    parser.add_argument("--quest-games", type=int, default=100)
    args = parser.parse_args()
    chess_missing = importlib.util.find_spec("chess") is None
    if chess_missing:
        print(NO_CHESS, file=sys.stderr)
    actions, secs, times = classic_playouts(args.games, 4)
    out: dict[str, Any] = {
        "classic_games": args.games,
        "classic_actions": actions,
        "classic_actions_per_second": round(actions / secs, 1),
        "classic_median_game_ms_4p": round(statistics.median(times) * 1000, 2),
        "classic_midgame_6p_pickle_bytes": mid_game_size(),
    }
    duel_actions, duel_secs = duel_playouts(args.duel_games)
    out["duel_games"] = args.duel_games
    out["duel_actions"] = duel_actions
    out["duel_actions_per_second"] = round(duel_actions / duel_secs, 1)
    quest_actions, quest_secs, quest_turns = quest_playouts(args.quest_games)
    out["quest_games"] = args.quest_games
    out["quest_actions"] = quest_actions
    out["quest_actions_per_second"] = round(quest_actions / quest_secs, 1)
    out["quest_turns_per_game"] = round(quest_turns / max(args.quest_games, 1), 1)
    chess_result = None if chess_missing else chess_playouts(args.chess_games)
    if chess_result is None:
        out["chess"] = "not installed; no ratios (pip install -e '.[bench]')"
    else:
        moves, csecs = chess_result
        out["chess_moves_per_second"] = round(moves / csecs, 1)
        out["ratio_classic_to_chess"] = round((actions / secs) / (moves / csecs), 3)
        out["ratio_duel_to_chess"] = round((duel_actions / duel_secs) / (moves / csecs), 3)
        out["ratio_quest_to_chess"] = round((quest_actions / quest_secs) / (moves / csecs), 3)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
