"""UX measurement (issues 18 and 27): seeded matches played through SimCord as people play them.

    python bench/ux.py [--seed 2] [--classic 40] [--duel 30] [--quest 60] [--json] [--no-phone]
                       [--auto-pass on|off] [--game classic|duel|quest ...]

The real bot (discord.py, cogs, a SQLite file in a scratch folder) runs against SimCord. Each
run opens a match with ``/match new``, Bob joins, Alice starts; AI seats fill classic and quest
to four. Alice and Bob then make every decision the match asks of them, choosing what the
heuristic AI would (seeded: the match seed, the AI seed and each choice come from ``--seed``),
but reaching it through the screens, in one of two ways:

- ``dm``: from the newest hand message in their direct messages; when it does not offer the
  move (or there is none), from the table as below.
- ``table``: from the table in the channel: its Pass in a response window, otherwise the live
  hand the player already has in the channel (their last "My hand" answer, kept current in
  place) when it offers the move, else "My hand" (or "Play a card") and the move on the
  ephemeral hand it answers with.

In classic, Alice also asks Bob for help at her first chance: she offers nothing, Bob answers
with a counter-offer of his own (as the heuristic would price it) and Alice accepts it; the
terms are built on classic's bargain builder, a tap per part set (``_uxplay.build_on``).
In quest a charity the heuristic makes card by card is chosen whole on the charity builder
(the cards in one select, who gets which, Give: ``_uxplay.build_charity``), one decision.
There are six runs: each game once per way. Turns last a day and SimCord's clock stands still
while people answer: nobody's clock runs out, every decision is made by its player. A window
nobody is asked in (everyone in it auto-passing) closes when the run moves SimCord's clock to
its end (120 s, the longest a server may set).

``--json`` prints the figures of every game under ``games`` (each game the same keys) and the
runs' own under ``runs``. A game's figures:

- ``decisions``: the moves Alice and Bob made. With auto-pass on (the players' default;
  ``--auto-pass off`` for the old way) a Pass the bot makes for a person who could not answer
  is not one of them: ``auto_passes`` counts those apart (see ``bench/_uxplay.py``).
  ``pass_taps``: the taps spent pressing Pass (part of the taps); ``windows_closed_by_clock``:
  windows nobody was left to answer, which stay open their full time.
- ``pass_only_decisions``: decisions asked of a person whose only moves were Pass (and
  conceding) (issue 27.9: 0).
- ``taps_per_decision`` (``dm``, ``table``): taps per decision on each way. A tap is one
  interaction a person sends: a button pressed, a select choice, a pager page. Opening the DM
  list or scrolling is not counted (a phone costs 2-3 more taps to reach the DMs).
- ``taps_own_turn``: the median of the taps a person spent on one turn of their own, from its
  first decision to its last (fights on it included, windows and others' turns not), over
  both ways' finished turns (issue 27.9: quest <= 6).
- ``live_hand_messages_max``, ``stale_live_controls``: the most hand messages with live
  controls one player held at once in one match; the most enabled controls seen at once on
  hand messages that are not their player's newest one (sampled after every decision).
- ``messages_per_decision`` (``channel``, ``dm``, ``thread``): messages the bot created from
  the start of the match to its last decision, per decision, deleted ones included.
- ``pings_per_decision``: DM pings the people got (a post in their DMs that is not a hand),
  per decision (issue 27.3: <= 0.25).
- ``window_wait_seconds_per_match``: the time a whole match spends in windows nobody answered
  (only people holding no answer left, so it runs its time), at the server's default window
  (15 s): ``bench/windows.py`` on the engine, 20 heuristic matches, seats 0 and 1 the people.
- ``irreversible_moves``, ``irreversible_one_tap``: moves that cannot be taken back
  (``Game.irreversible``) the people made, and how many were played on their first press
  with no "Yes, ..." asked (issue 27.2: 0). The "Yes" is pressed too and counted as a tap.
- ``max_label_chars``, ``max_options_in_one_choice``: the longest button or option label the
  bot drew; the most alternatives one message offered at once.
- ``phone`` (only when Chromium is present, see ``bench/_uxphone.py``; else null): a seventh
  kind of run per game, from the table, measuring at 400 px at the first moment of each kind
  (``moments``: a turn, a fight, each kind of response window, quest's turn after the monsters
  moved): ``table_height_px`` per moment and its ``max``; for the person deciding,
  ``controls_top_px`` (their ephemeral "My hand" answer opens at its top: its first control
  from that top) and ``dm_controls_from_bottom_px`` (the DM opens at its bottom: its first
  control from the bottom), each per moment and its ``max``; ``pass_only_hand`` says whether
  "My hand" pressed in a window by a person holding no answer showed a Pass and nothing else.

Targets (issues 18 and 27), at 400 px, every game: table <= 900 px in every moment; controls
within 900 px of where either hand opens; taps per decision <= 1.2; pings per decision <= 0.25;
Pass-only decisions 0; no one-tap irreversible move; quest ``taps_own_turn`` <= 6; live hand
messages 1, stale live controls 0. docs/ux.md ("How we measure") says the same. A benchmark,
never a test (tests/bot/test_ux_bench.py is a smoke test of its keys).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
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


GAMES = ("classic", "duel", "quest")
SEATS = {"classic": 4, "duel": None, "quest": 4}


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
    pass_only: int = 0  # decisions whose only moves were Pass (issue 27.9)
    closes_waited: int = 0
    pings: int = 0  # DM pings the people got (issue 27.3)
    irreversible: int = 0  # moves that cannot be taken back the people made
    irreversible_one_tap: int = 0  # of them, played with no "Yes, ..." asked (issue 27.2)
    negotiated: bool = False
    # taps per own turn, in turn order: (seat, turn count) -> taps (issue 27.9)
    own_turns: dict[tuple[int, int], int] = field(default_factory=dict)
    messages: dict[str, int] = field(default_factory=lambda: {"channel": 0, "dm": 0, "thread": 0})
    screens: ScreenFigures = field(default_factory=ScreenFigures)

    def finished_turns(self) -> list[int]:
        """Taps of the own turns that ended (the run's last one may be cut)."""
        return list(self.own_turns.values())[:-1]

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.spec.game,
            "path": self.spec.path,
            "decisions": self.decisions,
            "taps": self.taps,
            "auto_passes": self.auto_passes,
            "pass_taps": self.pass_taps,
            "pass_only_decisions": self.pass_only,
            "windows_closed_by_clock": self.closes_waited,
            "pings": self.pings,
            "irreversible_moves": self.irreversible,
            "irreversible_one_tap": self.irreversible_one_tap,
            "own_turn_taps": self.finished_turns(),
            "help_negotiated": self.negotiated if self.spec.game == "classic" else None,
            "messages": self.messages,
            "live_hand_messages_max": self.screens.live_hands_max,
            "stale_live_controls": self.screens.stale_controls_max,
            "max_label_chars": self.screens.max_label_chars,
            "max_options_in_one_choice": self.screens.max_options,
        }


