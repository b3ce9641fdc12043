"""Restart: how long a fresh bot process takes to restore every live match and to answer.

    python bench/restore.py [--matches 1000] [--moves 12] [--strong 0.1] [--db PATH] [--json]
                            [--profile]

Builds a database of ``--matches`` live matches (classic and duel, mid-game) through the real
``MatchService`` (skipped when ``--db`` names an existing file). In a ``--strong`` share of them
(a tenth by default) the seat to move is then handed to the strong AI, as the AFK hand-over
does, and their other AI seats play strong too: a restart finds a strong AI to move there.
Then it starts new Python processes that run the bot's own start-up (``create_bot`` +
``setup_hook``: open, migrate, load the cogs, restore every live match from its snapshot,
schedule the AI bursts owed, register the buttons). Its figures, from spawning that process:

- ``seconds_to_all_restored``: ``setup_hook`` returned (discord.py connects from here), every
  match in memory; ``restoring_seconds`` is the part of it inside ``setup_hook``;
- ``seconds_to_first_answer``: a person's first interaction answered, while the strong AI
  seats think in the background: the view of a match a person is to move in (what their My
  hand reads) and then their move, through the service door;
- ``seconds_to_all_viewed`` / ``..._logs_replayed``: every match not owed a burst viewed (each
  view waits for its log's check), then the background check of every log finished.

The bursts still running at the end are cancelled with the bot (``Backstab.release``); how
many had finished is reported. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
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


async def build(db_path: Path, matches: int, moves: int, strong: float) -> dict[str, Any]:
    import bot.games  # noqa: F401  (registers the hosted games' plugins)
    from bench._matches import make_live_matches
    from bot.core.service import MatchService
    from bot.storage import open_storage

    started = time.perf_counter()
    db = await open_storage(db_path)
    # A day to move, so turn timers do not fire while the same database is timed again.
    service = MatchService(db, turn_seconds=DAY)
    handed: list[int] = []
    try:
        ids = await make_live_matches(service, matches, moves=moves)
        actions = sum([len(await service.action_log(i)) for i in ids])
        every = round(1 / strong) if strong > 0 else 0
        for match_id in ids[::every] if every else []:
            match = await service.get(match_id)
            humans = {s.seat for s in match.seats if s.ai_level is None}
            for seat in sorted(service.deciders(match_id) & humans):
                await service.repo.hand_to_ai(match_id, seat, "strong")  # as after AFK
            handed.append(match_id)
    finally:
        await service.close()
        await db.close()
    if handed:
        marks = ",".join("?" for _ in handed)
        with sqlite3.connect(db_path) as conn:
            conn.execute(
                f"UPDATE seats SET ai_level = 'strong' WHERE ai_level IS NOT NULL"
                f" AND match_id IN ({marks})",
                handed,
            )
    return {
        "built_matches": len(ids),
        "built_actions": actions,
        "strong_to_move": len(handed),
        "build_seconds": round(time.perf_counter() - started, 1),
        "db_bytes": db_path.stat().st_size,
    }


async def first_answer(service: Any) -> tuple[float, int] | None:
    """A person's first interaction on a match not owed a burst: the view a My hand reads,
    then their move. (time, match) once answered."""
    from bot.core.service import ServiceError

    for match_id in await service.repo.match_ids(statuses=("live",)):
        if match_id in service.startup.owed:
            continue
        match = await service.get(match_id)
        waiting = service.deciders(match_id)
        person = next((s for s in match.seats if s.seat in waiting and s.ai_level is None), None)
        if person is None or person.user_id is None:
            continue
        match, _, actions = await service.view(match_id, person.user_id)
        choices = [a for a in actions if a.kind != "concede"]
        if not choices:
            continue
        try:
            await service.act(match_id, person.user_id, choices[0].key, match.version)
        except ServiceError:
            continue
        return time.time(), match_id
    return None


async def child(db_path: Path) -> None:
    """The fresh process: the real start-up path, then a person's first interaction, then a
    check that every match is ready."""
    imported = time.time()
    from bot.client import create_bot
    from bot.config import Settings

    modules_loaded = time.time()
    bot = create_bot(Settings(database=db_path, sync_commands=False), games=None)
    async with bot:
        setup = time.time()
        await bot.setup_hook()
        restored = time.time()
        service = bot.service
        owed = set(service.startup.owed)
        answered = await first_answer(service)
        first = answered[0] if answered is not None else None
        ids = await service.repo.match_ids(statuses=("live",))
        in_memory = len(service.live)
        for match_id in ids:
            if match_id not in owed:
                await service.view(match_id, None)
        checked = time.time()
        await service.checked()
        replayed = time.time()
        figures = {
            "interpreter_ready": imported,
            "modules_loaded": modules_loaded,
            "setup_started": setup,
            "restored": restored,
            "first_answer": first,
            "checked": checked,
            "replayed": replayed,
            "live_in_db": len(ids),
            "live_in_memory": in_memory,
            "bursts_scheduled": len(owed),
            "bursts_done_at_end": len(owed) - service.startup.bursts_running(),
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

    def since_spawn(key: str) -> float | None:
        value = child_figures[key]
        return None if value is None else round(value - spawned, 3)

    return {
        "live_in_db": child_figures["live_in_db"],
        "live_in_memory": child_figures["live_in_memory"],
        "bursts_scheduled": child_figures["bursts_scheduled"],
        "bursts_done_at_end": child_figures["bursts_done_at_end"],
        "seconds_to_python_ready": since_spawn("interpreter_ready"),
        "seconds_to_modules_loaded": since_spawn("modules_loaded"),
        "seconds_to_all_restored": since_spawn("restored"),
        "restoring_seconds": round(child_figures["restored"] - child_figures["setup_started"], 3),
        "seconds_to_first_answer": since_spawn("first_answer"),
        "seconds_to_all_viewed": since_spawn("checked"),
        "seconds_to_all_logs_replayed": since_spawn("replayed"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=12, help="human moves per match, at most")
    parser.add_argument(
        "--strong", type=float, default=0.1, help="share of matches with a strong AI to move"
    )
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
            out.update(asyncio.run(build(db_path, args.matches, args.moves, args.strong)))
        runs = [measure(db_path, args.profile) for _ in range(max(1, args.runs))]
        out["runs"] = runs
        out["best_seconds_to_all_restored"] = min(r["seconds_to_all_restored"] for r in runs)
        out["worst_seconds_to_all_restored"] = max(r["seconds_to_all_restored"] for r in runs)
        out["best_restoring_seconds"] = min(r["restoring_seconds"] for r in runs)
        out["worst_restoring_seconds"] = max(r["restoring_seconds"] for r in runs)
        answers = [r["seconds_to_first_answer"] for r in runs if r["seconds_to_first_answer"]]
        out["worst_seconds_to_first_answer"] = max(answers) if answers else None
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
