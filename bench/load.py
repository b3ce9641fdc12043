"""Load: N concurrent matches played through the real bot in SimCord.

    python bench/load.py --matches 500 --seconds 60 [--think 3,9] [--json] [--profile FILE]
        [--ai normal|strong [--strong-tables N]] [--database postgresql://...] [--stalls MS]
        [--games classic,duel]

The real bot (discord.py, cogs, ``MatchService``, a SQLite file in a scratch folder, or with
``--database`` a throwaway database on that PostgreSQL server) runs against
SimCord's in-memory Discord. Each match has its own text channel and one simulated person: they
run ``/match new`` (classic and duel in turn, or the games ``--games`` names, quest too),
click "Add AI" until the table is full, click Start, then keep clicking one of the action
buttons their private hand offers (never Concede), waiting a random think time between clicks.
AI seats play the rest. When a match ends the person opens a new one in the same channel.
With ``--ai strong`` a table plays classic only and its person seats the strong level through
Host tools ("Add AI (strong)"): three strong AI seats that think in the bot's worker pool for
the server's budget (issue 17: a table of them must not slow the other matches' first
answers); ``--strong-tables N`` makes the first N tables strong ones and leaves the rest as
without the option. All N people click at the same time (see ``bench/_simdrive.py`` for how
SimCord is driven without serialising them).

Figures are taken over the ``--seconds`` window that starts once all N matches are live:
actions per second (human clicks and every action committed, AI included), time from the
interaction to its first answer and to its visible answer (p50/p95/p99), database transaction
and COMMIT latency, statements and round trips per committed action (``bench/_dbmeter.py``),
peak RSS and RSS per live match, table edits per channel in any 5 s window (Discord allows 5),
errors logged by the bot, and the leak check: every table edit, thread post, DM and
interaction answer judged when it is sent, against the match's state at that moment
(``bench/_leakwatch.py``; ``--leak-sample`` watches a share of the tables instead of all), and
the wall time of every strong decision from asking the pool to the move (``strong_ai_decisions``,
queueing included, over the whole run).
The first answers are split by interaction kind (``first_response_by_kind``: ``slash``, a bot
key such as ``lobby-ai``, a game's move as ``move:<kind>``), with the kinds of the slowest 1 %
(``slowest_first_responses_by_kind``: what the p99 is made of), and ``loop_lag`` says how late
the event loop ran a 5 ms ticker (a stall, a long synchronous piece of work on the loop, delays
every answer behind it; ``gc_pauses``: each garbage collection's pause, by generation).
``--stalls MS`` samples the loop thread's stack whenever the loop is
MS late and counts the bot's functions in it (``stalls``: where the loop is held).
The simulated people and SimCord run in the bot's own process and loop, so every timing
includes their cost; ``budget`` (``bench/_budget.py``) reports what one click costs the bot:
Discord requests per click and per committed action (global / exempt, by route, counted at
SimCord's HTTP router, and again at discord.py's HTTP layer in the bot,
``bench/_httpcount.py``: ``at_discord_py.layers_agree``), ``matches_per_token`` (50 / global
requests per match-second), CPU per click and per action for the whole process and for the
bot alone (SimCord's and the people's work timed apart with ``time.thread_time`` on the loop's
thread), database write transactions, statements and bytes written per click, and PNG bytes
uploaded per click.
A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._dbmeter import is_postgres, scratch_database  # noqa: E402
from bench._httpcount import LayerCount  # noqa: E402
from bench._leakwatch import LeakWatch  # noqa: E402
from bench._loadstats import (  # noqa: E402
    GcPauses,
    LoopLag,
    Recorder,
    StallSampler,
    percentiles,
    report,
)
from bench._simdrive import RESULT_WAIT, Driver, Probe, button_ids, plain_loop  # noqa: E402

CHANNELS_PER_GUILD = 200  # Discord caps a server at 500 channels
GAMES = ("classic", "duel")  # the tables' games by default, in turn (--games)
AI_SEATS = {"classic": 3, "duel": 1, "quest": 3}  # one person a table; AI fills the other seats
STRONG_GAME = "classic"  # a strong table plays classic only: three strong seats thinking
AI_LEVELS = ("normal", "strong")  # --ai: "normal" is the lobby's Add AI, "strong" Host tools'
NO_BUTTON_WAIT = 0.5
PACING_WINDOW = 5.0  # Discord's edit window the bot paces table edits to


class Table:
    """One channel and the one person who plays in it, match after match."""

    def __init__(
        self,
        number: int,
        guild: Any,
        channel: Any,
        person: Any,
        rng: random.Random,
        ai: str = "normal",
        games: tuple[str, ...] = GAMES,
    ):
        self.number = number
        self.games = games
        self.ai = ai
        self.guild = guild
        self.channel = channel
        self.person = person
        self.rng = rng
        self.match_id: int | None = None
        self.matches = 0

    @property
    def game(self) -> str:
        if self.ai == "strong":
            return STRONG_GAME  # a table of three strong AIs, match after match
        return self.games[(self.number + self.matches) % len(self.games)]


def choose(driver: Driver, table: Table) -> tuple[Any, Any] | None:
    """A random action button of this match from the person's newest private messages, from
    the message with the newest version (older hands are stale)."""
    channel_id = driver.dm_channel(table.person.id)
    if channel_id is None or table.match_id is None:
        return None
    best: tuple[int, Any, list[Any]] | None = None
    for message in driver.latest_messages(channel_id):
        actions = [
            b
            for b in button_ids(message)
            if b.match_id == table.match_id and b.versioned and b.key != "concede"
        ]
        if actions and (best is None or actions[0].version > best[0]):
            best = (actions[0].version, message, actions)
    if best is None:
        return None
    return best[1], table.rng.choice(best[2])


async def play(
    driver: Driver, service: Any, table: Table, think: tuple[float, float], until: float
) -> None:
    """One person's session: open a match, play it, open the next, until the run ends."""
    while time.perf_counter() < until:
        if table.match_id is None:
            table.match_id = await open_match(driver, table)
            if table.match_id is None:
                await asyncio.sleep(NO_BUTTON_WAIT)
            continue
        await asyncio.sleep(table.rng.uniform(*think))
        with driver.probe.budget.harness():  # the person reading their hand: not the bot
            chosen = choose(driver, table)
        if chosen is None:
            match = await service.get(table.match_id)
            if match.status != "live":
                table.match_id = None
            else:
                await asyncio.sleep(NO_BUTTON_WAIT)
            continue
        message, button = chosen
        await driver.click(table.person.id, message, str(button), None)


