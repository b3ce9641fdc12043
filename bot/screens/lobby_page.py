"""The lobby as its table shows it: the shared lobby drawing (``lobby.render_lobby``) plus the
flow's parts — the match's terms, the game's lobby pick (a duel's decks), when it expires — and
a second row with Host tools (and the pick's button). One pure function, so the lobby cog and
the table's publisher draw the very same lobby without reaching each other."""

from __future__ import annotations

from dataclasses import replace

from bot import plugins
from bot.core.match_types import MatchInfo
from bot.plugins import LobbyOptions
from bot.render.ids import DECK_MENU, HOST_TOOLS, VARIANT_PREFIX
from bot.render.model import ButtonSpec, Rendered, Style
from bot.render.names import discord_time
from bot.screens.lobby import render_lobby
from bot.screens.lobby_tools import lobby_button, lobby_terms
from bot.words import lobby_texts
from engine.games import load_game


def lobby_page(match: MatchInfo, pick: LobbyOptions | None) -> Rendered:
    game = load_game(match.game)
    most = min(game.max_seats, int(match.options.get("seats") or game.max_seats))
    # Empty seats fill with AI at the start, so one player is enough to press Start.
    rendered = render_lobby(match, min_seats=1, max_seats=most)
    if match.status != "lobby" or not rendered.embeds:
        return rendered
    embed = rendered.embeds[0].copy()
    lines = [embed.description or "", lobby_terms(match, game.min_seats)]
    if pick is not None:
        lines += pick.lines(match)
    if match.deadline_at is not None:
        lines.append(lobby_texts.LOBBY_EXPIRES.format(when=discord_time(match.deadline_at)))
    embed.description = "\n".join(line for line in lines if line)
    extra = [lobby_button(match, HOST_TOOLS, lobby_texts.BUTTON_HOST_TOOLS, Style.SECONDARY)]
    if pick is not None:
        extra.append(lobby_button(match, DECK_MENU, pick.button, Style.PRIMARY))
    extra += _other_ways(match)
    return replace(rendered, embeds=(embed,), buttons=(*rendered.buttons, *extra))


def _other_ways(match: MatchInfo) -> list[ButtonSpec]:
    """A button per other way to play the game (quest's quick game), so the host picks it on
    the lobby itself, with its name; the Host tools' menu offers them all too."""
    found = plugins.find(match.game)
    chosen = plugins.variant(match.game, match.options.get("variant"))
    if found is None or len(found.variants) < 2 or chosen is None:
        return []
    return [
        lobby_button(
            match,
            VARIANT_PREFIX + way.key,
            lobby_texts.BUTTON_PLAY_VARIANT.format(name=way.name),
            Style.SECONDARY,
        )
        for way in found.variants
        if way.key != chosen.key
    ]
