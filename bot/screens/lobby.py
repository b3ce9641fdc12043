"""The lobby message: who sits where, and the Join/Leave/Add AI/Start/Cancel buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot import plugins
from bot.render import ids
from bot.render.model import ButtonSpec, Rendered, Style, clip
from bot.render.names import shown_name
from bot.words import lobby_texts

if TYPE_CHECKING:
    from bot.core.service import MatchInfo

LOBBY_COLOUR = discord.Colour.blurple()
CLOSED_COLOUR = discord.Colour.dark_grey()


def render_lobby(match: MatchInfo, *, min_seats: int, max_seats: int) -> Rendered:
    """The lobby as everyone sees it. A cancelled lobby keeps its seats but loses its buttons."""
    title = lobby_texts.LOBBY_TITLE.format(game=plugins.title(match.game), match=match.id)
    cancelled = match.status == "cancelled"
    embed = discord.Embed(title=title, colour=CLOSED_COLOUR if cancelled else LOBBY_COLOUR)
    host = next((shown_name(s.name) for s in match.seats if s.user_id == match.host_id), "?")
    lines = []
    for seat in match.seats:
        tag = f" ({lobby_texts.LOBBY_AI_TAG})" if seat.ai_level is not None else ""
        if tag and seat.name.endswith(tag):  # AI seats are named "Ada (AI)" already
            tag = ""
        lines.append(f"{seat.seat + 1}. {shown_name(seat.name)}{tag}")
    lines.extend(
        f"{n + 1}. {lobby_texts.LOBBY_EMPTY_SEAT}"
        for n in range(len(match.seats), max(min_seats, 0))
    )
    embed.add_field(
        name=lobby_texts.LOBBY_SEATS.format(count=len(match.seats), most=max_seats),
        value=clip("\n".join(lines) or "-", 1024),
        inline=False,
    )
    if cancelled:
        embed.description = lobby_texts.LOBBY_CANCELLED
        return Rendered(embeds=(embed,))
    embed.description = lobby_texts.LOBBY_HOST.format(name=host)
    ready = len(match.seats) >= min_seats
    embed.set_footer(
        text=lobby_texts.LOBBY_READY if ready else lobby_texts.LOBBY_NEEDS.format(least=min_seats)
    )
    full = len(match.seats) >= max_seats
    buttons = (
        _button(match, ids.JOIN, lobby_texts.BUTTON_JOIN, Style.SUCCESS, disabled=full),
        _button(match, ids.LEAVE, lobby_texts.BUTTON_LEAVE, Style.SECONDARY),
        _button(match, ids.ADD_AI, lobby_texts.BUTTON_AI, Style.SECONDARY, disabled=full),
        _button(match, ids.START, lobby_texts.BUTTON_START, Style.PRIMARY, disabled=not ready),
        _button(match, ids.CANCEL, lobby_texts.BUTTON_CANCEL, Style.DANGER),
    )
    return Rendered(embeds=(embed,), buttons=buttons)


def _button(
    match: MatchInfo, key: str, label: str, style: Style, *, disabled: bool = False
) -> ButtonSpec:
    return ButtonSpec(
        label=label,
        custom_id=ids.make_custom_id(match.id, match.version, key),
        style=style,
        row=0,
        disabled=disabled,
    )
