"""Deploy drill: restart the bot under live matches of every game on changed cards and rules.

    python bench/deploy.py [--matches 18] [--moves 10] [--json] [--unpinned]

Builds ``--matches`` live matches (classic, duel and quest, people and AI seats, mid-game)
through the real ``MatchService`` on a real SQLite file, on a copy of ``data/`` in a temp
folder (the real ``data/`` is never touched). Then, for each deploy below, a copy of that
database is opened by a fresh Python process that runs the bot's start-up (open, migrate,
restore every live match) on the changed cards or code:

- ``card_added``: a new card at the top of a card file of each game (every later id shifts;
  quest: a monster at the top of its monster deck);
- ``card_removed``: a card removed from each game's files (quest: its last monster);
- ``numbers_changed``: every monster's level (classic, quest) and power (duel) one higher;
- ``rules_same``: every game's ``RULES_VERSION`` bumped, no rule changed;
- ``rules_changed``: all bumped, and a patched classic rule (every seat starts a level up).

Each match is then counted: ``unchanged`` (every seat's view and moves and the table's words are
exactly those the same start-up showed on the old code and data, and again after the same
``--moves`` human moves on each side), ``ended_cleanly`` (closed with no result, a
reason and no league row), ``corrupted`` (live but anything a player sees differs) or
``stalled`` (live, nobody can move, or a move fails). The drill must end with 0 corrupted and
0 stalled; it exits non-zero otherwise. ``--unpinned`` is the control: the same drill with
the restore as it was before pinning, which must count corrupted matches. A benchmark, never
a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RESULT = "DEPLOY-RESULT "
DAY = 24 * 3600.0
NEW_CARD = """
[[card]]
id = "zz_deploy_new"
name = "Freshly Printed {kind}"
{field} = "{kind}"
text = "A card a deploy added at the top of the file."
"""
DEPLOYS = ("card_added", "card_removed", "numbers_changed", "rules_same", "rules_changed")
QUEST_MONSTERS = "monsters.toml"


def change_data(folder: Path, deploy: str) -> None:
    from bench._deploy_data import add_card_on_top, bump_every, first_block, remove_card

    if deploy == "card_added":
        add_card_on_top(
            folder, "classic", "doors.toml", NEW_CARD.format(field="kind", kind="curse")
        )
        add_card_on_top(folder, "duel", "allies.toml", NEW_CARD.format(field="type", kind="ally"))
        monster = first_block(folder, "quest", QUEST_MONSTERS, "monster")
        fresh = re.sub(r'^id = "[^"]+"$', 'id = "zz_deploy_new"', monster, count=1, flags=re.M)
        fresh = re.sub(r'^name = "[^"]+"$', 'name = "Freshly Printed Monster"', fresh, flags=re.M)
        add_card_on_top(folder, "quest", QUEST_MONSTERS, fresh, "monster")
    elif deploy == "card_removed":
        remove_card(folder, "classic", "doors.toml", "role_elf")
        remove_card(
            folder, "classic", "treasures.toml", _first_id(folder, "classic/treasures.toml")
        )
        remove_card(folder, "duel", "allies.toml", _first_id(folder, "duel/allies.toml"))
        last = _ids(folder, f"quest/{QUEST_MONSTERS}")[-1]
        remove_card(folder, "quest", QUEST_MONSTERS, last, "monster")
    elif deploy == "numbers_changed":
        bump_every(folder, "classic", "doors.toml", "level", 1)
        bump_every(folder, "duel", "monsters.toml", "power", 1)
        bump_every(folder, "quest", QUEST_MONSTERS, "level", 1)


def _first_id(folder: Path, file: str) -> str:
    return _ids(folder, file)[0]


def _ids(folder: Path, file: str) -> list[str]:
    lines = (folder / file).read_text("utf-8").splitlines()
    return [line.split('"')[1] for line in lines if line.startswith('id = "')]


def patch_rules(deploy: str) -> None:
    """The new code of a rules deploy, applied in the restarted process before anything loads."""
    if not deploy.startswith("rules_"):
        return
    import engine.classic
    import engine.duel
    import engine.quest
    from engine.classic.game import Classic

    engine.classic.RULES_VERSION += 1
    engine.duel.RULES_VERSION += 1
    engine.quest.RULES_VERSION += 1
    if deploy == "rules_changed":
        new = Classic.new

        def levelled(self: Classic, *args: Any, **kwargs: Any) -> Any:
            state = new(self, *args, **kwargs)
            state.levels = [level + 1 for level in state.levels]
            return state

        Classic.new = levelled  # type: ignore[method-assign]


async def build(db_path: Path, data: Path, matches: int, moves: int) -> list[int]:
    import bot.games  # noqa: F401  (registers the hosted games' plugins)
    from bench._matches import PLANS, Plan, make_live_matches
    from bot.core.service import MatchService
    from bot.storage import open_storage
    from engine.games import load_game

    db = await open_storage(db_path)
    service = MatchService(db, turn_seconds=DAY, games=lambda g: load_game(g, data))
    try:
        # Quest too (issue 30.9): one person with an AI seat, and two people.
        plans = (*PLANS, Plan("quest", 1, 1), Plan("quest", 2, 0))
        return await make_live_matches(service, matches, moves=moves, plans=plans)
    finally:
        await service.close()
        await db.close()


async def look(db_path: Path, data: Path, moves: int) -> dict[str, Any]:
    """In a fresh process: the bot's start-up on this database and data, then what players of
    each match see, then a few moves in each live match."""
    import random

    import bot.games  # noqa: F401  (registers the hosted games' plugins)
    from bench._matches import human_move
    from bot.core.service import MatchService, ServiceError
    from bot.storage import open_storage
    from engine.games import load_game

    db = await open_storage(db_path)
    service = MatchService(db, turn_seconds=DAY, games=lambda g: load_game(g, data))
    await service.start()
    await service.resumed()  # the AI bursts a restart schedules in the background
    await service.checked()
    out: dict[str, Any] = {"seen": {}, "ended": {}, "stalled": [], "quarantined": []}
    try:
        for match_id in await service.repo.match_ids(statuses=("live", "cancelled", "finished")):
            match = await service.get(match_id)
            if match.status == "cancelled":
                league = int(await db.leagues.is_logged(match_id))
                out["ended"][str(match_id)] = [match.ended_reason, league]
                continue
            if match_id in service.quarantined:
                out["quarantined"].append(match_id)
                continue
            if match.status != "live":
                continue
            out["seen"][str(match_id)] = {"restored": await players_see(service, match_id)}
        for key in list(out["seen"]):
            match_id = int(key)
            rng = random.Random(match_id)  # the same moves in every run
            try:
                moved = [await human_move(service, match_id, rng) for _ in range(moves)]
            except ServiceError:
                moved = [True]  # a refusal worded for a player is not a stall
            except Exception as exc:
                out["stalled"].append([match_id, repr(exc)])
                continue
            match = await service.get(match_id)
            live = service.live.get(match_id)
            ai_moving = live is not None and bool(
                live.game.deciders(live.state) & live.ai_levels.keys()
            )
            if match.status == "live" and not any(moved) and not ai_moving:
                out["stalled"].append([match_id, "nobody can move"])
            out["seen"][key]["played"] = await players_see(service, match_id)
    finally:
        await service.close()
        await db.close()
    return out


async def players_see(service: Any, match_id: int) -> Any:
    """Every seat's view and legal moves and the table's words, as plain JSON."""
    import bot.games  # noqa: F401  (registers the hosted games' plugins)
    from bot.screens import render_table

    match = await service.get(match_id)
    seen: dict[str, Any] = {"version": match.version, "status": match.status}
    for seat in match.seats:
        if seat.user_id is not None:
            _, view, actions = await service.view(match_id, seat.user_id)
            seen[str(seat.seat)] = [view.to_json(), sorted(a.key for a in actions)]
    _, table, _ = await service.view(match_id, None)
    drawn = render_table(match, table.to_json())
    seen["table"] = [e.to_dict() for e in drawn.embeds]
    return json.loads(json.dumps(seen))


def unpin() -> None:
    """``--unpinned``: the start-up before pinning (today's data for every match, rules never
    compared), to show what the drill counts when a deploy does reach live matches."""
    from bot.core.restore import Restorer

    async def data_game(self: Restorer, stored: Any) -> Any:
        return self.game(stored.row.game)

    Restorer._game_of = data_game  # type: ignore[method-assign]
    Restorer._replay_on_new_rules = Restorer._rebuild  # type: ignore[assignment]


def child(db_path: Path, data: Path, deploy: str, moves: int, unpinned: bool) -> None:
    if unpinned:
        unpin()
    patch_rules(deploy)
    result = asyncio.run(look(db_path, data, moves))
    print(RESULT + json.dumps(result), flush=True)


def run_child(
    db_path: Path, data: Path, deploy: str, moves: int, unpinned: bool = False
) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(db_path)]
    command += ["--data", str(data), "--deploy", deploy, "--moves", str(moves)]
    command += ["--unpinned"] if unpinned else []
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith(RESULT)]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"the restarted process failed ({deploy}):\n{done.stderr[-4000:]}")
    result: dict[str, Any] = json.loads(lines[0][len(RESULT) :])
    result["log_lines_ended"] = done.stderr.count("ended with no result")
    return result


def judge(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    figures = {"unchanged": 0, "ended_cleanly": 0, "corrupted": 0, "stalled": 0}
    problems: list[str] = []
    stalled = {int(m) for m, _ in after["stalled"]}
    for key, seen in before["seen"].items():
        if key in after["ended"]:
            reason, league_rows = after["ended"][key]
            if reason and league_rows == 0:
                figures["ended_cleanly"] += 1
            else:
                figures["corrupted"] += 1
                problems.append(f"match {key}: ended without a reason or with a league row")
        elif int(key) in after["quarantined"]:
            figures["stalled"] += 1
            problems.append(f"match {key}: quarantined")
        elif after["seen"].get(key, {}).get("restored") != seen["restored"]:
            figures["corrupted"] += 1
            problems.append(f"match {key}: what players see changed")
        elif after["seen"][key].get("played") != seen.get("played") and int(key) not in stalled:
            figures["corrupted"] += 1
            problems.append(f"match {key}: playing on differs from the old code")
        elif int(key) in stalled:
            figures["stalled"] += 1
            problems.append(f"match {key}: stalled")
        else:
            figures["unchanged"] += 1
    figures["ended_logged"] = after["log_lines_ended"]
    figures["problems"] = problems[:10]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=18)
    parser.add_argument("--moves", type=int, default=10, help="human moves per match, at most")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--unpinned", action="store_true", help="control run: restore as before pinning"
    )
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--data", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--deploy", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child, args.data, args.deploy, args.moves, args.unpinned)
        return
    from bench._deploy_data import copy_data

    started = time.perf_counter()
    out: dict[str, Any] = {"matches": args.matches}
    with tempfile.TemporaryDirectory() as scratch:
        base, db = copy_data(Path(scratch) / "data"), Path(scratch) / "base.sqlite3"
        asyncio.run(build(db, base, args.matches, args.moves))
        # What players saw before any deploy: the same start-up on unchanged code and data.
        copy = Path(scratch) / "before.sqlite3"
        shutil.copy(db, copy)
        before = run_child(copy, base, "none", args.moves)
        for deploy in DEPLOYS:
            folder = Path(scratch) / deploy
            shutil.copytree(base, folder)
            change_data(folder, deploy)
            target = Path(scratch) / f"{deploy}.sqlite3"
            shutil.copy(db, target)
            after = run_child(target, folder, deploy, args.moves, args.unpinned)
            out[deploy] = judge(before, after)
    out["seconds"] = round(time.perf_counter() - started, 1)
    bad = sum(out[d]["corrupted"] + out[d]["stalled"] for d in DEPLOYS)
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(f"{'deploy':<16} unchanged  ended_cleanly  corrupted  stalled")
        for deploy in DEPLOYS:
            f = out[deploy]
            print(
                f"{deploy:<16} {f['unchanged']:>9}  {f['ended_cleanly']:>13}"
                f"  {f['corrupted']:>9}  {f['stalled']:>7}"
            )
            for problem in f["problems"]:
                print(f"  {problem}")
        print(f"matches: {args.matches}, seconds: {out['seconds']}")
    if bad:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
