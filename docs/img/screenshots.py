"""Retake the README screenshots of the playground with headless Chromium.

    .venv/bin/python docs/img/screenshots.py          # needs /usr/bin/chromium (or CHROMIUM=...)

The same bot and SimCord server as ``python -m bot --demo``: Alice opens a classic lobby, Bob
joins, two AI seats fill the table; Alice and Bob then click random choices from their "My hand"
answers until a fight is on. Each shot is a fresh page load of SimCord's preview in Playwright
(the ``screenshots`` extra) with the system's Chromium, at a desktop and a fixed 400 px phone
width, taken once the pictures have loaded: the lobby, the table during the fight (seen by
Carol, a spectator) and Alice's live hand (her "My hand" answer in the channel).
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(os.environ.get("SHOTS_DIR") or Path(__file__).resolve().parent)
sys.path.insert(0, str(ROOT))

LOBBY = ((1100, 640), (400, 900))
TABLE = ((1100, 1450), (400, 1650))  # (desktop, phone) window sizes
GAME = "classic"
PHONE = 400
READY_MS = 30_000


async def shoot(
    env: Any,
    channel: Any,
    viewer: Any,
    name: str,
    size: tuple[int, int],
    message_id: int | None = None,
) -> None:
    """One window of ``channel`` as ``viewer`` sees it, scrolled to ``message_id`` when given
    (a hand below the table), once every picture has loaded."""
    from playwright.async_api import async_playwright

    from bench._uxphone import PICTURES_LOADED

    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    # The bot writes clocks as Discord timestamps from the real time: show the page at it.
    now = datetime.now(UTC)
    # A phone's width uses SimCord's fixed-width preview: the responsive one fits the
    # workspace and cuts a message off on the right at phone widths (issue 18).
    fixed = size[0] <= PHONE
    preview = env.preview(
        channel,
        viewers=[viewer],
        layout="channel",
        port=0,
        presentation_time=now,
        display="fixed" if fixed else "responsive",
        width=size[0],
        height=size[1],
    )
    path = OUT / f"{name}.png"
    async with preview, async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium)
        try:
            page = await browser.new_page(viewport={"width": size[0], "height": size[1]})
            await page.goto(preview.url)
            await page.wait_for_selector(".message-components", timeout=READY_MS)
            if message_id is not None:
                found = f'.channel-message[data-message-id="{message_id}"]'
                await page.wait_for_selector(f"{found} .message-components", timeout=READY_MS)
                await page.eval_on_selector(found, "m => m.scrollIntoView({block: 'start'})")
            await page.wait_for_function(PICTURES_LOADED, timeout=READY_MS)
            await page.screenshot(path=str(path))
        finally:
            await browser.close()
    print(f"{path}: {path.stat().st_size // 1024} KB", flush=True)


def children(message: Any) -> list[dict[str, Any]]:
    """Every component of a message, nested ones included (a Components V2 layout)."""
    from bench._uxscreens import raw_components

    return raw_components(message)


def keyed(message: Any, key: str) -> str | None:
    from bot.render import parse_custom_id

    for child in children(message):
        parsed = parse_custom_id(child.get("custom_id", ""))
        if parsed is not None and parsed.key == key and not child.get("disabled"):
            return str(child["custom_id"])
    return None


def choices(message: Any) -> list[str]:
    from bot.render import parse_custom_id

    out = []
    for child in children(message):
        parsed = parse_custom_id(child.get("custom_id", ""))
        if parsed is None or child.get("disabled") or child.get("type") != 2:
            continue
        if parsed.key != "hand" and not parsed.key.startswith("page-"):
            out.append(str(child["custom_id"]))
    return out


def table_of(channel: Any, message_id: int) -> Any:
    return next(m for m in channel.history() if m.id == message_id)


async def play_to_a_fight(
    env: Any, channel: Any, table_id: int, match_id: int, people: Any, seed: int
) -> bool:
    """Random clicks by Alice and Bob until a fight is on and one of them must decide."""
    from engine.core.record import replay
    from engine.games import load_game

    bot = env.bot
    game = load_game(GAME)
    chooser = random.Random(seed)
    for _ in range(300):
        state = replay(game, await bot.service.record(match_id))
        deciding = sorted(s for s in game.deciders(state) if s in people)
        fighting = state.combat is not None and state.combat.fighter in people
        if fighting and deciding and len(state.hands[0]) >= 2:
            return True
        if not deciding:
            await env.settle()
            continue
        player = people[deciding[0]]
        hand = await player.click(table_of(channel, table_id), label="My hand")
        options = choices(hand.response)
        if options:
            await player.click(hand.response, custom_id=chooser.choice(options))
        else:  # Pass alone: the hand asks nothing, the table's Pass (issue 27.1)
            table = table_of(channel, table_id)
            passing = keyed(table, "pass")
            if passing is not None:
                await player.click(table, custom_id=passing)
    return False


def post_log_at_once() -> None:
    """The log thread posts at most once per LOG_GAP (30 s) while a match is played, and
    each settle waited for that post: the clicks to a fight took 30 s each and the script sat
    for over ten minutes. The shots show the table and the hand, not the thread: post at
    once, as the end-to-end tests do (tests/e2e/conftest.py)."""
    from bot.delivery import log_thread, pacing

    log_thread.LOG_GAP = 0.0
    # Likewise Discord's 5 edits in 5 s per channel: the script clicks far faster than a
    # person would (tests/e2e/conftest.py does the same).
    pacing.EDITS_PER_WINDOW = 10**6


async def session(fight: bool, seed: int = 0) -> bool:
    """One fresh bot and server. A preview page keeps SimCord's clock running after it closes,
    so the lobby shot and the fight shots are taken in two sessions."""
    import simcord

    from bot.client import create_bot
    from bot.config import Settings
    from bot.playground import _name_the_bot

    post_log_at_once()
    folder = Path(tempfile.mkdtemp(prefix="backstab-shots-"))
    settings = Settings(database=folder / "shots.sqlite3", playground_port=0)
    settings = settings.model_copy(update={"sync_commands": True})
    bot = create_bot(settings, games=[GAME])
    # Under the held delivery marks' 10 s idle write (bot.core.held_marks): a settle waits out
    # every timer due within its timeout, and at 60 s each click sat 10 s for that write.
    env = simcord.Env(bot, check_errors=False, settle_timeout=8)
    _name_the_bot(env)
    await env.start()
    try:
        with env.time_context():
            guild = env.create_guild("Backstab Playground")
            channel = guild.create_text_channel("games")
            alice, bob, carol = (
                guild.add_member(env.create_user(n, global_name=n.capitalize()))
                for n in ("alice", "bob", "carol")
            )
            await env.settle()
            result = await alice.slash(channel, "match new", game=GAME)
            table_id = result.response.id
            lobby = table_of(channel, table_id)
            await bob.click(lobby, custom_id=keyed(lobby, "lobby-join"))
            if not fight:
                for size, suffix in zip(LOBBY, ("", "-phone"), strict=True):
                    await shoot(env, channel, carol, f"playground-lobby{suffix}", size)
                return True
            [match] = await bot.service.matches_of_user(guild.id, alice.id)
            while len((await bot.service.get(match.id)).seats) < 4:
                await bot.service.add_ai(match.id, alice.id)
            lobby = table_of(channel, table_id)
            await alice.click(lobby, custom_id=keyed(lobby, "lobby-start"))
            people = {0: alice, 1: bob}
            if not await play_to_a_fight(env, channel, table_id, match.id, people, seed):
                return False
            await env.settle()
            # Alice's live hand: the ephemeral "My hand" answer in the channel (her hand DM
            # was retired by it; her DMs hold a short ping).
            hand = await alice.click(table_of(channel, table_id), label="My hand")
            await env.settle()
            for size, suffix in zip(TABLE, ("", "-phone"), strict=True):
                await shoot(env, channel, carol, f"playground-fight{suffix}", size)
                name = f"playground-hand{suffix}"
                assert hand.response is not None
                await shoot(env, channel, alice, name, size, hand.response.id)
            return True
    finally:
        await bot.release()
        await env.shutdown()


async def main() -> None:
    await session(fight=False)
    for seed in (11, 12, 13, 14, 15):  # the AI seats may play differently as the bot changes
        if await session(fight=True, seed=seed):
            return
    raise SystemExit("no fight with cards in Alice's hand came up: add seeds")


if __name__ == "__main__":
    asyncio.run(main())
