"""The offline playground: the real bot, cogs and SQLite database against SimCord's in-memory
Discord, with SimCord's preview page on 127.0.0.1 so a person can play as several users.

Nothing here reaches the network: SimCord replaces discord.py's HTTP and gateway layers.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import discord

from bot.client import Backstab, create_bot
from bot.config import Settings
from bot.storage import file_in
from bot.words import lobby_texts, texts

GUILD_NAME = "Backstab Playground"
CHANNEL_NAME = "games"
PLAYERS = ("alice", "bob", "carol", "dave")
ADMIN_ROLE = "Server admin"
PLAYGROUND_DB = "playground"  # the file stem; the storage backend adds its suffix
BOT_NAME = "Backstab"


def playground_settings(settings: Settings) -> Settings:
    """The playground keeps its own throwaway database next to the configured one: its
    simulated server is new on every start, so old matches would point at nothing."""
    database = file_in((settings.sqlite_file or settings.database).parent, PLAYGROUND_DB)
    return settings.model_copy(
        update={"database": database, "database_url": None, "sync_commands": True}
    )


async def run_playground(
    settings: Settings, *, demo: bool = False, on_ready: Callable[[str], Any] | None = None
) -> None:
    """Serve the playground until Ctrl-C (or until the page's "End preview session").

    ``demo`` opens a lobby first, through the real slash command and buttons: Alice runs
    ``/match new`` with the first offered game, then Bob and Carol join (for screenshots).
    """
    _quiet_offline_noise()  # before SimCord's probe client logs at its creation
    import simcord  # the playground extra; imported here so the Discord mode never needs it

    settings = playground_settings(settings)
    settings.database.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(str(settings.database) + suffix).unlink(missing_ok=True)
    bot = create_bot(settings, clock=simulated_clock)
    env = simcord.Env(bot, check_errors=False)
    _name_the_bot(env)
    await env.start()
    try:
        with env.time_context():
            await _serve(env, bot, settings, demo=demo, on_ready=on_ready)
    finally:
        await bot.release()
        await env.shutdown()


# What discord.py logs at start-up that is untrue or meaningless offline (issue 27.8): SimCord
# builds a probe client with no intents ("Guilds intent seems to be disabled"), and the
# playground "logs in" with a stand-in token ("logging in using static token").
OFFLINE_NOISE = ("Guilds intent seems to be disabled", "logging in using static token")


class _OfflineNoise(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not any(record.getMessage().startswith(text) for text in OFFLINE_NOISE)


def _quiet_offline_noise() -> None:
    discord.VoiceClient.warn_nacl = False  # no voice here either (see ``Backstab``)
    discord.VoiceClient.warn_dave = False
    for name in ("discord.state", "discord.client"):
        found = logging.getLogger(name)
        if not any(isinstance(f, _OfflineNoise) for f in found.filters):
            found.addFilter(_OfflineNoise())


def simulated_clock() -> float:
    """The playground's wall clock: SimCord's simulated one. Its preview shows "<t:..:R>"
    against that clock (which starts at its own fixed date), so deadlines set by the system
    clock read "in 47 weeks"; set by this one they read "in 2 minutes". Inside SimCord,
    ``discord.utils.utcnow`` answers with the simulated time (and with the real time
    elsewhere, so this is safe to call anywhere)."""
    return discord.utils.utcnow().timestamp()


async def _serve(
    env: Any,
    bot: Backstab,
    settings: Settings,
    *,
    demo: bool,
    on_ready: Callable[[str], Any] | None,
) -> None:
    channel, players = populate(env)
    await env.settle()
    if demo:
        await _open_demo_lobby(bot.games, channel, players)
    preview = env.preview(channel, viewers=players, layout="channel", port=settings.playground_port)
    async with preview:
        print(
            texts.PLAYGROUND_BANNER.format(
                url=preview.url,
                guild=GUILD_NAME,
                channel=CHANNEL_NAME,
                players=", ".join(p.capitalize() for p in PLAYERS),
                admin=PLAYERS[0].capitalize(),
                database=settings.database,
            ),
            flush=True,
        )
        if on_ready is not None:
            on_ready(preview.url)
        fresh = asyncio.ensure_future(keep_fresh(env, preview))
        try:
            await _until_stopped(preview.wait_closed())
        finally:
            fresh.cancel()
            await asyncio.gather(fresh, return_exceptions=True)


FRESH_EVERY = 1.0  # seconds between two looks for what the bot did on its own


async def keep_fresh(env: Any, preview: Any, every: float = FRESH_EVERY) -> None:
    """Republish the page whenever the bot wrote to Discord since the last look.

    SimCord's page shows what a person's own click or command caused; what the bot does on
    its own (a window closing on its clock, an AI seat's turn, a timed-out move) reached
    the page only when someone pressed "Refresh preview", so a new player read "Window
    closes in 15 seconds" long after it had closed and missed whole AI turns (issue 27,
    played as new users). The bot's writes are counted in SimCord's transcript of requests;
    a look while a person's action is under way waits for the next one (SimCord runs one
    operation at a time). SimCord's backend is not a public API: without a transcript the
    page is left as SimCord draws it."""
    from simcord import SetupError

    transcript = getattr(getattr(env, "backend", None), "transcript", None)
    if not isinstance(transcript, list):
        return
    seen = len(transcript)
    while True:
        await asyncio.sleep(every)
        count = len(transcript)
        if count == seen or getattr(env, "_operation_task", None) is not None:
            continue
        try:
            await preview.refresh()
        except SetupError:
            continue  # a click began between the look and the refresh: the next look
        seen = len(transcript)


async def _until_stopped(closed: Awaitable[None]) -> None:
    """Wait for the page to end its session, Ctrl-C or SIGTERM. The signals are caught here
    rather than left to ``asyncio.run``: SimCord manages the loop's scheduling, and a plain
    task cancellation from the default handler did not reliably reach this wait."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    installed = []
    for number in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(number, stop.set)
            installed.append(number)
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # not the main thread (tests) or no signal support: cancellation still works
    waits = [asyncio.ensure_future(closed), asyncio.ensure_future(stop.wait())]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in waits:
            task.cancel()
        for number in installed:
            loop.remove_signal_handler(number)


