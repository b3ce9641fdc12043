"""Small helpers shared by the end-to-end tests: finding buttons and messages as a user would."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from bot.render import parse_custom_id

TEXT_DISPLAY = 10
CONTAINER = 17


def components(message: discord.Message | simcord.ResponseMessage) -> list[dict[str, Any]]:
    """Every component on a message as raw dicts, nested ones included (a Components V2
    layout: a container's rows and text displays, a section's accessory), in reading order."""
    found: list[dict[str, Any]] = []

    def walk(raw: Any) -> None:
        data = raw if isinstance(raw, dict) else raw.to_dict()
        found.append(data)
        for child in data.get("components") or []:
            walk(child)
        if data.get("accessory"):
            walk(data["accessory"])

    for row in message.components:
        walk(row)
    return found


def buttons(message: discord.Message | simcord.ResponseMessage) -> list[dict[str, Any]]:
    """Every button on a message as raw component dicts (label, custom_id, disabled)."""
    return [c for c in components(message) if c.get("type") == 2]


def selects(message: discord.Message | simcord.ResponseMessage) -> list[dict[str, Any]]:
    """Every string select on a message as raw component dicts (custom_id, options)."""
    return [c for c in components(message) if c.get("type") == 3]


def labels(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    return [b.get("label", "") for b in buttons(message)]


def embed_text(message: discord.Message | simcord.ResponseMessage) -> str:
    """Everything a person reads in a message (its content, embeds and text displays), as
    one string."""
    parts: list[str] = [message.content or ""]
    parts += [c.get("content") or "" for c in components(message) if c.get("type") == TEXT_DISPLAY]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        for field in embed.fields:
            parts += [field.name or "", field.value or ""]
        if embed.footer and embed.footer.text:
            parts.append(embed.footer.text)
    return "\n".join(p for p in parts if p)


def action_ids(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    """Custom ids of the game-action buttons (not lobby or hand buttons)."""
    out = []
    for button in buttons(message):
        parsed = parse_custom_id(button.get("custom_id", ""))
        if parsed is not None and parsed.versioned:
            out.append(button["custom_id"])
    return out


def is_hand(message: discord.Message | simcord.ResponseMessage) -> bool:
    """A hand is a layout (a Components V2 container); a ping beside it is a line and a link
    button (issue 27.3)."""
    return any(c.get("type") == CONTAINER for c in components(message))


def message_in(channel: simcord.ChannelHandle, message_id: int) -> discord.Message:
    for message in channel.history():
        if message.id == message_id:
            return message
    raise AssertionError(f"message {message_id} not in #{channel.name}")


def hand_dm(member: simcord.MemberActor) -> discord.Message:
    """The hand in ``member``'s DMs (one live hand per match, edited in place: the newest
    DM holding a hand; the pings beside it are plain text)."""
    hands = [m for m in member.user.dm_channel.history() if is_hand(m)]
    assert hands, f"{member.name} has no hand DM"
    return hands[-1]


def live_hand(
    channel: simcord.ChannelHandle, member: simcord.MemberActor
) -> tuple[simcord.MemberActor | simcord.UserHandle, discord.Message]:
    """``member``'s live hand and who clicks on it: their hand DM, or their last "My hand"
    answer in ``channel`` (a superseded hand is deleted, so the newest is the live one)."""
    dms = [m for m in member.user.dm_channel.history() if is_hand(m)]
    here = [m for m in channel.history(viewer=member) if m.flags.ephemeral and m.components]
    newest = max([*dms, *here], key=lambda m: m.id)
    return (member.user if newest in dms else member), newest


def answer_of(result: simcord.InteractionResult) -> simcord.ResponseMessage | None:
    """What a click was answered with: a move's click is acknowledged before anything is
    checked (issue 29.3), so a refusal is its private follow-up; other clicks answer in
    their response."""
    followups = result.followups
    return followups[-1] if followups else result.response


def note_of(message: discord.Message | simcord.ResponseMessage) -> str:
    """The note a message opens with: its content, or the text above a layout's container
    (a Components V2 message has no content; a refusal or a clock sits above it)."""
    if message.content:
        return message.content
    for raw in message.components:
        data = raw if isinstance(raw, dict) else raw.to_dict()
        if data.get("type") == TEXT_DISPLAY:
            return str(data.get("content") or "")
    return ""


async def concede(
    member: simcord.MemberActor, channel: simcord.ChannelHandle, **options: Any
) -> Any:
    """``/match concede`` and its "Yes, concede" (issue 27.2: asked once): the answer to the
    Yes, or the command's own when it asked nothing (a refusal)."""
    from bot.words import play_texts

    asked = await member.slash(channel, "match concede", **options)
    if asked.response is None or play_texts.CONCEDE_YES not in labels(asked.response):
        return asked
    return await member.click(asked.response, label=play_texts.CONCEDE_YES)
