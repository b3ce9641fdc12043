"""Playing a match: the table message, private hands (DM first, ephemeral always), actions,
``/match status|hand|concede``.

The service publishes every change; this cog redraws the table and deals private hands from
those updates in one background flush per match, so a burst of moves (AI turns) costs one
edit. Action buttons live only on private messages (a DM or an ephemeral reply), never on the
public table, so nothing on the table reveals a hand.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import service as svc
from bot import texts
from bot.components import build_view, send_private
from bot.render import ButtonId, Rendered, public_event_lines, render_hand, render_table
from bot.render import ids as keys

if TYPE_CHECKING:
    from bot.client import Backstab

log = logging.getLogger(__name__)

DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
LOG_KEEP = 30


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: Backstab) -> None:
        self.bot = bot
        self._active = True
        self._latest: dict[int, svc.Update] = {}
        self._logs: dict[int, deque[str]] = {}
        self._dm_due: dict[int, set[int]] = {}
        self._dealt: set[int] = set()
        self._flushes: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()

    async def cog_load(self) -> None:
        self.bot.button_router.route(keys.HAND, self.on_hand)
        self.bot.button_router.route_actions(self.on_action)
        self.bot.service.subscribe(self.on_update)

    async def cog_unload(self) -> None:
        self._active = False
        self.bot.button_router.unroute(self)
        for task in self._flushes.values():
            task.cancel()

    # updates from the service -------------------------------------------------------------

    async def on_update(self, update: svc.Update) -> None:
        match = update.match
        if not self._active or match.status == "lobby":
            return  # lobby redraws answer the click that caused them (see the lobby cog)
        self._latest[match.id] = update
        lines = public_event_lines(match, update.events)
        self._logs.setdefault(match.id, deque(maxlen=LOG_KEEP)).extend(lines)
        if match.status == "live":
            due = self._dm_due.setdefault(match.id, set())
            if match.id not in self._dealt:
                self._dealt.add(match.id)
                due.update(s.seat for s in match.seats if s.user_id is not None)
            due.update(update.deciders)
        self._schedule_redraw(match.id)

    def _schedule_redraw(self, match_id: int) -> None:
        self._dirty.add(match_id)
        task = self._flushes.get(match_id)
        if task is None or task.done():
            self._flushes[match_id] = asyncio.create_task(self._flush(match_id))

    async def _flush(self, match_id: int) -> None:
        await asyncio.sleep(0)  # let a burst of updates land: one edit covers all of them
        while match_id in self._dirty:
            self._dirty.discard(match_id)
            update = self._latest.get(match_id)
            if update is None:
                return
            try:
                await self._redraw_table(update)
                await self._deal_hands(match_id)
            except Exception:
                log.exception("publishing match %s failed", match_id)

    async def _redraw_table(self, update: svc.Update) -> None:
        match = await self.bot.service.get(update.match.id)
        if match.message_id is None:
            return
        if match.status == "cancelled":
            rendered = self._lobby_render(match)  # a lobby that expired: no game state to show
        else:
            match, view, _ = await self.bot.service.view(match.id, None)
            rendered = self.table(match, view.to_json(), update.deciders)
        channel = self.bot.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        await channel.get_partial_message(match.message_id).edit(
            content=rendered.content, embeds=list(rendered.embeds), view=build_view(rendered)
        )

    def _lobby_render(self, match: svc.MatchInfo) -> Rendered:
        lobby = self.bot.get_cog("Lobby")
        return lobby.render(match)  # type: ignore[union-attr, no-any-return]

    def table(
        self, match: svc.MatchInfo, view: dict[str, Any], deciders: frozenset[int] | None
    ) -> Rendered:
        seconds_left = None
        if match.deadline is not None:
            seconds_left = match.deadline - asyncio.get_running_loop().time()
        return render_table(
            match,
            view,
            deciders=deciders if match.status == "live" else None,
            log=list(self._logs.get(match.id, ())),
            seconds_left=seconds_left,
        )

    async def _deal_hands(self, match_id: int) -> None:
        seats = self._dm_due.pop(match_id, set())
        if not seats:
            return
        match = await self.bot.service.get(match_id)
        if match.status != "live":
            return
        for seat in match.seats:
            if seat.seat in seats and seat.user_id is not None and not seat.dm_closed:
                await self._dm_hand(match, seat.user_id)

    async def _dm_hand(self, match: svc.MatchInfo, user_id: int) -> None:
        fresh, view, actions = await self.bot.service.view(match.id, user_id)
        rendered = render_hand(fresh, view.to_json(), actions)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(embeds=list(rendered.embeds), view=build_view(rendered))
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            # Remembered for the rest of the match: the table tells them to use "My hand".
            await self.bot.service.mark_dm_closed(match.id, user_id)
            self._schedule_redraw(match.id)
        except discord.HTTPException:
            log.warning("could not DM the hand of match %s to %s", match.id, user_id)

    # buttons ------------------------------------------------------------------------------

    async def on_hand(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        await self._send_hand(interaction, button.match_id)

    async def on_action(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        await interaction.response.defer()
        try:
            await self.bot.service.act(
                button.match_id, interaction.user.id, button.key, button.version
            )
        except svc.ServiceError as exc:
            if exc.code == "stale":
                await self._send_hand(interaction, button.match_id, note=texts.STALE)
            else:
                await send_private(interaction, texts.service_error(exc.code, exc.detail))
            return
        await self._refresh_clicked(interaction, button.match_id)

    async def _refresh_clicked(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """Redraw the private message whose button was used with the player's new hand."""
        message = interaction.message
        private = interaction.guild_id is None or (message is not None and message.flags.ephemeral)
        if not private:
            return  # never draw a hand over a public message
        match, view, actions = await self.bot.service.view(match_id, interaction.user.id)
        rendered = render_hand(match, view.to_json(), actions)
        await interaction.edit_original_response(
            embeds=list(rendered.embeds), view=build_view(rendered)
        )

    async def _send_hand(
        self, interaction: discord.Interaction[Any], match_id: int, *, note: str | None = None
    ) -> None:
        try:
            match = await self.bot.service.get(match_id)
            if match.seat_of(interaction.user.id) is None:
                await send_private(interaction, texts.service_error("not_seated"))
                return
            match, view, actions = await self.bot.service.view(match_id, interaction.user.id)
        except svc.ServiceError as exc:
            await send_private(interaction, texts.service_error(exc.code, exc.detail))
            return
        await send_private(interaction, note, render_hand(match, view.to_json(), actions))

    # slash commands (called by cogs.match) --------------------------------------------------

    async def show_status(self, interaction: discord.Interaction[Any]) -> None:
        match = await self._current_match(interaction, include_channel=True)
        if match is None:
            await send_private(interaction, texts.NO_MATCH_HERE)
            return
        if match.status == "lobby":
            await send_private(interaction, rendered=self._lobby_render(match))
            return
        fresh, view, _ = await self.bot.service.view(match.id, None)
        latest = self._latest.get(match.id)
        deciders = latest.deciders if latest is not None else None
        await send_private(interaction, rendered=self.table(fresh, view.to_json(), deciders))

    async def show_hand(self, interaction: discord.Interaction[Any]) -> None:
        match = await self._current_match(interaction)
        if match is None or match.status != "live":
            await send_private(interaction, texts.NO_MATCH_HERE)
            return
        await self._send_hand(interaction, match.id)

    async def concede(self, interaction: discord.Interaction[Any]) -> None:
        match = await self._current_match(interaction)
        if match is None or match.status != "live":
            await send_private(interaction, texts.NO_MATCH_HERE)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await self.bot.service.concede(match.id, interaction.user.id)
        except svc.ServiceError as exc:
            await send_private(interaction, texts.service_error(exc.code, exc.detail))
            return
        await send_private(interaction, texts.CONCEDED.format(match=match.id))

    async def _current_match(
        self, interaction: discord.Interaction[Any], *, include_channel: bool = False
    ) -> svc.MatchInfo | None:
        """The caller's newest lobby or live match in this channel (or, for status, the
        channel's newest live match when the caller sits in none)."""
        if interaction.guild_id is None:
            return None
        mine = await self.bot.service.matches_of_user(interaction.guild_id, interaction.user.id)
        here = [m for m in mine if m.channel_id == interaction.channel_id]
        if not here and include_channel and interaction.channel_id is not None:
            here = await self.bot.service.live_matches_in_channel(interaction.channel_id)
        live = [m for m in here if m.status == "live"]
        pool = live or here
        return max(pool, key=lambda m: m.id) if pool else None


async def setup(bot: Backstab) -> None:
    await bot.add_cog(PlayCog(bot))
