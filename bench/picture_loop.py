"""How long the event loop is held while tables and hands are drawn: on the loop (as before)
and through ``pictures.off_loop`` (the picture thread). A ticker coroutine sleeps 1 ms at a time
and records how late each wake-up is; the figure that matters is the worst lateness, which is
how long a click waits behind a picture.

    .venv/bin/python bench/picture_loop.py [--positions 60] [--json]

``played`` is the pictures alone as a bot draws them through whole games: at every step of
random playouts the table's picture and every seat's hand picture, in order, with the caches
kept from step to step (cleared once per game); CPU per step, so it compares on a loaded
machine (issue 29.4).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bot.games  # noqa: F401  (registers the hosted games' plugins)
from bot import plugins
from bot.render import pictures
from bot.screens import render_hand, render_table
from bot.screens.table import drawn_names
from tests.bot.render_support import make_match, playout

PLAYED = (("classic", 4), ("duel", 2), ("quest", 3))


def positions(count: int) -> list[tuple[Any, ...]]:
    """(match, public view, private view, actions) from classic and duel playouts."""
    out: list[tuple[Any, ...]] = []
    for game_id, players in (("classic", 4), ("duel", 2)):
        match = make_match(game_id, players)
        for seed in range(100):
            for step, (game, state) in enumerate(playout(game_id, players, seed, 400)):
                if step % 37 or not game.deciders(state):
                    continue
                seat = min(game.deciders(state))
                out.append(
                    (
                        match,
                        game.view(state, None).to_json(),
                        game.view(state, seat).to_json(),
                        game.legal_actions(state, seat),
                    )
                )
                if len(out) >= count * (1 if game_id == "classic" else 2):
                    break
            if len(out) >= count * (1 if game_id == "classic" else 2):
                break
    return out


def clear_caches() -> None:
    pictures._cards_picture.cache_clear()
    pictures.tile.cache_clear()
    pictures.fight_picture.cache_clear()
    pictures.chip.cache_clear()


def played(seeds: int, steps: int) -> dict[str, dict[str, float]]:
    """CPU ms per step of the pictures of ``seeds`` playouts per game (see the docstring)."""
    out: dict[str, dict[str, float]] = {}
    for game_id, players in PLAYED:
        renderer = plugins.renderer_for(game_id)
        names = drawn_names(make_match(game_id, players))
        views = []
        for seed in range(seeds):
            for game, state in playout(game_id, players, seed, steps):
                seen = [game.view(state, seat).to_json() for seat in range(players)]
                views.append((game.view(state, None).to_json(), seen))
        clear_caches()
        cpu, drawn = time.process_time(), 0
        for public, seats in views:
            drawn += renderer.table_picture(renderer.read(public), names) is not None
            for private in seats:
                drawn += renderer.hand_picture(renderer.read(private), names) is not None
        cpu = time.process_time() - cpu
        out[game_id] = {
            "steps": len(views),
            "pictures": drawn,
            "cpu_ms_per_step": round(1000 * cpu / max(1, len(views)), 3),
        }
    return out


async def run(cases: list[tuple[Any, ...]], off: bool) -> dict[str, float]:
    lateness: list[float] = []
    done = False

    async def ticker() -> None:
        while not done:
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            lateness.append((time.perf_counter() - before - 0.001) * 1000)

    task = asyncio.create_task(ticker())
    await asyncio.sleep(0.01)
    start, cpu = time.perf_counter(), time.process_time()
    for match, public, private, actions in cases:
        clear_caches()
        if off:
            await pictures.off_loop(render_table, match, public, deciders=[0])
            await pictures.off_loop(render_hand, match, private, actions)
        else:
            render_table(match, public, deciders=[0])
            render_hand(match, private, actions)
        await asyncio.sleep(0)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    done = True
    await task
    return {
        "positions": len(cases),
        "seconds": round(seconds, 3),
        # CPU (both threads), comparable on a loaded machine where the wall seconds are not.
        "cpu_ms_per_position": round(1000 * cpu / max(1, len(cases)), 2),
        "loop_late_max_ms": round(max(lateness), 1),
        "loop_late_median_ms": round(statistics.median(lateness), 1),
        "ticks": len(lateness),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seeds", type=int, default=6, help="playouts per game for played")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cases = positions(args.positions // 2)
    result = {
        "on_loop": asyncio.run(run(cases, off=False)),
        "off_loop": asyncio.run(run(cases, off=True)),
        "played": played(args.seeds, 300),
    }
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for name, figures in result.items():
            print(name, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