def default_runs(
    classic: int, duel: int, quest: int = 60, auto_pass: bool = True, games: Any = GAMES
) -> list[RunSpec]:
    counts = {"classic": classic, "duel": duel, "quest": quest}
    return [RunSpec(g, p, counts[g], SEATS[g], auto_pass) for g in games for p in PATHS]


def turn_of(game_id: str, state: Any) -> tuple[int, int]:
    """Whose turn it is and the turn's count, in each engine's own fields."""
    if game_id == "duel":
        return int(state.active), int(state.turn)
    if game_id == "classic":
        return int(state.turn), int(state.turns)
    return int(state.turn), int(state.turn_no)


def moment(game: Any, state: Any) -> str:
    """The kind of moment the table is at, for the phone figures: a response window (by what
    it is about), a fight, quest's turn right after the monsters moved, or a turn."""
    window = game.window(state)
    if window is not None:
        return f"window:{window.about}"
    if getattr(state, "combat", None) is not None or getattr(state, "fight", None) is not None:
        return "fight"
    if game.id == "quest" and any(state.last_paths or ()):
        return "turn:monsters_moved"
    return "turn"


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
    bot = create_bot(settings, games=list(GAMES), clock=simulated_clock)
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
            whose, count = turn_of(spec.game, seats.state)
            own = whose == seat and seats.game.window(seats.state) is None
            result.pass_only += seats.pass_only(seat)
            taps = await players[seat].decide(action, spec.path)
            if own:
                turn = (seat, count)
                result.own_turns[turn] = result.own_turns.get(turn, 0) + taps
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


