"""Leagues at scale: a season of 100,000 ranked matches in one server.

    python bench/league.py [--matches 100000] [--players 5000] [--repeat 50] [--json]

Fills a fresh SQLite file (the real migrations) with finished matches, their seats and the
league log (two to four players each, placings at random, one season), then times through the
real code (``bot.features.league.League``, ``bot.features.history.History``):

- the full season recompute: read the log, fold every match through openskill, write ratings;
- a leaderboard page (the first and one deep in the table);
- a player's profile (rating, rank, games, favourite Hero, last matches);
- a player's match history page.

Query figures are the median of ``--repeat`` runs. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GUILD = 42
GAME = "duel"
HEROES = ("hero_brunhild", "hero_vesper", "hero_mordak", "hero_lirra", "hero_ostwin")
USER_BASE = 10**17  # snowflake-sized ids


def fill(path: Path, matches: int, players: int, season_id: int, seed: int) -> float:
    """Write the matches straight into SQLite (the bot's tables, as the service would)."""
    rng = random.Random(seed)
    started = time.perf_counter()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA synchronous=OFF")
    t0 = 1_700_000_000.0
    match_rows, seat_rows, log_rows, league_rows = [], [], [], []
    for match_id in range(1, matches + 1):
        size = rng.choice((2, 2, 2, 3, 4))
        users = rng.sample(range(players), size)
        places = [rng.randrange(size) for _ in users]
        best = min(places)
        winners = [i for i, p in enumerate(places) if p == best]
        outcome = json.dumps({"winners": winners, "ranks": places, "reason": "bench"})
        when = t0 + match_id * 30.0
        host = USER_BASE + users[0]
        match_rows.append(
            (match_id, GUILD, 1, GAME, "finished", host, 10, "{}", outcome, when - 600, when)
        )
        log_rows.append((match_id, GUILD, GAME, season_id, when))
        for seat, (user, place) in enumerate(zip(users, places, strict=True)):
            uid = USER_BASE + user
            seat_rows.append((match_id, seat, uid, f"Player {user}"))
            league_rows.append((match_id, uid, place, int(place == best), rng.choice(HEROES)))
    with conn:
        conn.executemany(
            "INSERT INTO matches (id, guild_id, channel_id, game, status, host_id, version,"
            " options_json, outcome_json, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            match_rows,
        )
        conn.executemany(
            "INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, ?, ?, ?)", seat_rows
        )
        conn.executemany(
            "INSERT INTO league_matches (match_id, guild_id, game, season_id, finished_at)"
            " VALUES (?, ?, ?, ?, ?)",
            log_rows,
        )
        conn.executemany(
            "INSERT INTO league_seats (match_id, user_id, place, won, role) VALUES (?, ?, ?, ?, ?)",
            league_rows,
        )
    conn.execute("ANALYZE")
    conn.close()
    return time.perf_counter() - started


async def median_ms(call: Callable[[], Awaitable[Any]], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        await call()
        times.append(time.perf_counter() - started)
    return round(statistics.median(times) * 1000, 2)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    import bot.games  # noqa: F401  (registers the hosted games' plugins)
    from bot.core.service import MatchService
    from bot.features.history import History
    from bot.features.league import League
    from bot.storage import open_storage

    folder = Path(tempfile.mkdtemp(prefix="bench-league-"))
    path = folder / "league.sqlite3"
    db = await open_storage(path)
    service = MatchService(db)
    league = League(service, db.leagues)
    name = await league.start_season(GUILD, "Bench")
    season_id, _ = await league.season(GUILD, name)
    await db.close()

    fill_s = fill(path, args.matches, args.players, season_id, args.seed)
    db = await open_storage(path)
    service = MatchService(db)
    league = League(service, db.leagues)
    history = History(service, db.history)
    try:
        started, cpu = time.perf_counter(), time.process_time()
        ratings = await league.recompute(GUILD, GAME, season_id)
        recompute_s = time.perf_counter() - started
        # CPU seconds too: wall time swells when other processes share the cores.
        recompute_cpu = time.process_time() - cpu
        rng = random.Random(args.seed + 1)
        some_user = USER_BASE + rng.randrange(args.players)
        deep = (len(ratings) // 2) // 10
        figures = {
            "matches": args.matches,
            "players": len(ratings),
            "fill_seconds": round(fill_s, 2),
            "season_recompute_seconds": round(recompute_s, 2),
            "season_recompute_cpu_seconds": round(recompute_cpu, 2),
            "leaderboard_first_page_ms": await median_ms(
                lambda: league.leaderboard(GUILD, GAME, None, 0), args.repeat
            ),
            "leaderboard_middle_page_ms": await median_ms(
                lambda: league.leaderboard(GUILD, GAME, None, deep), args.repeat
            ),
            "profile_ms": await median_ms(
                lambda: league.profile(GUILD, some_user, None), args.repeat
            ),
            "history_page_ms": await median_ms(
                lambda: history.page(GUILD, some_user, 0), args.repeat
            ),
            "database_mb": round(path.stat().st_size / 2**20, 1),
        }
    finally:
        await db.close()
    for leftover in folder.iterdir():
        leftover.unlink()
    folder.rmdir()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=5_000)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = asyncio.run(run(args))
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for key, value in figures.items():
        print(f"{key:28} {value}")


if __name__ == "__main__":
    main()
