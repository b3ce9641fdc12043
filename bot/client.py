"""The bot process: a ``commands.Bot`` that owns the database, the match service and the cogs.

``setup_hook`` runs once per start (and again after a restart): open the database, apply the
migrations, start the service (which restores live matches and their timers), load the cogs,
register the persistent buttons, and sync the slash commands.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import plugins
from bot.app import App, build_app
from bot.config import Settings, StartupError
from bot.core import heap
from bot.core import service as svc
from bot.core.errors import refusal_of
from bot.delivery.components import ButtonRouter, refusal, relay_refusals, send_private
from bot.delivery.membership import ClickGuard
from bot.games import BUILT_IN  # noqa: F401  (importing it registers the hosted games)
from bot.render.ids import CUSTOM_ID_PATTERN, ButtonId
from bot.storage import Storage, open_storage
from bot.words import error_texts
from engine import games as registry

log = logging.getLogger(__name__)

COGS = (
    "cogs.lobby",
    "cogs.play",
    "cogs.history",
    "cogs.match",  # after the three cogs its commands hand over to
    "cogs.settings",
    "cogs.league",
    "cogs.reference",
    "cogs.welcome",
)


def offered_games() -> tuple[str, ...]:
    """The games ``/match new`` offers: every game whose plugin is registered. An engine that
    is still being built (or a test-only game) may be in the engine registry without being
    hosted: people never meet a game with no words."""
    return tuple(sorted(p.id for p in plugins.plugins()))


def check_games(games: Sequence[str]) -> None:
    """Every offered game loads its cards from ``data/``; ``StartupError`` names the first
    that does not. A bot that started without them would say "ready" and then fail every
    ``/match new`` (the lobby draws from the game's cards)."""
    for game_id in games:
        try:
            registry.load_game(game_id)
        except Exception as exc:
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise StartupError(f"game {game_id} does not load: {reason}") from None


class Backstab(commands.Bot):
    """The Discord client. Cogs reach the service, the storage ports and settings through it."""

    def __init__(
        self,
        settings: Settings,
        *,
        games: Sequence[str] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        # The bot never joins a voice channel: discord.py's "PyNaCl / davey is not installed,
        # voice will NOT be supported" warnings at start-up only worry a newcomer (issue 27.8).
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        # No message events: the bot reads no messages (slash commands and buttons only), and
        # each of its own sends and edits would come back as a MESSAGE_CREATE or _UPDATE to
        # decode and parse (a tenth of the process's CPU under load, issue 29.4).
        intents = discord.Intents.default()
        intents.messages = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            # No message cache: the bot reads no cached message (clicks carry theirs, views
            # are sent stopped), and discord.py looks each MESSAGE_UPDATE and delete up by a
            # scan of the cache, 1,000 messages (about 0.2 ms on the event loop per table edit
            # the gateway echoes back).
            max_messages=None,
        )
        self.settings = settings
        self._games_override = tuple(games) if games is not None else None
        self._clock = clock  # the wall clock of deadlines; None: the system's (time.time)
        self.button_router = ButtonRouter()
        self._storage: Storage | None = None
        self._service: svc.MatchService | None = None
        self._app: App | None = None
        self.tree.on_error = self._on_app_command_error  # type: ignore[method-assign]
        self.click_guard = ClickGuard(self)

    @property
    def games(self) -> tuple[str, ...]:
        """The game ids players may pick in ``/match new``."""
        return self._games_override if self._games_override is not None else offered_games()

    @property
    def storage(self) -> Storage:
        """Every storage port, opened once in ``setup_hook``."""
        if self._storage is None:
            raise RuntimeError("storage opens in setup_hook")
        return self._storage

    @property
    def client(self) -> discord.Client:
        """Itself, as delivery's ``Host`` names the client an interaction's webhook rides on."""
        return self

    @property
    def app(self) -> App:
        """What the process built once (bot/app.py): the cogs' collaborators."""
        if self._app is None:
            raise RuntimeError("the app is built in setup_hook")
        return self._app

    @property
    def service(self) -> svc.MatchService:
        if self._service is None:
            raise RuntimeError("the match service starts in setup_hook")
        return self._service

    async def setup_hook(self) -> None:
        self.button_router = ButtonRouter()
        self.click_guard = ClickGuard(self)
        self.button_router.guard = self.click_guard
        check_games(self.games)
        storage = await open_storage(self.settings.storage_location)
        self._storage = storage
        self._service = svc.MatchService(
            storage,
            games=registry.load_game,
            turn_seconds=self.settings.turn_seconds,
            window_seconds=self.settings.window_seconds,
            lobby_idle_seconds=self.settings.lobby_idle_seconds,
            max_matches=self.settings.max_matches,
            max_strong_seats=self.settings.max_strong_seats,
            clock=self._clock,
        )
        # Everything built once (bot/app.py), before the cogs that take their parts from it.
        self._app = build_app(self, storage, self._service)
        for extension in COGS:
            await self.load_extension(extension)
        # Each hosted game's own feature (duel's /deck and deck pick): its commands join the
        # tree beside the generic ones.
        for feature in self.app.features.values():
            if feature.cog is not None:
                await self.add_cog(feature.cog(self))
        relay_refusals(self.tree)
        # Cogs subscribe to the service before it restores matches, so a timer that fires
        # during the restore is published like any other update.
        await self._service.start()
        if self.settings.settle_heap:
            # Everything start-up and the restore made lives as long as the process: out of
            # every later collection (bot/core/heap.py).
            frozen = heap.settle()
            log.info("heap settled: %d objects frozen, thresholds %s", frozen, heap.THRESHOLDS)
        if self.settings.sync_commands:
            await self.tree.sync()
        log.info("ready: games offered %s", ", ".join(self.games) or "(none)")

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A press on any button or select the bot drew goes to the router, its state read
        from the custom id alone. Not through a discord.py ``DynamicItem``: that rebuilds the
        whole clicked message as a view to find the item first (a sixth of the bot's CPU
        per click under load, issue 29.4), and nothing here reads the item."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        found = CUSTOM_ID_PATTERN.fullmatch(custom_id) if isinstance(custom_id, str) else None
        if found is not None:
            await self.button_router.dispatch(interaction, ButtonId.from_match(found))

    async def on_member_ban(self, guild: discord.Guild, user: discord.abc.User) -> None:
        self.click_guard.forget(guild.id, user.id)

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        self.click_guard.forget(payload.guild_id, payload.user.id)

    async def _on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """The relay of slash commands (buttons have the same in ``ButtonRouter.dispatch``): a
        refusal (``BackstabError``) is told privately in its words; anything else is logged
        with its traceback, and the person gets a private apology instead of Discord's "The
        application did not respond"."""
        name = interaction.command.qualified_name if interaction.command else "?"
        cause = getattr(error, "original", error)
        refused = refusal_of(cause)
        if refused is not None:  # a refusal, or a fault with words (the database down)
            answer = refusal(refused)
        else:
            log.error("slash command /%s failed", name, exc_info=error)
            answer = error_texts.GENERIC_ERROR
        try:
            await send_private(interaction, answer)
        except discord.HTTPException:
            log.warning("slash command /%s: could not send the apology", name)

    async def release(self) -> None:
        """Stop the service's timers and the strong AI's worker processes (the service's
        pool, ``bot.core.ai_pool``), close the database; safe to call twice. Tests call it
        on a bot they replace (SimCord's restart does not close the old client)."""
        service, storage = self._service, self._storage
        self._service = None
        self._storage = None
        if service is not None and self.settings.settle_heap:
            heap.unsettle()
        if service is not None:
            await service.close()
        if storage is not None:
            await storage.close()

    async def close(self) -> None:
        try:
            await self.release()
        finally:
            await super().close()


def create_bot(
    settings: Settings,
    *,
    games: Sequence[str] | None = None,
    clock: Callable[[], float] | None = None,
) -> Backstab:
    """A fresh bot. ``games`` overrides the offered games (tests offer their tiny game);
    ``clock`` the wall clock deadlines are set by (the playground's is SimCord's)."""
    return Backstab(settings, games=games, clock=clock)