async def open_match(driver: Driver, table: Table) -> int | None:
    """``/match new``, Add AI until the table is full (of the table's level), Start: the match
    id, or None if the bot refused."""
    opened = await driver.slash(table.person, table.channel, "match new", game=table.game)
    if opened.message_id is None:
        return None
    added = await (
        add_strong(driver, table, opened.message_id)
        if table.ai == "strong"
        else add_normal(driver, table, opened.message_id)
    )
    if not added:
        return None
    message = driver.message(table.channel.id, opened.message_id)
    start = {b.key: b for b in button_ids(message)}.get("lobby-start")
    if start is None:
        return None
    await driver.click(
        table.person.id, message, str(start), table.guild.id, answered_on_message=False
    )
    table.matches += 1
    return start.match_id


async def add_normal(driver: Driver, table: Table, lobby_id: int) -> bool:
    """The lobby's own Add AI button (the normal level), once per empty seat."""
    for _ in range(AI_SEATS[table.game]):
        message = driver.message(table.channel.id, lobby_id)
        button = {b.key: b for b in button_ids(message)}.get("lobby-ai")
        if button is None:
            return False
        await driver.click(table.person.id, message, str(button), table.guild.id)
    return True


async def add_strong(driver: Driver, table: Table, lobby_id: int) -> bool:
    """Host tools (a private message), then its "Add AI (strong)" once per empty seat."""
    message = driver.message(table.channel.id, lobby_id)
    button = {b.key: b for b in button_ids(message)}.get("host-tools")
    if button is None:
        return False
    tools = await driver.click(table.person.id, message, str(button), table.guild.id)
    if tools.message_id is None:
        return False
    for _ in range(AI_SEATS[table.game]):
        message = driver.message(table.channel.id, tools.message_id)
        button = {b.key: b for b in button_ids(message)}.get("ai-strong")
        if button is None:
            return False
        await driver.click(table.person.id, message, str(button), table.guild.id)
    return True


