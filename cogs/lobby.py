"""Lobbies: ``/match new`` posts one; Join, Leave, Add AI, Start and Cancel change it; the host's
tools (remove a seat, hand the host role over, add an AI of a chosen level, the game's way to
play) and each duel player's deck pick answer privately and redraw the lobby.

Thin by design: every decision (who may start, how many seats) is the service's; this cog only
passes the click on and redraws the lobby from what the service returns.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import plugins
from bot.core import service as svc
from bot.delivery.channel_rights import missing_table_rights
from bot.delivery.components import (
    acknowledge,
    answer_first,
    build_view,
    edit_clicked,
    message_parts,
    refusal,
    selected_values,
    send_private,
)
from bot.render import ButtonId, Rendered
from bot.render import ids as keys
from bot.render.ids import (
    AI_HEURISTIC,
    AI_RANDOM,
    AI_STRONG,
    DECK_MENU,
    DECK_PICK,
    HOST_GIVE,
    HOST_RANKED,
    HOST_TOOLS,
    HOST_VARIANT,
    SEAT_REMOVE,
)
from bot.render.model import OptionSpec
from bot.render.names import plain_name, shown_name
from bot.screens.lobby_tools import host_tools, lobby_select
from bot.words import error_texts, lobby_texts

if TYPE_CHECKING:
    from bot.client import Backstab

log = logging.getLogger(__name__)

AI_LEVEL_OF = {AI_RANDOM: "random", AI_HEURISTIC: "heuristic", AI_STRONG: "strong"}


class LobbyCog(commands.Cog, name="Lobby"):
    def __init__(self, bot: Backstab) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        router = self.bot.button_router
        # Every click is acknowledged by the router before anything is read (issue 29.3): an
        # update of the lobby (or the tools) clicked, redrawn through the interaction; Host
        # tools and the deck menu open a new private message instead.
        router.route(keys.JOIN, self.on_join, on_server=True)
        router.route(keys.LEAVE, self.on_leave, on_server=True)
        router.route(keys.ADD_AI, self.on_add_ai, on_server=True)
        router.route(keys.START, self.on_start, on_server=True)
        router.route(keys.CANCEL, self.on_cancel, on_server=True)
        router.route(HOST_TOOLS, self.on_host_tools, on_server=True, opens=True)
        router.route(SEAT_REMOVE, self.on_remove_seat, on_server=True)
        router.route(HOST_GIVE, self.on_hand_over, on_server=True)
        router.route(HOST_RANKED, self.on_ranked, on_server=True)
        router.route(HOST_VARIANT, self.on_variant, on_server=True)
        router.route_prefix(keys.VARIANT_PREFIX, self.on_variant_button)
        router.route(AI_RANDOM, self.on_add_ai, on_server=True)
        router.route(AI_HEURISTIC, self.on_add_ai, on_server=True)
        router.route(AI_STRONG, self.on_add_ai, on_server=True)
        router.route(DECK_MENU, self.on_deck_menu, on_server=True, opens=True)
        router.route(DECK_PICK, self.on_deck_pick, on_server=True)
        # The game's lobby option (a duel's decks: a lobby pick, else the saved default).

    async def cog_unload(self) -> None:
        self.bot.button_router.unroute(self)

    # /match new ---------------------------------------------------------------------------

    async def open_lobby(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        ranked: bool | None = None,
        seats: int | None = None,
        switches: Mapping[str, bool] | None = None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            await send_private(interaction, error_texts.GUILD_ONLY)
            return
        if await self._cannot_post(interaction):
            return
        if game not in self.bot.games:
            offered = ", ".join(self.bot.games) or "-"
            await send_private(interaction, error_texts.GAME_NOT_OFFERED.format(games=offered))
            return
        # The yes/no options the games add to /match new (classic's single winner): each
        # sets its engine switch, and a game without it refuses.
        declared = plugins.switches()
        chosen = [name for name, on in (switches or {}).items() if on]
        for name in chosen:
            if not plugins.has_switch(game, name):
                await send_private(interaction, declared[name].not_offered.format(game=game))
                return
        # The first answer first (issue 29.3): what is checked above reads nothing; the
        # server's rules and the service's checks read the database, which may queue. The
        # answer is the public lobby, so the "thinking" is public, and a refusal after it
        # (a game the server turned off, its open-matches cap) replaces it, in words.
        await answer_first(interaction, public=True)
        rules = await self.bot.service.settings.get(interaction.guild_id)
        if not rules.allows(game):
            allowed = ", ".join(g for g in self.bot.games if rules.allows(g)) or "-"
            await send_private(
                interaction, lobby_texts.GAME_NOT_ALLOWED.format(game=game, games=allowed)
            )
            return
        options: dict[str, Any] = {"ranked": rules.ranked_default if ranked is None else ranked}
        if seats is not None:
            options["seats"] = seats
        options.update(dict.fromkeys(chosen, True))
        match = await self.bot.service.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            game=game,
            options=options,
        )
        rendered = self.render(match)
        message = await interaction.edit_original_response(**message_parts(rendered))
        await self.bot.service.set_message(match.id, message.id)
        self.bot.app.publisher.tokens.note(match.id, interaction)  # it answered with the table

    async def _cannot_post(self, interaction: discord.Interaction[Any]) -> bool:
        """Refuse privately where the table could not be drawn (bot.delivery.channel_rights)."""
        missing = missing_table_rights(interaction)
        if missing:
            names = ", ".join(error_texts.permission_name(m) for m in missing)
            await send_private(interaction, error_texts.BOT_CANNOT_POST.format(perms=names))
        return bool(missing)

    def render(self, match: svc.MatchInfo) -> Rendered:
        return self.bot.app.lobby(match)

    # buttons on the lobby -------------------------------------------------------------------

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
        level = AI_LEVEL_OF.get(button.key, "heuristic")
        call = self.bot.service.add_ai(button.match_id, interaction.user.id, level)
        if button.key == keys.ADD_AI:
            await self._change(interaction, call)
        else:
            await self._change_from_tools(interaction, button.match_id, call)

    async def on_cancel(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        await self._change(
            interaction, self.bot.service.cancel(button.match_id, interaction.user.id)
        )

    async def on_start(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        # Starting deals hands and may run AI turns: acknowledged first (by the router), then
        # the publisher redraws the message as the table when the service publishes the start.
        if await self._cannot_post(interaction):
            return  # the rights changed since the lobby opened: it stays a lobby
        await acknowledge(interaction)
        self.bot.app.publisher.tokens.note(button.match_id, interaction)  # pressed on the table
        await self.bot.service.start_match(button.match_id, interaction.user.id)

    async def _change(self, interaction: discord.Interaction[Any], call: Any) -> None:
        """A change pressed on the public lobby, answered by redrawing that message with the
        match the change left, under the match's lock and only if nothing changed it since: a
        Start waiting on the lock goes first and draws its table, which this lobby must not
        land over; a later lobby change draws itself (``redraw`` does the same for Host
        tools). The click is then only acknowledged (the router acknowledged it first)."""
        match: svc.MatchInfo = await call
        rendered = self.render(match)
        async with self.bot.service.unchanged(match) as still:
            if not still:
                await acknowledge(interaction)
                return
            await edit_clicked(interaction, embeds=list(rendered.embeds), view=build_view(rendered))
        self.bot.app.publisher.tokens.note(match.id, interaction)  # pressed on the lobby

    # the host's tools (private) -------------------------------------------------------------

    async def on_host_tools(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        match = await self._lobby_or_refuse(interaction, button.match_id)
        if match is None:
            return
        if match.host_id != interaction.user.id:
            await send_private(interaction, error_texts.service_error("not_host"))
            return
        await send_private(interaction, rendered=host_tools(match))

    async def on_remove_seat(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        chosen = selected_values(interaction)
        if not chosen or not chosen[0].isdigit():
            await send_private(interaction, error_texts.GENERIC_ERROR)
            return
        call = self.bot.service.remove_seat(button.match_id, interaction.user.id, int(chosen[0]))
        await self._change_from_tools(interaction, button.match_id, call)

    async def on_hand_over(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        chosen = selected_values(interaction)
        if not chosen or not chosen[0].isdigit():
            await send_private(interaction, error_texts.GENERIC_ERROR)
            return
        call = self.bot.service.hand_over(button.match_id, interaction.user.id, int(chosen[0]))
        await self._change_from_tools(interaction, button.match_id, call)

    async def on_ranked(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        match = await self._lobby_or_refuse(interaction, button.match_id)
        if match is None:
            return
        call = self.bot.service.set_ranked(button.match_id, interaction.user.id, not match.ranked)
        await self._change_from_tools(interaction, button.match_id, call)

    async def on_variant(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        chosen = selected_values(interaction)
        if not chosen:
            await send_private(interaction, error_texts.GENERIC_ERROR)
            return
        call = self.bot.service.set_variant(button.match_id, interaction.user.id, chosen[0])
        await self._change_from_tools(interaction, button.match_id, call)

    async def on_variant_button(
        self, interaction: discord.Interaction[Any], button: ButtonId
    ) -> None:
        """The lobby's own "Play the Quick game": the host's, like the Host tools' menu."""
        key = button.key.removeprefix(keys.VARIANT_PREFIX)
        await self._change(
            interaction, self.bot.service.set_variant(button.match_id, interaction.user.id, key)
        )

    async def _change_from_tools(
        self, interaction: discord.Interaction[Any], match_id: int, call: Any
    ) -> None:
        """A change made from a private message: redraw the public lobby, then the tools."""
        match: svc.MatchInfo = await call
        await self.redraw(match)
        if match.status != "lobby" or match.host_id != interaction.user.id:
            await edit_clicked(interaction, content=lobby_texts.HOST_DONE, view=None)
            return
        tools = host_tools(match)
        await edit_clicked(interaction, content=tools.content, view=build_view(tools))

    async def redraw(self, match: svc.MatchInfo) -> None:
        """The public lobby as ``match`` shows it, unless it has changed since: a change made
        after it draws itself, and a started match's message is the table's."""
        if match.message_id is None:
            return
        rendered = self.render(match)
        channel = self.bot.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        async with self.bot.service.unchanged(match) as still:
            if not still:
                return
            try:
                await channel.get_partial_message(match.message_id).edit(
                    embeds=list(rendered.embeds), view=build_view(rendered)
                )
            except discord.HTTPException:
                log.warning("lobby %s: could not redraw its message", match.id)

    # the game's pre-game pick (a duel deck) ------------------------------------------------

    async def on_deck_menu(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        match = await self._lobby_or_refuse(interaction, button.match_id)
        if match is None:
            return
        pick = self.bot.app.lobby_pick(match)
        if pick is None:
            await send_private(interaction, lobby_texts.PICK_NOT_OFFERED)
            return
        if match.seat_of(interaction.user.id) is None:
            await send_private(interaction, error_texts.service_error("not_seated"))
            return
        choices = await pick.choices(interaction.user.id)
        options = [OptionSpec(plain_name(c.name, limit=100), c.key, c.note) for c in choices]
        select = lobby_select(match, DECK_PICK, pick.placeholder, options, row=0)
        await send_private(
            interaction,
            rendered=Rendered(content=pick.prompt.format(match=match.id), selects=(select,)),
        )

    async def on_deck_pick(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        match = await self._lobby_or_refuse(interaction, button.match_id)
        pick = self.bot.app.lobby_pick(match) if match is not None else None
        if pick is None:
            if match is not None:
                await send_private(interaction, lobby_texts.PICK_NOT_OFFERED)
            return
        chosen = selected_values(interaction)
        choices = {c.key: c for c in await pick.choices(interaction.user.id)}
        choice = choices.get(chosen[0]) if chosen else None
        if choice is None:
            await send_private(interaction, pick.unknown)
            return
        match = await self.bot.service.set_pick(button.match_id, interaction.user.id, choice.pick)
        await self.redraw(match)
        await edit_clicked(
            interaction, content=pick.picked.format(choice=shown_name(choice.name)), view=None
        )

    async def _lobby_or_refuse(
        self, interaction: discord.Interaction[Any], match_id: int
    ) -> svc.MatchInfo | None:
        match = await self.bot.service.get(match_id)
        if match.status != "lobby":
            await send_private(interaction, refusal(svc.not_a_lobby(match)))
            return None
        return match


async def setup(bot: Backstab) -> None:
    await bot.add_cog(LobbyCog(bot))
