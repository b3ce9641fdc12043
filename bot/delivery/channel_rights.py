"""What the bot must be allowed in a channel to run a match there. A lobby opened with
``/match new`` is the interaction's own reply, which needs no right at all; the table drawn
later, its pictures and its log do. Without this check the match would start and run unseen.
"""

from __future__ import annotations

from typing import Any

import discord

# The table: see the channel, post and edit messages with embeds and pictures. (Threads for
# the log are optional: without them the table's last lines are the log.)
TABLE_RIGHTS = ("view_channel", "send_messages", "embed_links", "attach_files")


def missing_table_rights(interaction: discord.Interaction[Any]) -> list[str]:
    """The rights the table needs that the bot lacks where ``interaction`` happened, as
    Discord names the permission flags (``send_messages``)."""
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = [
        "send_messages_in_threads" if in_thread and right == "send_messages" else right
        for right in TABLE_RIGHTS
    ]
    rights = interaction.app_permissions
    return [right for right in needed if not getattr(rights, right)]
