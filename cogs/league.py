"""The ``/league`` commands: seasons (Manage Server only), leaderboards, profiles, voiding a
match (Manage Server only) and a CSV export. The league itself lives in
``bot.features.league``; this cog also hands it every finished match and, at start, any match
it missed."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import plugins
from bot.delivery import paging
from bot.delivery.components import answer_first, edit_clicked, send_answer, send_private
from bot.features.league import role_name
from bot.screens.league import render_board, render_profile
from bot.words import error_texts, league_texts

if TYPE_CHECKING:
    from bot.client import Backstab

BOARD = "lb"
Choices = list[app_commands.Choice[str]]


class LeagueCommands(
    commands.GroupCog,
    name="League",
    group_name="league",
    group_description=league_texts.LEAGUE_GROUP,
):
    def __init__(self, bot: Backstab) -> None:
        self.bot = bot
        self.league = bot.app.league
        super().__init__()

    async def cog_load(self) -> None:
        paging.route(self.bot, BOARD, self.on_board_page)
        await self.league.catch_up()

    # seasons (admins) ---------------------------------------------------------------------

    @app_commands.command(name="season-start", description=league_texts.CMD_SEASON_START)
    @app_commands.describe(name=league_texts.ARG_SEASON_NAME)
    async def season_start(self, interaction: discord.Interaction[Backstab], name: str) -> None:
        guild_id = await self._admin_guild(interaction)
        if guild_id is None:
            return
        started = await self.league.start_season(guild_id, name)
        await interaction.response.send_message(league_texts.SEASON_STARTED.format(name=started))

    @app_commands.command(name="season-end", description=league_texts.CMD_SEASON_END)
    async def season_end(self, interaction: discord.Interaction[Backstab]) -> None:
        guild_id = await self._admin_guild(interaction)
        if guild_id is None:
            return
        ended = await self.league.end_season(guild_id)
        await interaction.response.send_message(league_texts.SEASON_ENDED.format(name=ended))

    @app_commands.command(name="void", description=league_texts.CMD_VOID)
    @app_commands.describe(match_id=league_texts.ARG_VOID_MATCH)
    async def void(self, interaction: discord.Interaction[Backstab], match_id: int) -> None:
        guild_id = await self._admin_guild(interaction)
        if guild_id is None:
            return
        season, count = await self.league.void(guild_id, match_id)
        season_name = season if season is not None else league_texts.NO_SEASON
        await interaction.response.send_message(
            league_texts.MATCH_VOIDED.format(match=match_id, season=season_name, count=count)
        )

    # reading ------------------------------------------------------------------------------

    @app_commands.command(name="leaderboard", description=league_texts.CMD_LEADERBOARD)
    @app_commands.describe(game=league_texts.ARG_LEAGUE_GAME, season=league_texts.ARG_SEASON)
    async def leaderboard(
        self, interaction: discord.Interaction[Backstab], game: str, season: str | None = None
    ) -> None:
        guild_id = await self._guild(interaction)
        if guild_id is None:
            return
        if game not in self.bot.games:
            offered = ", ".join(self.bot.games) or "-"
            await send_private(interaction, error_texts.GAME_NOT_OFFERED.format(games=offered))
            return
        # The first answer first (issue 29.3): the board is for the channel, so is the
        # "thinking"; a refusal after it (a season that is not there) replaces it, in words.
        await answer_first(interaction, public=True)
        board = await self.league.leaderboard(guild_id, game, season)
        rendered = render_board(board)
        view = paging.pager(BOARD, board.season_id, board.page, board.pages, game)
        await send_answer(interaction, embeds=list(rendered.embeds), view=view)

    async def on_board_page(
        self, interaction: discord.Interaction[Any], page: paging.PageId
    ) -> None:
        if interaction.guild_id is None or page.extra not in self.bot.games:
            await send_private(interaction, error_texts.GENERIC_ERROR)
            return
        name = await self.league.season_name(interaction.guild_id, page.subject)
        board = await self.league.board(
            interaction.guild_id, page.extra, page.subject, name, page.page
        )
        rendered = render_board(board)
        view = paging.pager(BOARD, board.season_id, board.page, board.pages, page.extra)
        await edit_clicked(interaction, embeds=list(rendered.embeds), view=view)

    @app_commands.command(name="profile", description=league_texts.CMD_PROFILE)
    @app_commands.describe(user=league_texts.ARG_PROFILE_USER, season=league_texts.ARG_SEASON)
    async def profile(
        self,
        interaction: discord.Interaction[Backstab],
        user: discord.User | None = None,
        season: str | None = None,
    ) -> None:
        guild_id = await self._guild(interaction)
        if guild_id is None:
            return
        who = user or interaction.user
        await answer_first(interaction, public=True)  # before the reads, as the board
        profile = await self.league.profile(guild_id, who.id, season)
        rendered = render_profile(profile, who.display_name, role_name)
        await send_answer(interaction, embeds=list(rendered.embeds))

    @app_commands.command(name="export", description=league_texts.CMD_LEAGUE_EXPORT)
    @app_commands.describe(game=league_texts.ARG_LEAGUE_GAME, season=league_texts.ARG_SEASON)
    async def export(
        self,
        interaction: discord.Interaction[Backstab],
        game: str | None = None,
        season: str | None = None,
    ) -> None:
        await answer_first(interaction)  # before the reads (issue 29.3): the answer is private
        guild_id = await self._guild(interaction)
        if guild_id is None:
            return
        games = [game] if game in self.bot.games else list(self.bot.games)
        text, count = await self.league.export_csv(guild_id, games, season)
        _, season_name = await self.league.season(guild_id, season)
        label = season_name if season_name is not None else league_texts.NO_SEASON
        file = discord.File(io.BytesIO(text.encode("utf-8")), filename="league.csv")
        await send_answer(
            interaction,
            content=league_texts.LEAGUE_EXPORT_DONE.format(
                game=", ".join(games), season=label, count=count
            ),
            file=file,
            ephemeral=True,
        )

    # autocomplete -------------------------------------------------------------------------

    @leaderboard.autocomplete("game")
    @export.autocomplete("game")
    async def _games(self, interaction: discord.Interaction[Backstab], current: str) -> Choices:
        typed = current.strip().lower()
        return [
            app_commands.Choice(name=plugins.title(g), value=g)
            for g in self.bot.games
            if typed in g or typed in plugins.title(g).lower()
        ][:25]

    @leaderboard.autocomplete("season")
    @profile.autocomplete("season")
    @export.autocomplete("season")
    async def _seasons(self, interaction: discord.Interaction[Backstab], current: str) -> Choices:
        if interaction.guild_id is None:
            return []
        typed = current.strip().lower()
        names = await self.league.season_names(interaction.guild_id)
        return [app_commands.Choice(name=n, value=n) for n in names if typed in n.lower()][:25]

    # checks -------------------------------------------------------------------------------

    async def _guild(self, interaction: discord.Interaction[Any]) -> int | None:
        if interaction.guild_id is None:
            await send_private(interaction, league_texts.league_error("guild_only", {}))
        return interaction.guild_id

    async def _admin_guild(self, interaction: discord.Interaction[Any]) -> int | None:
        """The server, if the caller may run its league (Manage Server); else a refusal."""
        guild_id = await self._guild(interaction)
        if guild_id is None:
            return None
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            await send_private(interaction, league_texts.league_error("not_admin", {}))
            return None
        return guild_id


async def setup(bot: Backstab) -> None:
    await bot.add_cog(LeagueCommands(bot))
