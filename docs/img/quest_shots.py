"""Retake the README's quest screenshots and measure them at a phone's width.

    .venv/bin/python docs/img/quest_shots.py          # needs /usr/bin/chromium; the
                                                      # measurement needs Playwright
                                                      # (pip install -e '.[screenshots]')
    .venv/bin/python docs/img/quest_shots.py --fight  # the table during Alice's fight

A quest match on a fixed seed through the same bot and SimCord server as the playground:
Alice and two AI seats. Alice plays the heuristic's choices from her "My hand" answers; on her
turns she explores until a room lies two steps away (so Go to… has something to offer). Then,
at a desktop and a fixed 400 px width: the table as Carol (a spectator) sees it, with the map
picture, and Alice's hand. It prints the phone figures as JSON: the table's height and how far
below the top of the hand its first control sits (``bench/_uxphone.py``).

``--fight`` plays on instead to the first fight Alice must decide with another seat in a room
help may come from (the fight picture: bars above the rooms around the fight, SPEC 4.2.4) and
takes ``quest-fight`` and ``quest-fight-phone`` the same way.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SEED = 7  # the quest end-to-end test's match
SIZES = ((1100, 1400), (400, 1500))  # (desktop, phone) window sizes
NAMES = ("quest-move", "quest-move-phone")
FIGHT_NAMES = ("quest-fight", "quest-fight-phone")


def far_route(state: Any) -> bool:
    from bot.games.quest import goto
    from engine.games import load_game

    game = load_game("quest")
    view = game.view(state, 0)  # the typed QuestView the renderer reads
    found = goto.routes(view, game.legal_actions(state, 0))
    return any(len(r.steps) > 1 for r in found)


def fight_with_help_near(state: Any) -> bool:
    """Alice decides her fight and someone else stands where help may come from."""
    from engine.games import load_game

    fight = load_game("quest").view(state, None).to_json()["fight"]
    if not fight or fight["main"] != 0 or fight["stage"] != "open":
        return False
    if state.pending or state.window is not None:
        return False
    near = {tuple(c) for c in fight["help_rooms"]}
    return any(tuple(state.pos[k]) in near for k in range(1, state.seats))


async def play(
    env: Any, channel: Any, alice: Any, table_id: int, match_id: int, fight: bool = False
) -> Any:
    """Alice's choices until a free turn of hers with a room two steps away (``fight``: her
    fight with help near); the last hand."""
    from bench._uxplay import choose_on
    from docs.img.screenshots import keyed, table_of
    from engine.core import Rng
    from engine.core.record import replay
    from engine.games import load_game
    from engine.quest.board import step_cell
    from tests.support.quest_turns import own_free_move

    game = load_game("quest")
    for step in range(3000):
        await env.settle()
        state = replay(game, await env.bot.service.record(match_id))
        if 0 not in game.deciders(state):
            continue
        if fight_with_help_near(state) if fight else own_free_move(state) and far_route(state):
            hand = await alice.click(table_of(channel, table_id), label="My hand")
            return hand.response
        action = game.ai_action(state, 0, Rng(step + 1), "heuristic")
        if own_free_move(state) and action.kind in ("end_turn", "search", "go"):
            dark = [
                a
                for a in game.legal_actions(state, 0)
                if a.kind == "go" and step_cell(state.pos[0], str(a.args[0])) not in state.rooms
            ]
            action = dark[0] if dark else action
        if action.kind == "pass":  # the table's Pass: a hand asks no Pass alone (issue 27.1)
            table = table_of(channel, table_id)
            passing = keyed(table, "pass")
            if passing is not None:
                await alice.click(table, custom_id=passing)
                continue
        hand = await alice.click(table_of(channel, table_id), label="My hand")
        await choose_on(alice, hand.response, action.key)
    raise SystemExit("no such turn came up")


async def main(fight: bool) -> None:
    import simcord

    import bot.core.service
    from bench import _uxphone
    from bot.client import create_bot
    from bot.config import Settings
    from bot.playground import _name_the_bot
    from docs.img.screenshots import post_log_at_once, shoot, table_of

    post_log_at_once()
    bot.core.service.secrets.randbits = lambda bits: SEED  # type: ignore[assignment]
    folder = Path(tempfile.mkdtemp(prefix="backstab-quest-shots-"))
    settings = Settings(database=folder / "shots.sqlite3", playground_port=0)
    client = create_bot(settings.model_copy(update={"sync_commands": True}), games=["quest"])
    env = simcord.Env(client, check_errors=False, settle_timeout=60)
    _name_the_bot(env)
    await env.start()
    try:
        with env.time_context():
            guild = env.create_guild("Backstab Playground")
            channel = guild.create_text_channel("games")
            alice, carol = (
                guild.add_member(env.create_user(n, global_name=n.capitalize()))
                for n in ("alice", "carol")
            )
            await env.settle()
            result = await alice.slash(channel, "match new", game="quest", seats=3)
            table_id = result.response.id
            await alice.click(table_of(channel, table_id), label="Start")
            [match] = await client.service.matches_of_user(guild.id, alice.id)
            hand = await play(env, channel, alice, table_id, match.id, fight)
            await env.settle()
            for size, name in zip(SIZES, FIGHT_NAMES if fight else NAMES, strict=True):
                await shoot(env, channel, carol, name, size)
                await shoot(env, channel, alice, f"{name}-hand", size)
            if _uxphone.available():
                figures = await _uxphone.measure(env, channel, table_id, hand.id, alice)
                print(json.dumps(figures))
    finally:
        await client.release()
        await env.shutdown()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fight", action="store_true", help="the table during Alice's fight")
    asyncio.run(main(parser.parse_args().fight))
