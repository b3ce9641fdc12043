"""Lobbies: ``/match new`` posts one; Join, Leave, Add AI, Start and Cancel change it.

Thin by design: every decision (who may start, how many seats) is the service's; this cog only
passes the click on and redraws the lobby from what the service returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import service as svc
from bot import texts
from bot.components import build_view, send_private
from bot.render import ButtonId, Rendered, render_lobby
from bot.render import ids as keys
from engine.games import load_game

if TYPE_CHECKING:
    from bot.client import Backstab


class LobbyCog(commands.Cog, name="Lobby"):
    def __init__(self, bot: Backstab) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        router = self.bot.button_router
        router.route(keys.JOIN, self.on_join)
        router.route(keys.LEAVE, self.on_leave)
        router.route(keys.ADD_AI, self.on_add_ai)
        router.route(keys.START, self.on_start)
        router.route(keys.CANCEL, self.on_cancel)

    async def cog_unload(self) -> None:
        self.bot.button_router.unroute(self)

    # /match new ---------------------------------------------------------------------------

    async def open_lobby(self, interaction: discord.Interaction[Any], game: str) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            await send_private(interaction, texts.GUILD_ONLY)
            return
        if game not in self.bot.games:
            offered = ", ".join(self.bot.games) or "-"
            await send_private(interaction, texts.GAME_NOT_OFFERED.format(games=offered))
            return
        try:
            match = await self.bot.service.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                game=game,
            )
        except svc.ServiceError as exc:
            await send_private(interaction, texts.service_error(exc.code, exc.detail))
            return
        rendered = self.render(match)
        await interaction.response.send_message(
            embeds=list(rendered.embeds), view=build_view(rendered)
        )
        message = await interaction.original_response()
        await self.bot.service.set_message(match.id, message.id)

    def render(self, match: svc.MatchInfo) -> Rendered:
        game = load_game(match.game)
        return render_lobby(match, min_seats=game.min_seats, max_seats=game.max_seats)

    # buttons ------------------------------------------------------------------------------

    async def on_join(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        name = interaction.user.display_name
        await self._change(
            interaction, self.bot.service.join(button.match_id, interaction.user.id, name)
        )

    async def on_leave(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        await self._change(
            interaction, self.bot.service.leave(button.match_id, interaction.user.id)
        )

    async def on_add_ai(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        await self._change(
            interaction, self.bot.service.add_ai(button.match_id, interaction.user.id)
        )

    async def on_cancel(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        await self._change(
            interaction, self.bot.service.cancel(button.match_id, interaction.user.id)
        )

    async def on_start(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        # Starting deals hands and may run AI turns: acknowledge first, then let the play cog
        # redraw the message as the table when the service publishes the start.
        await interaction.response.defer()
        try:
            await self.bot.service.start_match(button.match_id, interaction.user.id)
        except svc.ServiceError as exc:
            await send_private(interaction, texts.service_error(exc.code, exc.detail))

    async def _change(self, interaction: discord.Interaction[Any], call: Any) -> None:
        try:
            match: svc.MatchInfo = await call
        except svc.ServiceError as exc:
            await send_private(interaction, texts.service_error(exc.code, exc.detail))
            return
        rendered = self.render(match)
        await interaction.response.edit_message(
            embeds=list(rendered.embeds), view=build_view(rendered)
        )


async def setup(bot: Backstab) -> None:
    await bot.add_cog(LobbyCog(bot))
