"""Restart: how long a fresh bot process takes to restore every live match.

    python bench/restore.py [--matches 1000] [--moves 12] [--db PATH] [--json] [--profile]

Builds a database of ``--matches`` live matches (classic and duel, mid-game) through the real
``MatchService`` (skipped when ``--db`` names an existing file), then starts a new Python process
that runs the bot's own start-up (``create_bot`` + ``setup_hook``: open, migrate, load the cogs,
restore every live match by replaying its log against its snapshot, register the buttons). The
figure is the wall time from spawning that process to the moment every match is restored,
checked by asking the service for each match's view (which also waits for that match's log to
be replayed against its snapshot). A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

READY = "RESTORE-READY "
DAY = 24 * 3600.0


async def build(db_path: Path, matches: int, moves: int) -> dict[str, Any]:
    import bot.games  # noqa: F401  (registers the hosted games' plugins)
    from bench._matches import make_live_matches
    from bot.core.service import MatchService
    from bot.storage import open_storage

    started = time.perf_counter()
    db = await open_storage(db_path)
    # A day to move, so turn timers do not fire while the same database is timed again.
    service = MatchService(db, turn_seconds=DAY)
    try:
        ids = await make_live_matches(service, matches, moves=moves)
        actions = sum([len(await service.action_log(i)) for i in ids])
    finally:
        await service.close()
        await db.close()
    return {
        "built_matches": len(ids),
        "built_actions": actions,
        "build_seconds": round(time.perf_counter() - started, 1),
        "db_bytes": db_path.stat().st_size,
    }


async def child(db_path: Path) -> None:
    """The fresh process: the real start-up path, then a check that every match is ready."""
    imported = time.time()
    from bot.client import create_bot
    from bot.config import Settings

    modules_loaded = time.time()
    bot = create_bot(Settings(database=db_path, sync_commands=False), games=None)
    async with bot:
        await bot.setup_hook()
        restored = time.time()
        service = bot.service
        ids = await service.repo.match_ids(statuses=("live",))
        in_memory = len(service.live)
        for match_id in ids:
            await service.view(match_id, None)
        checked = time.time()
        waiter = getattr(service, "checked", None)
        if waiter is not None:
            await waiter()
        replayed = time.time()
        figures = {
            "interpreter_ready": imported,
            "modules_loaded": modules_loaded,
            "restored": restored,
            "checked": checked,
            "replayed": replayed,
            "live_in_db": len(ids),
            "live_in_memory": in_memory,
        }
        print(READY + json.dumps(figures), flush=True)
        await bot.release()


def measure(db_path: Path, profile: bool) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(db_path)]
    if profile:
        command[1:1] = ["-m", "cProfile", "-s", "cumulative"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    spawned = time.time()
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith(READY)]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"the restore process failed:\n{done.stdout[-4000:]}{done.stderr}")
    if profile:
        print("\n".join(done.stdout.splitlines()[:60]))
    child_figures = json.loads(lines[0][len(READY) :])

    def since_spawn(key: str) -> float:
        return round(child_figures[key] - spawned, 3)

    return {
        "live_in_db": child_figures["live_in_db"],
        "live_in_memory": child_figures["live_in_memory"],
        "seconds_to_python_ready": since_spawn("interpreter_ready"),
        "seconds_to_modules_loaded": since_spawn("modules_loaded"),
        "seconds_to_all_restored": since_spawn("restored"),
        "seconds_to_all_viewed": since_spawn("checked"),
        "seconds_to_all_logs_replayed": since_spawn("replayed"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=12, help="human moves per match, at most")
    parser.add_argument("--db", type=Path, help="reuse (or keep) this database file")
    parser.add_argument("--runs", type=int, default=3, help="fresh processes to time")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile the restoring process")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        asyncio.run(child(args.child))
        return
    with tempfile.TemporaryDirectory() as scratch:
        db_path = args.db or Path(scratch) / "restore.sqlite3"
        out: dict[str, Any] = {}
        if not db_path.exists():
            out.update(asyncio.run(build(db_path, args.matches, args.moves)))
        runs = [measure(db_path, args.profile) for _ in range(max(1, args.runs))]
        out["runs"] = runs
        out["best_seconds_to_all_restored"] = min(r["seconds_to_all_restored"] for r in runs)
        out["worst_seconds_to_all_restored"] = max(r["seconds_to_all_restored"] for r in runs)
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
