"""What a snapshot every K actions costs a restart: the tail each live match would replay.

    python bench/restore.py --matches 1000 --db kept.sqlite3   # build (and keep) the matches
    python bench/snapshot_every.py kept.sqlite3 [--every 1,4,8,16,32]

For each K, every live match's log is cut where a snapshot every K actions would leave it (the
state after the last multiple of K, as ``bot.core.ledger.snapshot_of`` writes it), then that
state is loaded and the rest of the log played on it, as ``Restorer._from_snapshot`` does at a
restart. Prints one JSON line per K: the mean tail and the CPU (``time.process_time``) of
loading and playing every match's, the restart's added work (docs/reliability.md, "A
snapshot every few actions"). A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Action, Game
from engine.core.record import RecordHeader
from engine.games import load_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db", type=Path, help="a SQLite database bench/restore.py built")
    parser.add_argument("--every", default="1,4,8,16,32", help="the K values to try")
    args = parser.parse_args()
    conn = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    logs: list[tuple[RecordHeader, list[dict[str, Any]]]] = []
    for match_id, header in conn.execute(
        "SELECT id, header_json FROM matches WHERE status = 'live'"
    ):
        rows = conn.execute(
            "SELECT action_json FROM actions WHERE match_id = ? ORDER BY idx", (match_id,)
        )
        logs.append((RecordHeader.model_validate_json(header), [json.loads(a) for (a,) in rows]))
    games: dict[str, Game[Any, Any]] = {}
    for every in (int(k) for k in args.every.split(",")):
        cut: list[tuple[Game[Any, Any], Any, list[dict[str, Any]]]] = []
        for header, actions in logs:
            game = games.setdefault(header.game, load_game(header.game))
            state = game.new(header.seats, header.seed, header.options)
            at = len(actions) // every * every
            for action in actions[:at]:
                game.apply(state, Action.from_json(action))
            cut.append((game, json.loads(json.dumps(state.to_json())), actions[at:]))
        started = time.process_time()
        for game, snapshot, tail in cut:
            state = game.load_state(snapshot)
            for action in tail:
                game.apply(state, Action.from_json(action))
        cpu = time.process_time() - started
        tails = sum(len(t) for _, _, t in cut)
        figures = {"every": every, "matches": len(cut), "mean_tail": round(tails / len(cut), 2)}
        print(json.dumps({**figures, "cpu_s": round(cpu, 3)}), flush=True)


if __name__ == "__main__":
    main()