def time_strong_decisions(service: Any) -> list[float]:
    """Wall time of every strong decision sent to the worker pool, from asking to the move
    (queueing behind other searches included): whether the pool keeps up with the load."""
    took: list[float] = []
    driver = service.ai
    think = driver._think_off_loop

    async def timed(*args: Any) -> Any:
        asked = time.perf_counter()
        try:
            return await think(*args)
        finally:
            took.append(time.perf_counter() - asked)

    driver._think_off_loop = timed
    return took


async def build_world(
    env: Any,
    count: int,
    seed: int,
    ai: str,
    strong_tables: int | None = None,
    games: tuple[str, ...] = GAMES,
) -> list[Table]:
    tables = []
    guild = None
    for number in range(count):
        if number % CHANNELS_PER_GUILD == 0:
            guild = env.create_guild(f"Load {number // CHANNELS_PER_GUILD}")
        assert guild is not None
        channel = guild.create_text_channel(f"table-{number}")
        user = env.create_user(f"player{number}", global_name=f"Player {number}")
        person = guild.add_member(user)
        rng = random.Random(seed * 100_003 + number)
        level = ai if strong_tables is None or number < strong_tables else "normal"
        tables.append(Table(number, guild, channel, person, rng, level, games))
    await env.settle(timeout=120)
    return tables


async def run(args: argparse.Namespace, location: Path | str) -> dict[str, Any]:
    import simcord

    from bot.client import create_bot
    from bot.config import Settings

    # Every table in a few servers, strong ones too: the servers' caps (issue 30.3) set high.
    caps = {"max_matches": 10_000, "max_strong_seats": 10_000}
    if is_postgres(location):
        settings = Settings(database_url=str(location), sync_commands=True, **caps)
    else:
        settings = Settings(database=Path(location), sync_commands=True, **caps)
    bot = create_bot(settings)
    env = simcord.Env(bot, check_errors=False, settle_timeout=120)
    await env.start()
    recorder = Recorder(location)
    try:
        games = tuple(args.games)
        tables = await build_world(env, args.matches, args.seed, args.ai, args.strong_tables, games)
        plain_loop(env)
        probe = Probe(env.backend)
        probe.budget.layer = LayerCount(bot)  # the second count, at discord.py's HTTP layer
        probe.budget.layer.attach()
        storage: Any = bot.storage  # the adapter's database object, under every port
        await probe.budget.trace(storage.matches.db)
        recorder.attach(bot)
        await recorder.meter.attach(bot.storage)
        strong = time_strong_decisions(bot.service)
        watch = LeakWatch(bot.service, env.backend, tables, args.leak_sample, args.seed)
        watch.harness = probe.budget.harness
        watch.attach()
        probe.watch = watch
        lag, collections = LoopLag(), GcPauses()
        sampler = StallSampler(args.stalls / 1000) if args.stalls else None
        with probe, recorder.logging():
            driver = Driver(env, probe)
            recorder.mark_baseline()
            opening = time.perf_counter()
            await _open_all(driver, tables, args.open_parallel)
            recorder.mark_live(len([t for t in tables if t.match_id is not None]))
            opened = time.perf_counter() - opening
            start = time.perf_counter()
            cpu_start = time.process_time()
            lag.start()
            collections.start()
            if sampler is not None:
                sampler.start()
            probe.budget.start()
            until = start + args.seconds
            think = (args.think[0], args.think[1])
            players = [
                asyncio.ensure_future(play(driver, bot.service, t, think, until)) for t in tables
            ]
            await asyncio.wait(players, timeout=args.seconds)
            end = time.perf_counter()
            cpu = time.process_time() - cpu_start
            probe.budget.stop()
            lag.stop()
            collections.stop()
            if sampler is not None:
                sampler.stop()
            for player in players:
                player.cancel()
            await asyncio.gather(*players, return_exceptions=True)
            in_flight = len(probe.pending)
            await settle(probe)
            figures = report(recorder, probe, start, end, seconds_to_open=opened)
            figures["in_flight_at_window_end"] = in_flight
            figures["loop_lag"] = lag.figures(start, end)
            figures["gc_pauses"] = collections.figures(start, end)
            if sampler is not None:
                figures["stalls"] = sampler.figures()
            figures["process_cpu_percent"] = round(100 * cpu / (end - start))
            figures["strong_ai_decisions"] = percentiles(strong)
            figures["leak_check"] = watch.figures()
    finally:
        await bot.release()
        await env.shutdown()
    return figures