def _max(values: Any) -> Any:
    found = [v for v in values if v is not None]
    return max(found) if found else None


async def phone_run(
    game_id: str, seed: int, scratch: Path, path: str, limit: int = 150
) -> dict[str, Any]:
    """The game played on ``path``; at the first moment of each kind (``moment``) the table is
    read at 400 px and so is the hand of the person deciding (``bench/_uxphone.py``): on
    ``dm`` their newest hand DM, on ``table`` the "My hand" answer they open. In the first
    window, a person in it holding no answer presses "My hand" once: ``pass_only_hand`` says
    whether it showed Pass and nothing else. Its own runs: the extra "My hand" answers they
    open must not count in the other figures."""
    from bench._uxphone import Phone

    tables: dict[str, Any] = {}
    hands: dict[str, Any] = {}
    pass_only: bool | None = None
    async with simulated(scratch, f"phone-{game_id}-{path}") as (env, channel, people):
        with seeded(seed):
            seats = await Seats.open(env, channel, people, game_id, SEATS[game_id])
        players = [Player(seats, n, person) for n, person in enumerate(people)]
        rng = random.Random(seed)
        async with Phone(env) as phone:
            for _ in range(limit):
                decision = await seats.next_decision(rng)
                if decision is None:
                    break
                seat, action = decision
                kind = moment(seats.game, seats.state)
                if kind not in tables:
                    person = people[seat]
                    if path == "dm":
                        tables[kind] = (await phone.table(channel, seats.table_id, person)).get(
                            "table_height_px"
                        )
                        dm = seats.newest_dm_hand(person.id)
                        if dm is not None:
                            read = await phone.dm(person.user, dm)
                            hands[kind] = read.get("dm_controls_from_bottom_px")
                    else:
                        hand = await person.click(seats.table(), label=lobby_texts.BUTTON_HAND)
                        if hand.response is not None:
                            table_id, hand_id = seats.table_id, hand.response.id
                            read = await phone.hand(channel, table_id, hand_id, person)
                            tables[kind] = read.get("table_height_px")
                            hands[kind] = read.get("controls_top_px")
                if path == "table" and kind.startswith("window") and pass_only is None:
                    pass_only = await seats.pass_only_hand(people)
                await players[seat].decide(action, path)
    return {"table_height_px": tables, "hand": hands, "pass_only_hand": pass_only}


def phone_figures(dm: dict[str, Any], table: dict[str, Any]) -> dict[str, Any]:
    """Both phone runs of a game as one figure: every moment's table height (the higher of the
    two runs), the DM's and the ephemeral hand's control positions."""
    heights = dict(dm["table_height_px"])
    for kind, px in table["table_height_px"].items():
        heights[kind] = _max([heights.get(kind), px])
    return {
        "moments": sorted(heights),
        "table_height_px": {**heights, "max": _max(heights.values())},
        "controls_top_px": {**table["hand"], "max": _max(table["hand"].values())},
        "dm_controls_from_bottom_px": {**dm["hand"], "max": _max(dm["hand"].values())},
        "pass_only_hand": table["pass_only_hand"],
    }


def window_wait(game_id: str, seed: int) -> float:
    """A whole match's time in windows nobody answered at the default window seconds
    (``bench/windows.py``: engine only, 20 matches)."""
    from bench import windows
    from bot.config import Settings

    seconds = Settings().window_seconds
    return float(
        windows.run(game_id, 20, seed, seconds, 2000, False)["window_wait_seconds_per_match"]
    )


def _median(values: list[int]) -> float | None:
    return float(statistics.median(values)) if values else None


