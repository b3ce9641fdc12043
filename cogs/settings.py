"""``/settings``: a server's Backstab options, for members with Manage Server only; and
``/preferences``: a player's own options (``bot.core.preferences``), for anyone, anywhere.

With no option each shows the current values; with options it checks them all, stores them
together (nothing changes if one is bad) and shows the result. Every answer is private.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.preferences import PlayerSettings
from bot.core.settings import ServerSettings, SettingsRefused
from bot.delivery.components import answer_first, send_private
from bot.render import Rendered
from bot.words import error_texts, texts

if TYPE_CHECKING:
    from bot.client import Backstab

ALL_GAMES = "all"


class SettingsCog(commands.Cog, name="Settings"):
    def __init__(self, bot: Backstab) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description=texts.CMD_SETTINGS)
    @app_commands.guild_only()
    # Discord hides the command from members without Manage Server; the check below still
    # refuses anyone who reaches it (a server may override the default permission).
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.describe(**texts.SETTINGS_DESCRIBE)
    async def settings(
        self,
        interaction: discord.Interaction[Backstab],
        turn_seconds: int | None = None,
        window_seconds: int | None = None,
        hand_delivery: Literal["dm", "ephemeral"] | None = None,
        allowed_games: str | None = None,
        ranked_default: bool | None = None,
        lobby_idle_seconds: int | None = None,
        afk_ai_level: Literal["random", "heuristic", "strong"] | None = None,
        ai_budget_ms: int | None = None,
        max_matches: int | None = None,
        max_strong_seats: int | None = None,
        reset: bool = False,
    ) -> None:
        await answer_first(interaction)  # before the read (issue 29.3): the answer is private
        guild_id = interaction.guild_id
        if guild_id is None:
            await send_private(interaction, error_texts.GUILD_ONLY)
            return
        if not interaction.permissions.manage_guild:
            await send_private(interaction, texts.SETTINGS_NOT_ADMIN)
            return
        book = self.bot.service.settings
        changes: dict[str, Any] = {
            name: value
            for name, value in (
                ("turn_seconds", turn_seconds),
                ("window_seconds", window_seconds),
                ("hand_delivery", hand_delivery),
                ("ranked_default", ranked_default),
                ("lobby_idle_seconds", lobby_idle_seconds),
                ("afk_ai_level", afk_ai_level),
                ("ai_budget_ms", ai_budget_ms),
                ("max_matches", max_matches),
                ("max_strong_seats", max_strong_seats),
            )
            if value is not None
        }
        if allowed_games is not None:
            ok, games = self._games(allowed_games)
            if not ok:
                bad = texts.SETTINGS_BAD["allowed_games"]
                await send_private(interaction, bad.format(games=", ".join(self.bot.games)))
                return
            changes["allowed_games"] = games
        note = None
        try:
            if reset:
                current = await book.reset(guild_id, interaction.user.id)
                note = texts.SETTINGS_RESET_DONE
            elif changes:
                current = await book.change(guild_id, interaction.user.id, **changes)
                note = texts.SETTINGS_SAVED
            else:
                current = await book.get(guild_id)
        except SettingsRefused as exc:
            await send_private(
                interaction, texts.SETTINGS_BAD.get(exc.field, error_texts.GENERIC_ERROR)
            )
            return
        await send_private(interaction, note, self.render(current))

    @app_commands.command(name="preferences", description=texts.CMD_PREFERENCES)
    @app_commands.describe(**texts.PREFERENCES_DESCRIBE)
    @app_commands.choices(
        pings=[app_commands.Choice(name=name, value=value) for value, name in texts.PINGS_CHOICES]
    )
    async def preferences(
        self,
        interaction: discord.Interaction[Backstab],
        auto_pass: bool | None = None,
        pings: str | None = None,
    ) -> None:
        await answer_first(interaction)  # before the read (issue 29.3): the answer is private
        book = self.bot.service.players
        note = None
        changes: dict[str, object] = {}
        if auto_pass is not None:
            changes["auto_pass"] = auto_pass
        if pings is not None:
            if pings not in texts.PREFERENCES_PINGS:  # a forged value: refused, nothing stored
                await send_private(interaction, error_texts.GENERIC_ERROR)
                return
            changes["pings"] = pings
        if not changes:
            current = await book.get(interaction.user.id)
        else:
            current = await book.change(interaction.user.id, **changes)
            note = texts.SETTINGS_SAVED
        await send_private(interaction, note, render_preferences(current))

    def _games(self, typed: str) -> tuple[bool, tuple[str, ...] | None]:
        """``all`` (stored as None: every offered game, later ones too) or game ids the bot
        offers; anything else is refused (``ok`` False)."""
        words = [w.strip().lower() for w in typed.replace(" ", ",").split(",") if w.strip()]
        if words == [ALL_GAMES]:
            return True, None
        if not words or any(w not in self.bot.games for w in words):
            return False, None
        return True, tuple(dict.fromkeys(words))

    def render(self, current: ServerSettings) -> Rendered:
        games = current.allowed_games
        shown = texts.SETTINGS_ALL_GAMES if games is None else ", ".join(games) or "-"
        embed = discord.Embed(
            title=texts.SETTINGS_TITLE,
            description=texts.SETTINGS_LINES.format(
                turn_seconds=texts.seconds_read(int(current.turn_seconds)),
                window_seconds=texts.seconds_read(int(current.window_seconds)),
                hand_delivery=texts.SETTINGS_DELIVERY[current.hand_delivery],
                allowed_games=shown,
                ranked_default=texts.YES if current.ranked_default else texts.NO,
                lobby_idle_seconds=texts.seconds_read(int(current.lobby_idle_seconds)),
                afk_ai_level=texts.AI_LEVEL_NAMES[current.afk_ai_level],
                ai_budget_ms=current.ai_budget_ms,
                max_matches=current.max_matches,
                max_strong_seats=current.max_strong_seats,
            ),
        )
        return Rendered(embeds=(embed,))


def render_preferences(current: PlayerSettings) -> Rendered:
    lines = (
        texts.PREFERENCES_AUTO_PASS[current.auto_pass],
        texts.PREFERENCES_PINGS[current.pings],
        texts.PREFERENCES_HOW,
    )
    embed = discord.Embed(title=texts.PREFERENCES_TITLE, description="\n\n".join(lines))
    return Rendered(embeds=(embed,))


async def setup(bot: Backstab) -> None:
    await bot.add_cog(SettingsCog(bot))
