"""A newcomer's first minutes (issue 27.8): ``/help``, one screen saying what the bot does,
how a match starts and where your hand is; and a short word in a server's system channel
when the bot joins it, only where it may post."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import plugins
from bot.delivery.components import send_private
from bot.words import texts

if TYPE_CHECKING:
    from bot.client import Backstab

log = logging.getLogger(__name__)


def games_named() -> str:
    """The hosted games by name, as people read them."""
    return ", ".join(found.title for found in plugins.plugins()) or "-"


class WelcomeCog(commands.Cog, name="Welcome"):
    def __init__(self, bot: Backstab) -> None:
        self.bot = bot

    @app_commands.command(name="help", description=texts.CMD_HELP)
    async def help(self, interaction: discord.Interaction[Backstab]) -> None:
        await send_private(interaction, texts.HELP_TEXT.format(games=games_named()))

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """One short welcome in the server's system channel, if it has one and the bot may
        post there; nothing anywhere else (a bot that picks a channel itself is noise)."""
        channel = guild.system_channel
        if channel is None or not channel.permissions_for(guild.me).send_messages:
            return
        try:
            await channel.send(texts.WELCOME_TEXT.format(games=games_named()))
        except discord.HTTPException:
            log.info("could not welcome server %s", guild.id)


async def setup(bot: Backstab) -> None:
    await bot.add_cog(WelcomeCog(bot))
