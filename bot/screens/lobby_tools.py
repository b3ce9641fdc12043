"""The lobby's own controls beyond its first row, and the host's private tools: the match's
terms, the Host tools message (remove a seat, hand the host role over, the way to play, AI
seats, ranked or casual). Drawn here, so the lobby cog only routes the clicks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot import plugins
from bot.render import ids
from bot.render.ids import (
    AI_HEURISTIC,
    AI_RANDOM,
    AI_STRONG,
    HOST_GIVE,
    HOST_RANKED,
    HOST_VARIANT,
    SEAT_REMOVE,
)
from bot.render.model import ButtonSpec, OptionSpec, Rendered, SelectSpec, Style
from bot.render.names import plain_name
from bot.words import lobby_texts

if TYPE_CHECKING:
    from bot.core.service import MatchInfo

EXTRA_ROW = 1  # below the lobby's Join / Leave / Add AI / Start / Cancel


def host_tools(match: MatchInfo) -> Rendered:
    """The host's private tools: take a seat away, hand the host role over, the game's way
    to play, AI seats of each level, ranked or casual."""
    removable = [s for s in match.seats if s.user_id != match.host_id]
    players = [s for s in match.seats if s.user_id not in (None, match.host_id)]
    selects = []
    if removable:
        selects.append(
            lobby_select(
                match,
                SEAT_REMOVE,
                lobby_texts.HOST_REMOVE,
                [OptionSpec(f"{s.seat + 1}. {plain_name(s.name)}", str(s.seat)) for s in removable],
                row=0,
            )
        )
    if players:
        selects.append(
            lobby_select(
                match,
                HOST_GIVE,
                lobby_texts.HOST_HAND_OVER,
                [OptionSpec(plain_name(s.name), str(s.user_id)) for s in players],
                row=1,
            )
        )
    found = plugins.find(match.game)
    if found is not None and len(found.variants) > 1:
        selects.append(
            lobby_select(
                match,
                HOST_VARIANT,
                lobby_texts.HOST_VARIANT,
                [OptionSpec(v.name, v.key, v.note) for v in found.variants],
                row=4,
            )
        )
    buttons = (
        lobby_button(match, AI_RANDOM, lobby_texts.BUTTON_AI_RANDOM, Style.SECONDARY, row=2),
        lobby_button(match, AI_HEURISTIC, lobby_texts.BUTTON_AI_HEURISTIC, Style.SECONDARY, row=2),
        lobby_button(match, AI_STRONG, lobby_texts.BUTTON_AI_STRONG, Style.SECONDARY, row=2),
        lobby_button(
            match,
            HOST_RANKED,
            lobby_texts.BUTTON_MAKE_CASUAL if match.ranked else lobby_texts.BUTTON_MAKE_RANKED,
            Style.SECONDARY,
            row=3,
        ),
    )
    return Rendered(
        content=lobby_texts.HOST_TOOLS.format(match=match.id),
        buttons=buttons,
        selects=tuple(selects),
    )


def lobby_terms(match: MatchInfo, least: int) -> str:
    """The match's terms under the seats: ranked or casual, one winner, the way to play, and
    how many seats AI fills at the start."""
    ranked = lobby_texts.LOBBY_RANKED if match.ranked else lobby_texts.LOBBY_CASUAL
    found = plugins.find(match.game)
    for switch in found.switches if found is not None else ():
        if match.options.get(switch.name):
            ranked = f"{ranked}\n{switch.line}"
    chosen = plugins.variant(match.game, match.options.get("variant"))
    if chosen is not None and found is not None and len(found.variants) > 1:
        ranked += "\n" + lobby_texts.LOBBY_VARIANT.format(name=chosen.name, note=chosen.note)
    wanted = max(least, int(match.options.get("seats") or 0))
    if len(match.seats) >= wanted:
        return ranked
    return f"{ranked}\n{lobby_texts.LOBBY_FILL.format(seats=wanted)}"


def lobby_button(
    match: MatchInfo, key: str, label: str, style: Style, *, row: int = EXTRA_ROW
) -> ButtonSpec:
    return ButtonSpec(
        label=label,
        custom_id=ids.make_custom_id(match.id, match.version, key),
        style=style,
        row=row,
    )


def lobby_select(
    match: MatchInfo, key: str, placeholder: str, options: list[OptionSpec], *, row: int
) -> SelectSpec:
    return SelectSpec(
        custom_id=ids.make_custom_id(match.id, match.version, key),
        placeholder=placeholder,
        options=tuple(options[:25]),  # Discord: at most 25 options in a select
        row=row,
    )
