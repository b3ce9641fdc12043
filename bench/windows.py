"""What response windows cost in time (issue 27.3, docs/ux.md "Response windows: what a window
costs"), on the engine alone: heuristic AI matches of each game in which seats 0 and 1 stand
for two people with auto-pass on (the default).

    python bench/windows.py [--games 20] [--seed 1] [--window 15] [--max-actions 2000]
    python bench/windows.py --open-all      # quest as before issue 27.3: every die window opens
    python bench/windows.py --held          # classic and duel as before issue 27.2 and 27.4

In a window (``Game.window``) the AI seats and a person holding an answer
(``Game.window_answers``) decide at once, as in SimCord (a person's thinking time is not
counted). When only people holding no answer are left, the bot's choice between hiding who
holds an answer and speed decides: with the privacy kept (what the bot does) nothing passes
for them before the window closes, so the match waits the server's whole window time (a
*lapse*); passing for them at once would cost nothing but tell everyone, by the window staying
open, that somebody holds an answer. ``window_wait_seconds_per_match`` is the lapses times the
window's seconds: the price of the privacy. Matches stop at ``--max-actions``.

``--held`` plays the rules before issue 27: any legal move besides Pass counted as an answer,
and a person who chose Pass had it held until the window closed (so that window lapsed too).

Prints one JSON object, one entry per game. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import CONCEDE, PASS, Action, Game, Rng
from engine.games import load_game

PEOPLE = frozenset({0, 1})
SEATS = {"classic": 4, "duel": 2, "quest": 4}


def _answers(game: Game[Any, Any], state: Any, seat: int, held: bool) -> bool:
    if held:  # before issue 27.2: any move besides Pass
        return any(a.kind not in (PASS, CONCEDE) for a in game.legal_actions(state, seat))
    return bool(game.window_answers(state, seat))


def one(
    game: Game[Any, Any], seats: int, seed: int, max_actions: int, held: bool = False
) -> dict[str, int]:
    state = game.new(seats, seed)
    holding: set[int] = set()  # people whose Pass is held in this window (``--held``)
    thinkers = [Rng(seed).fork(1000 + k) for k in range(seats)]
    counts = {"actions": 0, "windows": 0, "person_windows": 0, "lapses": 0, "person_moves": 0}
    was_open = False
    while game.outcome(state) is None and counts["actions"] < max_actions:
        window = game.window(state)
        if window is not None and not was_open:
            counts["windows"] += 1
            counts["person_windows"] += bool(window.waiting_on() & PEOPLE)
        if window is None or not was_open:
            holding.clear()
        was_open = window is not None
        if window is not None:
            asked = sorted(window.waiting_on())
            movers = [
                k
                for k in asked
                if k not in PEOPLE or (k not in holding and _answers(game, state, k, held))
            ]
            if not movers:  # only people holding no answer: the window runs its time
                counts["lapses"] += 1
                for seat in asked:
                    if seat in game.deciders(state):
                        game.apply(state, Action(seat, PASS))
                        counts["actions"] += 1
                was_open = False
                continue
            seat = movers[0]
        else:
            deciders = sorted(game.deciders(state))
            if not deciders:
                break
            seat = deciders[0]
        action = game.ai_action(state, seat, thinkers[seat], "heuristic")
        counts["person_moves"] += seat in PEOPLE
        if held and window is not None and seat in PEOPLE and action.kind == PASS:
            holding.add(seat)  # before issue 27.4: held until the close
            continue
        game.apply(state, action)
        counts["actions"] += 1
        if window is not None and action.kind != PASS:
            was_open = False  # an answer reopens the window: a new one for everyone
    return counts


def run(
    game_id: str, games: int, seed: int, window_s: float, max_actions: int, held: bool
) -> dict[str, Any]:
    game = load_game(game_id)
    totals: dict[str, int] = {}
    for n in range(games):
        for key, value in one(game, SEATS[game_id], seed + n, max_actions, held).items():
            totals[key] = totals.get(key, 0) + value
    per = {k: round(v / games, 1) for k, v in totals.items()}
    return {
        "matches": games,
        "per_match": per,
        "window_wait_seconds_per_match": round(totals["lapses"] * window_s / games, 1),
        "window_wait_seconds_per_100_person_moves": round(
            100 * totals["lapses"] * window_s / max(totals["person_moves"], 1), 1
        ),
    }


def open_every_die_window() -> None:
    """Quest as before issue 27.3: a die window after every roll, whoever could answer."""
    from engine.quest.rules import answerable, combat, dice, monsters, movement, running

    def due(s: Any, c: Any, what: str) -> bool:
        return bool(s.die_windows)

    for module in (dice, monsters, movement, running):
        module.die_window_due = due  # type: ignore[attr-defined]
    combat.changer_may_answer = lambda s, c: True  # type: ignore[attr-defined]
    answerable.die_window_due = due


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--window", type=float, default=15.0, help="the server's window seconds")
    parser.add_argument("--max-actions", type=int, default=2000)
    parser.add_argument("--game", action="append", choices=sorted(SEATS))
    parser.add_argument("--open-all", action="store_true", help="quest: every die window opens")
    parser.add_argument("--held", action="store_true", help="answers and Passes as before")
    args = parser.parse_args(argv)
    if args.open_all:
        open_every_die_window()
    out = {
        "window_seconds": args.window,
        "people": sorted(PEOPLE),
        "open_all": args.open_all,
        "held": args.held,
        "games": {
            g: run(g, args.games, args.seed, args.window, args.max_actions, args.held)
            for g in (args.game or sorted(SEATS))
        },
    }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
