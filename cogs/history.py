"""``/match history|replay|export`` (the ``/match`` group in cogs.match hands them over here) and
their Back/Next buttons. Answers are private: a history or a replay is one person's browsing."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.delivery import paging
from bot.delivery.components import answer_first, edit_clicked, send_answer, send_private
from bot.delivery.layouts import layout_view, with_row
from bot.render.pictures import off_loop
from bot.screens.history import render_history, render_replay_step
from bot.words import error_texts, league_texts

if TYPE_CHECKING:
    from bot.client import Backstab

HISTORY = "hist"
REPLAY = "replay"


class HistoryCog(commands.Cog, name="History"):
    def __init__(self, bot: Backstab) -> None:
        self.bot = bot
        self.history = bot.app.history

    async def cog_load(self) -> None:
        paging.route(self.bot, HISTORY, self.on_history_page)
        paging.route(self.bot, REPLAY, self.on_replay_step)

    # /match history -------------------------------------------------------------------------

    async def show_history(
        self, interaction: discord.Interaction[Any], user: discord.abc.User | None
    ) -> None:
        await answer_first(interaction)  # before the read (issue 29.3)
        if interaction.guild_id is None:
            await send_private(interaction, error_texts.GUILD_ONLY)
            return
        who = user or interaction.user
        page = await self.history.page(interaction.guild_id, who.id, 0)
        rendered = render_history(page, who.display_name)
        view = paging.pager(HISTORY, who.id, page.page, page.pages)
        await send_answer(interaction, embeds=list(rendered.embeds), view=view, ephemeral=True)

    async def on_history_page(
        self, interaction: discord.Interaction[Any], page_id: paging.PageId
    ) -> None:
        if interaction.guild_id is None:
            await send_private(interaction, error_texts.GUILD_ONLY)
            return
        page = await self.history.page(interaction.guild_id, page_id.subject, page_id.page)
        names = [s.name for m, _ in page.entries for s in m.seats if s.user_id == page.user_id]
        rendered = render_history(page, names[0] if names else str(page.user_id))
        view = paging.pager(HISTORY, page.user_id, page.page, page.pages)
        await edit_clicked(interaction, embeds=list(rendered.embeds), view=view)

    # /match replay --------------------------------------------------------------------------

    async def show_replay(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        await answer_first(interaction)  # before the read (issue 29.3)
        view = await self._step(interaction, match_id, 0)
        if view is None:
            return
        await send_answer(interaction, view=view, ephemeral=True)

    async def on_replay_step(
        self, interaction: discord.Interaction[Any], page_id: paging.PageId
    ) -> None:
        view = await self._step(interaction, page_id.subject, page_id.page)
        if view is None:
            return
        await edit_clicked(interaction, content=None, embeds=[], view=view)

    async def _step(
        self, interaction: discord.Interaction[Any], match_id: int, step: int
    ) -> discord.ui.LayoutView | None:
        if interaction.guild_id is None:
            await send_private(interaction, error_texts.GUILD_ONLY)
            return None
        shown = await self.history.step(interaction.guild_id, match_id, step)
        pager = paging.pager(REPLAY, match_id, shown.step, shown.steps, ends=True)
        # The step's table is drawn in the picture thread, like every table.
        rendered = await off_loop(render_replay_step, shown)
        # A step is a layout like the table (Components V2): the pager joins it as a row.
        return with_row(layout_view(rendered), pager)

    # /match export --------------------------------------------------------------------------

    async def export(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        await answer_first(interaction)  # before the read (issue 29.3)
        if interaction.guild_id is None:
            await send_private(interaction, error_texts.GUILD_ONLY)
            return
        exported = await self.history.export(interaction.guild_id, match_id)
        name = f"backstab-match-{match_id}.json"
        body = json.dumps(exported.model_dump(mode="json"), indent=1).encode("utf-8")
        await send_answer(
            interaction,
            content=league_texts.EXPORT_DONE.format(match=match_id, file=name),
            file=discord.File(io.BytesIO(body), filename=name),
            ephemeral=True,
        )


async def setup(bot: Backstab) -> None:
    await bot.add_cog(HistoryCog(bot))
