"""Who may use a match's buttons beyond what the service checks: the click must come from the
match's own server (or, for a hand's buttons, a DM), and a DM click from someone who is still
a member of that server. A member kicked or banned keeps the DM with their hand; without this
they could go on playing through its buttons.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.core.match_types import ServiceError
from bot.delivery.host import Host
from bot.render.ids import ButtonId
from bot.words import error_texts

# A member seen in the server is trusted this long before their next DM click asks Discord
# again: kicks send no event to a bot without the privileged members intent. Each ask is a
# request against Discord's global limit (50/s per bot token): at one DM click every few
# seconds, a minute cost about one fetch per ten clicks; five minutes cost one per fifty,
# and a ban (which does send an event) or a kick seen by a bot with that intent counts at once.
MEMBER_SECONDS = 300.0


class ClickGuard:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._seen: dict[tuple[int, int], float] = {}

    async def __call__(
        self, interaction: discord.Interaction[Any], button: ButtonId, on_server: bool
    ) -> str | None:
        """A refusal for the clicker, or None when the click may go on to its handler."""
        try:
            match = await self.bot.service.get(button.match_id)
        except ServiceError:
            return None  # the handler says the match is gone
        if interaction.guild_id is not None:
            return None if interaction.guild_id == match.guild_id else error_texts.WRONG_SERVER
        if on_server:
            return error_texts.WRONG_SERVER  # a lobby or table button never sits in a DM
        if match.seat_of(interaction.user.id) is None:
            return None  # the handler refuses a stranger as usual
        if await self.is_member(match.guild_id, interaction.user.id):
            return None
        return error_texts.LEFT_SERVER

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        """False only when Discord says so (Unknown Member); a server the bot cannot see or
        an error on Discord's side lets the click through rather than lock a player out."""
        now = asyncio.get_running_loop().time()
        key = (guild_id, user_id)
        if self._seen.get(key, 0.0) > now:
            return True
        guild = self.bot.get_guild(guild_id)
        if guild is None:
            return True
        if self.bot.client.intents.members and guild.get_member(user_id) is not None:
            # The gateway's own member cache, kept by its member events (only with the
            # members intent: without it a kicked member would stay cached): no request.
            self._seen[key] = now + MEMBER_SECONDS
            return True
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            self._seen.pop(key, None)
            return False
        except discord.HTTPException:
            return True
        self._seen[key] = now + MEMBER_SECONDS
        return True

    def forget(self, guild_id: int, user_id: int) -> None:
        """A member left or was banned (when Discord tells us): ask again on the next click."""
        self._seen.pop((guild_id, user_id), None)
