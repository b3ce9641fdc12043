"""Sending a player a DM by their DM channel's id, kept per user (issue 29.2).

``User.send`` costs up to three requests against Discord's global limit (50 per second per
bot token, every process and shard together): a user fetch when the user is not cached, a
DM-channel create when discord.py's 128 private channels do not hold theirs, then the message.
A DM channel's id never changes, so it is kept here (many more than 128, least recently used
dropped first) and learnt from every DM hand the bot stores, so a restart needs no create for
a player whose hand lives in a DM: every DM after the first is one request.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import discord

from bot.delivery.host import Host

KEPT = 100_000  # DM channel ids kept (two ints each: a few MB for every player of a big bot)


class DmChannels:
    def __init__(self, bot: Host, kept: int = KEPT) -> None:
        self.bot = bot
        self._kept = kept
        self._ids: OrderedDict[int, int] = OrderedDict()

    def learn(self, user_id: int, channel_id: int) -> None:
        """``channel_id`` is ``user_id``'s DM channel (a hand DM, stored or just sent)."""
        self._ids[user_id] = channel_id
        self._ids.move_to_end(user_id)
        while len(self._ids) > self._kept:
            self._ids.popitem(last=False)

    def known(self, user_id: int) -> int | None:
        return self._ids.get(user_id)

    def holds(self, channel_id: int) -> bool:
        """Whether ``channel_id`` is a DM channel kept here (discord.py's own cache may have
        let it go: it keeps 128)."""
        return channel_id in self._ids.values()

    async def send(self, user_id: int, **kwargs: Any) -> discord.Message:
        """Send a DM; raises ``discord.HTTPException`` as ``User.send`` does (a closed DM is
        ``Forbidden`` 50007)."""
        channel_id = self._ids.get(user_id)
        if channel_id is None:
            # Opened by the user's id alone: no user fetch (discord.py's cache first).
            channel = await self.bot.client.create_dm(discord.Object(user_id))
            channel_id = channel.id
        self.learn(user_id, channel_id)
        partial = self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        return await partial.send(**kwargs)