async def settle(probe: Probe) -> None:
    """Let the clicks in flight be answered and the paced table edits land, so their messages
    are judged too and the bot is idle when it is closed."""
    waited = 0.0
    while probe.pending and waited < RESULT_WAIT:
        await asyncio.sleep(0.1)
        waited += 0.1
    await asyncio.sleep(PACING_WINDOW + 1)


async def _open_all(driver: Driver, tables: list[Table], parallel: int) -> None:
    gate = asyncio.Semaphore(parallel)

    async def one(table: Table) -> None:
        async with gate:
            table.match_id = await open_match(driver, table)

    await asyncio.gather(*(one(t) for t in tables))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--think",
        type=lambda s: [float(x) for x in s.split(",")],
        default=[3.0, 9.0],
        help="a person's pause between clicks: min,max seconds",
    )
    parser.add_argument(
        "--games",
        type=lambda s: s.split(","),
        default=list(GAMES),
        help=f"the games the tables play in turn, comma-separated (default: {','.join(GAMES)}; "
        f"any of {', '.join(AI_SEATS)})",
    )
    parser.add_argument("--open-parallel", type=int, default=25, help="lobbies opened at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--leak-sample",
        type=float,
        default=1.0,
        help="share of the tables whose every message the leak check judges (default: all)",
    )
    parser.add_argument(
        "--ai",
        choices=AI_LEVELS,
        default="normal",
        help="the level of the AI seats: normal (Add AI) or strong (Host tools; a strong "
        "table plays classic with three strong seats)",
    )
    parser.add_argument(
        "--strong-tables",
        type=int,
        help="with --ai strong: only the first N tables are strong ones (default: every table)",
    )
    parser.add_argument(
        "--database",
        help="a PostgreSQL server (postgresql://...; the run makes a throwaway database there "
        "and drops it after); default: a SQLite file in a scratch folder",
    )
    parser.add_argument(
        "--stalls",
        type=float,
        metavar="MS",
        help="sample the loop thread's stack whenever the loop is MS late: what stalls it",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", type=Path, help="write a cProfile of the run here")
    args = parser.parse_args()
    if unknown := set(args.games) - set(AI_SEATS):
        parser.error(f"--games: no such game {', '.join(sorted(unknown))}")
    logging.basicConfig(level=logging.WARNING)
    with ExitStack() as stack:
        if args.database is not None:
            if not is_postgres(args.database):
                parser.error("--database takes a postgresql:// URL")
            location: Path | str = stack.enter_context(scratch_database(args.database))
        else:
            location = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "load.sqlite3"
        if args.profile is not None:
            import cProfile

            profiler = cProfile.Profile()
            figures = profiler.runcall(asyncio.run, run(args, location))
            profiler.dump_stats(args.profile)
        else:
            figures = asyncio.run(run(args, location))
    figures = {
        "database": "postgresql" if args.database is not None else "sqlite",
        "matches": args.matches,
        "seconds": args.seconds,
        "think": args.think,
        "games": args.games,
        "ai": args.ai,
        "strong_tables": args.strong_tables if args.ai == "strong" else 0,
        **figures,
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")


if __name__ == "__main__":
    main()