def _name_the_bot(env: Any) -> None:
    """SimCord calls its bot user "TestBot"; show ours by its name. Cosmetic, and SimCord's
    backend is not a public API, so a change there must never stop the playground."""
    user = getattr(getattr(env, "backend", None), "bot_user", None)
    if user is not None and hasattr(user, "global_name"):
        user.global_name = BOT_NAME


async def _open_demo_lobby(games: Sequence[str], channel: Any, players: list[Any]) -> None:
    if not games:
        print(texts.PLAYGROUND_NO_GAMES, flush=True)
        return
    result = await players[0].slash(channel, "match new", game=games[0])
    if result.response is None:
        return
    for player in players[1:3]:
        await player.click(result.response.message, label=lobby_texts.BUTTON_JOIN)


def populate(env: Any) -> tuple[Any, list[Any]]:
    """The playground's server: its channel and its players (SimCord handles)."""
    guild = env.create_guild(GUILD_NAME)
    channel = guild.create_text_channel(CHANNEL_NAME)
    # The first player manages the server, so /settings (clocks, hand delivery, allowed games)
    # and the admin's host tools can be tried offline; Discord shows /settings only to members
    # with Manage Server, and nobody had it here.
    admins = guild.create_role(ADMIN_ROLE, permissions=discord.Permissions(manage_guild=True))
    players = [
        guild.add_member(
            env.create_user(name, global_name=name.capitalize()),
            roles=[admins] if name == PLAYERS[0] else [],
        )
        for name in PLAYERS
    ]
    return channel, players