def figures_of(
    results: list[RunResult], phone: dict[str, Any] | None, wait: float | None
) -> dict[str, Any]:
    """One game's figures (or every game's together), the same keys for each."""
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
    own = [t for r in results for t in r.finished_turns()]
    return {
        "decisions": decisions,
        "auto_pass": all(r.spec.auto_pass for r in results),
        "auto_passes": sum(r.auto_passes for r in results),
        "pass_taps": sum(r.pass_taps for r in results),
        "pass_only_decisions": sum(r.pass_only for r in results),
        "windows_closed_by_clock": sum(r.closes_waited for r in results),
        "window_wait_seconds_per_match": wait,
        "pings_per_decision": round(sum(r.pings for r in results) / per, 2),
        "irreversible_moves": sum(r.irreversible for r in results),
        "irreversible_one_tap": sum(r.irreversible_one_tap for r in results),
        "taps_per_decision": taps,
        "taps_own_turn": _median(own),
        "live_hand_messages_max": max((r.screens.live_hands_max for r in results), default=0),
        "stale_live_controls": max((r.screens.stale_controls_max for r in results), default=0),
        "messages_per_decision": messages,
        "max_label_chars": max((r.screens.max_label_chars for r in results), default=0),
        "max_options_in_one_choice": max((r.screens.max_options for r in results), default=0),
        "phone": phone,
        "table_height_px_phone": (phone or {}).get("table_height_px", {}).get("max"),
        "controls_top_px_phone": (phone or {}).get("controls_top_px", {}).get("max"),
        "dm_controls_from_bottom_px_phone": (phone or {})
        .get("dm_controls_from_bottom_px", {})
        .get("max"),
    }


def summarize(
    results: list[RunResult],
    seed: int,
    phones: dict[str, dict[str, Any]],
    waits: dict[str, float] | None = None,
) -> dict[str, Any]:
    games = list(dict.fromkeys(r.spec.game for r in results))
    waits = waits or {}
    every = figures_of(results, None, None)
    heights = [p.get("table_height_px", {}).get("max") for p in phones.values()]
    tops = [p.get("controls_top_px", {}).get("max") for p in phones.values()]
    bottoms = [p.get("dm_controls_from_bottom_px", {}).get("max") for p in phones.values()]
    every["phone"] = None
    every["dm_controls_from_bottom_px_phone"] = _max(bottoms)
    every["table_height_px_phone"] = _max(heights)
    every["controls_top_px_phone"] = _max(tops)
    return {
        "seed": seed,
        **every,
        "games": {
            g: figures_of([r for r in results if r.spec.game == g], phones.get(g), waits.get(g))
            for g in games
        },
        "runs": [r.as_json() for r in results],
    }


async def measure_all(
    specs: list[RunSpec], seed: int, *, phone: bool, waits: bool = False
) -> dict[str, Any]:
    games = list(dict.fromkeys(s.game for s in specs))
    with tempfile.TemporaryDirectory() as scratch, unpaced():
        results = [await play_run(spec, seed, Path(scratch)) for spec in specs]
        phones = {
            g: phone_figures(
                await phone_run(g, seed, Path(scratch), "dm"),
                await phone_run(g, seed, Path(scratch), "table"),
            )
            for g in games
            if phone
        }
    found = {g: window_wait(g, seed) for g in games} if waits else {}
    return summarize(results, seed, phones, found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--classic", type=int, default=40, help="decisions per classic run")
    parser.add_argument("--duel", type=int, default=30, help="decisions per duel run")
    parser.add_argument("--quest", type=int, default=60, help="decisions per quest run")
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games")
    parser.add_argument("--no-phone", action="store_true", help="skip the Chromium screenshots")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--auto-pass", choices=("on", "off"), default="on", help="both players' preference"
    )
    args = parser.parse_args()
    from bench._uxphone import available

    phone = not args.no_phone and available()
    specs = default_runs(
        args.classic, args.duel, args.quest, args.auto_pass == "on", args.game or GAMES
    )
    figures = asyncio.run(measure_all(specs, args.seed, phone=phone, waits=True))
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for game, found in figures["games"].items():
            print(f"[{game}]")
            for key, value in found.items():
                print(f"  {key}: {value}")


if __name__ == "__main__":
    main()
