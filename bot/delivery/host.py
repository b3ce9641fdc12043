"""What delivery needs of the running bot, as a protocol: the match door and the few Discord
lookups it sends through. ``bot.client.Backstab`` is one (mypy checks it where the client hands
itself over); a delivery module never imports the client, so the arrow points down."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.core.service import MatchService


class Host(Protocol):
    @property
    def service(self) -> MatchService: ...

    @property
    def user(self) -> discord.ClientUser | None: ...

    @property
    def application_id(self) -> int | None: ...

    def get_partial_messageable(
        self,
        id: int,
        *,
        guild_id: int | None = None,
        type: discord.ChannelType | None = None,
    ) -> discord.PartialMessageable: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, user_id: int, /) -> discord.User: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    @property
    def client(self) -> discord.Client:
        """The discord.py client itself (an interaction's webhook is built on its state)."""
        ...
