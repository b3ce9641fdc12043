"""UX measurement (issue 18): seeded matches played through SimCord as people play them.

    python bench/ux.py [--seed 1] [--classic 40] [--duel 30] [--json] [--no-phone]
                       [--auto-pass on|off]

The real bot (discord.py, cogs, a SQLite file in a scratch folder) runs against SimCord. Each
run opens a match with ``/match new``, Bob joins, Alice starts; AI seats fill classic to four.
Alice and Bob then make every decision the match asks of them, choosing what the heuristic AI
would (seeded: the match seed, the AI seed and each choice come from ``--seed``), but reaching
it through the screens, in one of two ways:

- ``dm``: from the newest hand message in their direct messages; when it does not offer the
  move (or there is none), from the table as below.
- ``table``: from the table in the channel: its Pass in a response window, otherwise the live
  hand the player already has in the channel (their last "My hand" answer, kept current in
  place) when it offers the move, else "My hand" (or "Play a card") and the move on the
  ephemeral hand it answers with.

In classic, Alice also asks Bob for help at her first chance: she offers nothing, Bob answers
with a counter-offer of his own (as the heuristic would price it) and Alice accepts it; the
terms are built on classic's bargain builder, a tap per part set (``_uxplay.build_on``).
There are four runs: classic and duel, each once per way. Turns last a day and SimCord's clock
stands still while people answer: nobody's clock runs out, every decision is made by its
player. A window nobody is asked in (everyone in it auto-passing) closes when the run moves
SimCord's clock to its end (120 s, the longest a server may set).

The figures (``--json`` prints them; ``runs`` holds each run's own):

- ``decisions``: the moves Alice and Bob made, all runs together. With auto-pass on (the
  players' default; ``--auto-pass off`` for the old way) a Pass the bot makes for a person who
  could not answer is not one of them: ``auto_passes`` counts those apart (see
  ``bench/_uxplay.py``). ``pass_taps``: the taps spent pressing Pass (part of the taps);
  ``windows_closed_by_clock``: windows nobody was left to answer, which stay open their full
  time (what auto-pass costs instead of taps).
- ``taps_per_decision`` (``dm``, ``table``): taps per decision on each way. A tap is one
  interaction a person sends: a button pressed, a select choice, a pager page. Opening the DM
  list or scrolling is not counted (a phone costs 2-3 more taps to reach the DMs).
- ``live_hand_messages_max``: the most hand messages with live controls one player held at
  once in one match (sampled after every decision). A hand message is a message of the bot
  that only that player sees (a DM, or an ephemeral answer in the channel) carrying a control
  of the match; live means one of its controls is enabled.
- ``stale_live_controls``: the most enabled controls seen at once, over both players, on hand
  messages that are not their player's newest one (superseded hands whose buttons still look
  live), sampled after every decision.
- ``messages_per_decision`` (``channel``, ``dm``, ``thread``): messages the bot created from
  the start of the match to its last decision, per decision: in the game channel (public posts
  and ephemeral answers), in the players' DMs, in the match's log thread. Messages the bot
  deleted since (a retired hand, an earlier ping) count too.
- ``pings_per_decision``: DM pings the people got (a post in their DMs that is not a hand),
  per decision (issue 27.3: <= 0.25; a ping at a turn's start and for a question by name,
  at most one a minute, never for a window).
- ``irreversible_moves``, ``irreversible_one_tap``: moves that cannot be taken back
  (``Game.irreversible``: dying on purpose, giving up a role or a level) the people made, and
  how many of them were played on their first press, with no "Yes, ..." asked (issue 27.2:
  0). The "Yes" is pressed too and counted as a tap.
- ``max_label_chars``: the longest button label or select option label the bot drew.
- ``max_options_in_one_choice``: the most alternatives one message offered at once: enabled
  buttons plus the options of its enabled selects.
- ``table_height_px_phone``, ``controls_top_px_phone`` (only when Chromium is present, see
  ``bench/_uxphone.py``; else null): SimCord's preview at a fixed 400 px width during a classic
  fight where Alice decides (a fifth run, from the table, not counted above): the table
  message's height, and how far below the top of Alice's "My hand" answer its first control
  sits.

Targets of issue 18: taps per decision <= 1.2 on both ways, live hand messages 1, stale live
controls 0, table height <= 900 px during a fight, controls within the first 900 px of the hand.
docs/ux.md ("How we measure") says the same. A benchmark, never a test (tests/bench/ has a
smoke test of its keys).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._uxplay import Player, Seats  # noqa: E402
from bench._uxscreens import ScreenFigures  # noqa: E402
from bot.words import lobby_texts  # noqa: E402

PATHS = ("dm", "table")
DAY = 24 * 3600.0
# The longest response window a server may set (/settings window_seconds). People answer at
# once (SimCord's clock stands still while they decide), so no window runs out on them; the
# clock moves only when the run lets a window close on its own, by this much. A window of a
# day would jump the clock a day each time: Discord's 15-minute interaction tokens would die
# at every window, which no real window does.
WINDOW = 120.0
# SimCord waits this long (real time) on a pending timer before it calls the bot idle.
SETTLE = 5.0


@dataclass(frozen=True)
class RunSpec:
    game: str
    path: str
    decisions: int
    seats: int | None = None
    auto_pass: bool = True


@dataclass
class RunResult:
    spec: RunSpec
    decisions: int = 0
    taps: int = 0
    auto_passes: int = 0
    pass_taps: int = 0  # taps spent pressing Pass (part of ``taps``)
    closes_waited: int = 0
    pings: int = 0  # DM pings the people got (issue 27.3)
    irreversible: int = 0  # moves that cannot be taken back the people made
    irreversible_one_tap: int = 0  # of them, played with no "Yes, ..." asked (issue 27.2)
    negotiated: bool = False
    messages: dict[str, int] = field(default_factory=lambda: {"channel": 0, "dm": 0, "thread": 0})
    screens: ScreenFigures = field(default_factory=ScreenFigures)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.spec.game,
            "path": self.spec.path,
            "decisions": self.decisions,
            "taps": self.taps,
            "auto_passes": self.auto_passes,
            "pass_taps": self.pass_taps,
            "windows_closed_by_clock": self.closes_waited,
            "pings": self.pings,
            "irreversible_moves": self.irreversible,
            "irreversible_one_tap": self.irreversible_one_tap,
            "help_negotiated": self.negotiated if self.spec.game == "classic" else None,
            "messages": self.messages,
            "live_hand_messages_max": self.screens.live_hands_max,
            "stale_live_controls": self.screens.stale_controls_max,
            "max_label_chars": self.screens.max_label_chars,
            "max_options_in_one_choice": self.screens.max_options,
        }


def default_runs(classic: int, duel: int, auto_pass: bool = True) -> list[RunSpec]:
    return [RunSpec("classic", p, classic, 4, auto_pass) for p in PATHS] + [
        RunSpec("duel", p, duel, None, auto_pass) for p in PATHS
    ]


@contextmanager
def seeded(seed: int) -> Any:
    """The service draws each match's seed and AI seed from ``secrets``; a bench wants them
    fixed, so they come from ``seed`` while the run lasts."""
    rng = random.Random(seed)
    with mock.patch("secrets.randbits", rng.getrandbits):
        yield


@contextmanager
def unpaced() -> Any:
    """The players here click faster than people; Discord's edit pacing would make SimCord
    wait on its own clock (the e2e tests lift it the same way)."""
    with mock.patch("bot.delivery.pacing.EDITS_PER_WINDOW", 10**6):
        yield


@asynccontextmanager
async def simulated(scratch: Path, name: str) -> AsyncIterator[tuple[Any, Any, list[Any]]]:
    """The real bot in SimCord on a fresh database: (env, the game channel, Alice and Bob)."""
    import simcord

    from bot.client import create_bot
    from bot.config import Settings
    from bot.playground import simulated_clock

    # People answer every decision here: no turn or window runs out while a run lasts.
    settings = Settings(
        database=scratch / f"ux-{name}.sqlite3", turn_seconds=DAY, window_seconds=WINDOW
    )
    # Deadlines by SimCord's clock, as in the playground: its preview (the phone figures)
    # shows them against that clock, so by the system's they would read "in 47 weeks".
    bot = create_bot(settings, games=["classic", "duel"], clock=simulated_clock)
    env = simcord.Env(bot, check_errors=False, settle_timeout=SETTLE)
    await env.start()
    try:
        with env.time_context():
            guild = env.create_guild("UX")
            channel = guild.create_text_channel("games")
            people = [
                guild.add_member(env.create_user(n, global_name=n.capitalize()))
                for n in ("alice", "bob")
            ]
            await env.settle()
            yield env, channel, people
    finally:
        await bot.release()
        await env.shutdown()


async def play_run(spec: RunSpec, seed: int, scratch: Path) -> RunResult:
    result = RunResult(spec)
    async with simulated(scratch, f"{spec.game}-{spec.path}") as (env, channel, people):
        with seeded(seed):
            seats = await Seats.open(
                env, channel, people, spec.game, spec.seats, auto_pass=spec.auto_pass
            )
        players = [Player(seats, n, person) for n, person in enumerate(people)]
        rng = random.Random(seed)
        while result.decisions < spec.decisions:
            decision = await seats.next_decision(rng)
            if decision is None:
                break
            seat, action = decision
            taps = await players[seat].decide(action, spec.path)
            result.taps += taps
            result.pass_taps += taps if action.kind == "pass" else 0
            result.decisions += 1
            result.screens.sample(
                env.backend,
                env.backend.bot_user.id,
                [p.id for p in people],
                channel.id,
                seats.match_id,
            )
        result.negotiated = seats.negotiation.done
        result.auto_passes = len(seats.auto_passed)
        result.closes_waited = seats.closes_waited
        result.pings = seats.pings([p.id for p in people])
        result.irreversible = seats.irreversible.made
        result.irreversible_one_tap = seats.irreversible.one_tap
        result.messages = seats.messages_since(seats.first_message_id, [p.id for p in people])
    return result


async def phone_run(seed: int, scratch: Path, limit: int = 200) -> dict[str, Any]:
    """Classic from the table until Alice decides in a fight; then her hand is opened and both
    lengths are read at 400 px (``bench/_uxphone.py``). Its own run: the extra "My hand" it
    opens must not count in the other figures."""
    from bench._uxphone import measure

    async with simulated(scratch, "phone") as (env, channel, people):
        with seeded(seed):
            seats = await Seats.open(env, channel, people, "classic", 4)
        players = [Player(seats, n, person) for n, person in enumerate(people)]
        rng = random.Random(seed)
        for _ in range(limit):
            decision = await seats.next_decision(rng)
            if decision is None:
                return {}
            seat, action = decision
            if seat == 0 and seats.in_a_fight():
                table = seats.table()
                hand = await people[0].click(table, label=lobby_texts.BUTTON_HAND)
                if hand.response is None:
                    return {}
                return await measure(env, channel, seats.table_id, hand.response.id, people[0])
            await players[seat].decide(action, "table")
    return {}


def summarize(results: list[RunResult], seed: int, phone: dict[str, Any]) -> dict[str, Any]:
    decisions = sum(r.decisions for r in results)
    per = max(decisions, 1)
    taps = {
        path: round(
            sum(r.taps for r in results if r.spec.path == path)
            / max(1, sum(r.decisions for r in results if r.spec.path == path)),
            2,
        )
        for path in PATHS
    }
    messages = {
        kind: round(sum(r.messages[kind] for r in results) / per, 2)
        for kind in ("channel", "dm", "thread")
    }
    return {
        "seed": seed,
        "decisions": decisions,
        "auto_pass": all(r.spec.auto_pass for r in results),
        "auto_passes": sum(r.auto_passes for r in results),
        "pass_taps": sum(r.pass_taps for r in results),
        "windows_closed_by_clock": sum(r.closes_waited for r in results),
        "pings_per_decision": round(sum(r.pings for r in results) / per, 2),
        "irreversible_moves": sum(r.irreversible for r in results),
        "irreversible_one_tap": sum(r.irreversible_one_tap for r in results),
        "taps_per_decision": taps,
        "live_hand_messages_max": max(r.screens.live_hands_max for r in results),
        "stale_live_controls": max(r.screens.stale_controls_max for r in results),
        "messages_per_decision": messages,
        "max_label_chars": max(r.screens.max_label_chars for r in results),
        "max_options_in_one_choice": max(r.screens.max_options for r in results),
        "table_height_px_phone": phone.get("table_height_px"),
        "controls_top_px_phone": phone.get("controls_top_px"),
        "runs": [r.as_json() for r in results],
    }


async def measure_all(specs: list[RunSpec], seed: int, *, phone: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch, unpaced():
        results = [await play_run(spec, seed, Path(scratch)) for spec in specs]
        lengths = await phone_run(seed, Path(scratch)) if phone else {}
    return summarize(results, seed, lengths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--classic", type=int, default=40, help="decisions per classic run")
    parser.add_argument("--duel", type=int, default=30, help="decisions per duel run")
    parser.add_argument("--no-phone", action="store_true", help="skip the Chromium screenshots")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--auto-pass", choices=("on", "off"), default="on", help="both players' preference"
    )
    args = parser.parse_args()
    from bench._uxphone import available

    phone = not args.no_phone and available()
    specs = default_runs(args.classic, args.duel, args.auto_pass == "on")
    figures = asyncio.run(measure_all(specs, args.seed, phone=phone))
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            if key != "runs":
                print(f"{key}: {value}")


if __name__ == "__main__":
    main()
