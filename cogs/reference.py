"""``/rules [topic]`` and ``/card name:``: quick references, answered privately. A rules
answer carries its topics as buttons (issue 27.8): persistent page buttons (``bsp:rules:…``,
``bot.delivery.paging``) that redraw the same private message, so nothing is retyped."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery import paging
from bot.delivery.components import answer_first, edit_clicked, send_answer
from bot.delivery.paging import PageId
from bot.render import Rendered
from bot.render.pictures import off_loop
from bot.screens import reference as ref
from bot.words import texts

if TYPE_CHECKING:
    from bot.client import Backstab


ECHO_MAX = 100
RULES = "rules"  # the page kind of the topic buttons


class ReferenceCog(commands.Cog, name="Reference"):
    def __init__(self, bot: Backstab) -> None:
        self.bot = bot
        paging.route(bot, RULES, self.on_topic)

    @app_commands.command(name="rules", description=texts.CMD_RULES)
    @app_commands.describe(topic=texts.CMD_RULES_TOPIC)
    async def rules(
        self, interaction: discord.Interaction[Backstab], topic: str | None = None
    ) -> None:
        await _answer(interaction, ref.render_rules(topic), topics_view(topic))

    async def on_topic(self, interaction: discord.Interaction[Backstab], page: PageId) -> None:
        """A topic button: the same private message shows that topic (or the index) and the
        buttons to go on with. A button whose topic is gone shows the index."""
        topic = ref.topic_at(page.extra, page.page)
        rendered = ref.render_rules(topic)
        await edit_clicked(
            interaction,
            content=rendered.content,
            embeds=list(rendered.embeds),
            view=topics_view(topic),
        )

    @rules.autocomplete("topic")
    async def _topics(
        self, interaction: discord.Interaction[Backstab], current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=v) for n, v in ref.topic_choices(current)]

    @app_commands.command(name="card", description=texts.CMD_CARD)
    @app_commands.describe(name=texts.CMD_CARD_NAME)
    async def card(self, interaction: discord.Interaction[Backstab], name: str) -> None:
        await answer_first(interaction)  # a card's picture is drawn before it is sent
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


def topics_view(topic: str | None) -> discord.ui.View:
    """The topic buttons under a rules answer (the current topic greyed out), sent stopped
    like every pager: each click comes through the persistent ``PageButton``."""
    view = discord.ui.View(timeout=None)
    for spec in ref.rules_buttons(topic):
        page_id = PageId(RULES, 0, spec.page, spec.game)
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=spec.label,
            custom_id=str(page_id),
            style=discord.ButtonStyle.primary if spec.current else discord.ButtonStyle.secondary,
            disabled=spec.current,
            row=spec.row,
        )
        view.add_item(paging.PageButton(page_id, button))
    view.stop()
    return view


async def _answer(
    interaction: discord.Interaction[Any],
    rendered: Rendered,
    view: discord.ui.View | None = None,
) -> None:
    kwargs: dict[str, Any] = {"ephemeral": True, "embeds": list(rendered.embeds)}
    if view is not None:
        kwargs["view"] = view
    if rendered.content:
        kwargs["content"] = rendered.content
    if rendered.pictures:
        kwargs["files"] = [discord.File(io.BytesIO(p.data), p.filename) for p in rendered.pictures]
    await send_answer(interaction, **kwargs)


async def setup(bot: Backstab) -> None:
    await bot.add_cog(ReferenceCog(bot))
