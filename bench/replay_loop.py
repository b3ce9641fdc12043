"""How long ``/match replay`` holds the event loop: each click replays the finished match up to
the asked step and draws that step's table. On the loop (as before issue 13) every other click
and timer waits for it; now the replay runs in a worker thread and the table in the picture
thread. A ticker coroutine sleeps 1 ms at a time and records how late each wake-up is: the
worst lateness is how long a click elsewhere waits behind a replay.

    .venv/bin/python bench/replay_loop.py [--moves 600] [--clicks 6] [--json]

The match is a real classic table (three people moving at random through the real service on
a real SQLite file) played until it ends or ``--moves`` moves, then conceded to an end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bot.games  # noqa: F401  (registers the hosted games' plugins)
from bench._matches import GUILD, Plan, human_move, open_match
from bot.core.service import MatchService
from bot.features.history import History
from bot.render.pictures import off_loop
from bot.screens.history import render_replay_step
from bot.storage import open_storage


async def long_match(service: MatchService, moves: int) -> int:
    match = await open_match(service, Plan("classic", 3, 0), 0)
    rng = random.Random(3)
    for _ in range(moves):
        if not await human_move(service, match.id, rng):
            break
    for seat in (await service.get(match.id)).seats[1:]:
        if (await service.get(match.id)).status == "live" and seat.user_id is not None:
            await service.concede(match.id, seat.user_id)
    return match.id


async def clicks(
    history: History, match_id: int, count: int, *, off: bool | None
) -> dict[str, Any]:
    """``count`` clicks on the last step of an uncached match (the dearest: a replay to find
    the steps, one to reach the step), each measured by the ticker. ``off=None``: no click at
    all, the same time idle (the machine's own noise, for comparison)."""
    lateness: list[float] = []
    per_click: list[float] = []
    done = False

    async def ticker() -> None:
        while not done:
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            lateness.append((time.perf_counter() - before - 0.001) * 1000)

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0.01)
    match = await history.finished(GUILD, match_id)
    record = await history.service.record(match_id)
    game = await history.service.game_of_match(match_id)
    for _ in range(count):
        history._marks.clear()  # every click as the first on this match
        start = time.perf_counter()
        if off is None:
            await asyncio.sleep(0.15)
        elif off:
            shown = await history.step(GUILD, match_id, 10**6)
            await off_loop(render_replay_step, shown)
        else:
            shown = history.replay_step(match, record, game, 10**6)
            render_replay_step(shown)
        per_click.append((time.perf_counter() - start) * 1000)
        await asyncio.sleep(0.005)
    done = True
    await task
    return {
        "clicks": count,
        "actions_replayed": len(record.actions),
        "click_ms_median": round(statistics.median(per_click), 1),
        "loop_late_max_ms": round(max(lateness), 1),
        "loop_late_median_ms": round(statistics.median(lateness), 2),
    }


async def run(moves: int, count: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="backstab-replay-") as folder:
        db = await open_storage(Path(folder) / "bench.sqlite3")
        service = MatchService(db)
        await service.start()
        try:
            match_id = await long_match(service, moves)
            history = History(service, db.history)
            return {
                "idle": await clicks(history, match_id, count, off=None),
                "on_loop": await clicks(history, match_id, count, off=False),
                "off_loop": await clicks(history, match_id, count, off=True),
            }
        finally:
            await service.close()
            await db.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--clicks", type=int, default=6)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args.moves, args.clicks))
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for name, figures in result.items():
            print(name, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
