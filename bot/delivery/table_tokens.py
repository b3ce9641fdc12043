"""Editing a table through an interaction's token (issue 29.2).

Discord counts every bot request against one global limit (50 per second per bot token, every
process and shard together) except interaction responses: the callback and the interaction's
webhook, through which the message an interaction answered with or was clicked on can be
edited for 15 minutes. A table is such a message: ``/match new`` posted it as its answer, and
every press on its buttons (Add AI, Start, the table's Pass) answers by editing it. The
freshest such token per match is kept, and the table is edited through it while it lives; past
that (a long match nobody pressed the table of) or when Discord refuses it, the caller edits
the message by its ids as before. Memory only: after a restart the first edits are ordinary.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import discord

from bot.delivery.hand_messages import TOKEN_LIFE
from bot.delivery.host import Host

log = logging.getLogger(__name__)


class TableTokens:
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._tokens: dict[int, tuple[str, float]] = {}

    def note(self, match_id: int, interaction: discord.Interaction[Any]) -> None:
        """``interaction`` answered with the match's table or was pressed on it (and was
        answered by editing it, or deferred so)."""
        self._tokens[match_id] = (interaction.token, time.time())

    def knows(self, match_id: int) -> bool:
        return match_id in self._tokens

    def forget(self, match_id: int) -> None:
        self._tokens.pop(match_id, None)

    async def edit(self, match_id: int, message_id: int, **parts: Any) -> bool:
        """Edit the table through a living token; False when there is none (or Discord
        refused it, and it is dropped): then edit it the ordinary way."""
        kept = self._tokens.get(match_id)
        if kept is None:
            return False
        token, at = kept
        if time.time() - at >= TOKEN_LIFE:
            self._tokens.pop(match_id, None)
            return False
        bot = self.bot
        application_id = bot.application_id or (bot.user.id if bot.user else 0)
        webhook = discord.Webhook.partial(application_id, token, client=bot.client)
        try:
            await webhook.edit_message(message_id, **parts)
        except discord.HTTPException as exc:
            # An expired or revoked token, or a table deleted: the ordinary edit says which.
            log.info("match %s: table edit through its token refused (%s)", match_id, exc.status)
            self._tokens.pop(match_id, None)
            return False
        return True
