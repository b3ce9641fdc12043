"""Crash: SIGKILL the bot process at random moments and prove nothing acknowledged is lost.

    python bench/chaos.py --kills 100 [--seed 1] [--db PATH | --database postgresql://...] [--json]

Each round starts ``bench/_chaos_worker.py`` (the match service on a real SQLite file, or with
``--database`` on a throwaway database made on that PostgreSQL server for the run, started
as the bot starts it, with simulated players in a dozen matches at once), lets it run for a
random time between ``--min-ms`` and ``--max-ms`` (so some kills land during the start-up
restore, most in the middle of play), and kills it with SIGKILL. The worker prints one
acknowledgement per committed move; the driver appends them to its own file, fsynced, before
the kill. After each kill, with no process holding the database, it checks:

- ``PRAGMA integrity_check`` is ``ok`` (SQLite);
- every acknowledged start and move is in the database, at the index it was acknowledged at;
- every match whose snapshot changed replays from its log to exactly that snapshot;
- every builder's plan (several moves sent as one, ``act_all``) the kill caught being sent is
  in the log whole or not at all (``plans_whole`` / ``plans_none``; ``plans_split`` must be
  0), and every acknowledged plan is there whole.

Then the next round restarts the worker on the same database. A round killed before the first
migration committed (a slow start on a busy machine) has nothing to check; the run counts such
rounds and fails with one clear line if no round ever got that far. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._chaos_check import Tally, check_all, database_figures
from bench._dbmeter import is_postgres, scratch_database

ROOT = Path(__file__).resolve().parents[1]
WORKER = Path(__file__).resolve().with_name("_chaos_worker.py")


class AckReader(threading.Thread):
    """Copies the worker's acknowledgements into the driver's file as they arrive."""

    def __init__(self, stream: IO[str], sink: IO[str]) -> None:
        super().__init__(daemon=True)
        self.stream = stream
        self.sink = sink
        self.acks: list[dict[str, Any]] = []
        self.ready = threading.Event()

    def run(self) -> None:
        for line in self.stream:
            try:
                ack = json.loads(line)
            except ValueError:
                continue
            if ack.get("ack") == "ready":
                self.ready.set()
                continue
            self.sink.write(line)
            self.sink.flush()
            os.fsync(self.sink.fileno())
            self.acks.append(ack)


def one_round(
    location: Path | str, ack_file: IO[str], seed: int, delay: float, stderr: IO[str]
) -> tuple[list[dict[str, Any]], bool]:
    command = [sys.executable, str(WORKER), str(location), "--seed", str(seed)]
    worker = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=stderr, text=True, cwd=ROOT, bufsize=1
    )
    assert worker.stdout is not None
    reader = AckReader(worker.stdout, ack_file)
    reader.start()
    time.sleep(delay)
    if worker.poll() is not None:
        raise SystemExit(f"the worker died by itself (exit {worker.returncode}); see its stderr")
    worker.send_signal(signal.SIGKILL)
    worker.wait()
    reader.join()  # everything it printed before dying has been read and fsynced
    return reader.acks, reader.ready.is_set()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-ms", type=int, default=100)
    parser.add_argument("--max-ms", type=int, default=1500)
    parser.add_argument("--db", type=Path, help="keep the SQLite database (and acks) at this path")
    parser.add_argument(
        "--database",
        help="a PostgreSQL server (postgresql://...): the run makes a throwaway database there "
        "and drops it at the end",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.database is not None and (args.db is not None or not is_postgres(args.database)):
        parser.error("--database takes a postgresql:// URL, and not with --db")
    with tempfile.TemporaryDirectory() as scratch, ExitStack() as stack:
        files = args.db or Path(scratch) / "chaos.sqlite3"
        location: Path | str = files
        if args.database is not None:
            location = stack.enter_context(scratch_database(args.database))
        out = drill(args, location, files)
    print(json.dumps(out, indent=2 if args.json else None))
    if out["rounds_with_a_schema"] == 0:
        raise SystemExit(
            f"no round got as far as the first migration in {args.kills} kills: nothing was"
            " checked (the machine is too slow for --min-ms/--max-ms; raise them)"
        )
    if out["lost"] or out["mismatches"] or out["integrity_failures"] or out["plans_split"]:
        raise SystemExit(1)


def cut_short(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The plans the kill caught being sent: an intent with no answer (acknowledged or
    refused) after it. Only those may have been cut; an answered one is checked as a move."""
    answered = {(a["match"], a["index"]) for a in lines if a["ack"] in ("plan", "plan_refused")}
    return [
        a for a in lines if a["ack"] == "plan_intent" and (a["match"], a["index"]) not in answered
    ]


def drill(args: argparse.Namespace, location: Path | str, files: Path) -> dict[str, Any]:
    """The kills, each followed by the checks; the figures."""
    rng = random.Random(args.seed)
    ack_path = files.with_suffix(".acks.jsonl")
    stderr_path = files.with_suffix(".worker.log")
    acks: list[dict[str, Any]] = []
    checked: dict[int, int] = {}
    tally = Tally()
    during_start = with_schema = 0
    started = time.perf_counter()
    with ack_path.open("a") as ack_file, stderr_path.open("a") as stderr:
        for kill in range(args.kills):
            delay = rng.uniform(args.min_ms, args.max_ms) / 1000
            lines, ready = one_round(location, ack_file, rng.randrange(2**31), delay, stderr)
            during_start += not ready
            new = [a for a in lines if a["ack"] not in ("plan_intent", "plan_refused")]
            acks.extend(new)
            schema = check_all(location, acks, checked, tally, cut_short(lines))
            with_schema += schema
            if not args.json:
                print(
                    f"kill {kill + 1}: +{len(new)} acks, lost {tally.lost},"
                    f" mismatches {tally.mismatches}"
                    + ("" if schema else ", killed before the first migration"),
                    flush=True,
                )
    return {
        "database": "postgresql" if is_postgres(location) else "sqlite",
        "kills": args.kills,
        "kills_before_ready": during_start,
        "rounds_with_a_schema": with_schema,
        "acknowledged": len(acks),
        "acknowledged_moves": sum(1 for a in acks if a["ack"] == "act"),
        "acknowledged_plans": sum(1 for a in acks if a["ack"] == "plan"),
        "plans_whole": tally.plans_whole,
        "plans_none": tally.plans_none,
        "plans_split": tally.plans_split,
        "lost": tally.lost,
        "mismatches": tally.mismatches,
        "integrity_failures": tally.integrity_failures,
        "replays_checked": tally.replayed_matches,
        "seconds": round(time.perf_counter() - started, 1),
        **database_figures(location),
        "problems": tally.problems,
    }


if __name__ == "__main__":
    main()
