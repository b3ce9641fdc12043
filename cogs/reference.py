"""``/rules [topic]`` and ``/card name:``: quick references, answered privately."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.render import Rendered
from bot.render.pictures import off_loop
from bot.screens import reference as ref
from bot.words import texts

if TYPE_CHECKING:
    from bot.client import Backstab


ECHO_MAX = 100


class ReferenceCog(commands.Cog, name="Reference"):
    def __init__(self, bot: Backstab) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description=texts.CMD_RULES)
    @app_commands.describe(topic=texts.CMD_RULES_TOPIC)
    async def rules(
        self, interaction: discord.Interaction[Backstab], topic: str | None = None
    ) -> None:
        await _answer(interaction, ref.render_rules(topic))

    @rules.autocomplete("topic")
    async def _topics(
        self, interaction: discord.Interaction[Backstab], current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=v) for n, v in ref.topic_choices(current)]

    @app_commands.command(name="card", description=texts.CMD_CARD)
    @app_commands.describe(name=texts.CMD_CARD_NAME)
    async def card(self, interaction: discord.Interaction[Backstab], name: str) -> None:
        key = ref.find_card(name)
        if key is None:
            # Echo at most a line of what was typed: Discord refuses replies past 2,000 chars.
            shown = name if len(name) <= ECHO_MAX else name[:ECHO_MAX] + "…"
            await _answer(interaction, Rendered(content=texts.CARD_UNKNOWN.format(name=shown)))
            return
        await _answer(interaction, await off_loop(ref.render_card, key))  # draws a picture

    @card.autocomplete("name")
    async def _cards(
        self, interaction: discord.Interaction[Backstab], current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=v) for n, v in ref.card_choices(current)]


async def _answer(interaction: discord.Interaction[Any], rendered: Rendered) -> None:
    kwargs: dict[str, Any] = {"ephemeral": True, "embeds": list(rendered.embeds)}
    if rendered.content:
        kwargs["content"] = rendered.content
    if rendered.pictures:
        kwargs["files"] = [discord.File(io.BytesIO(p.data), p.filename) for p in rendered.pictures]
    await interaction.response.send_message(**kwargs)


async def setup(bot: Backstab) -> None:
    await bot.add_cog(ReferenceCog(bot))
