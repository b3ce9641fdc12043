"""League answers as messages: a leaderboard page and a player's profile."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import discord

from bot import plugins
from bot.render.model import Rendered, clip
from bot.render.names import plain_name, shown_name
from bot.storage.models import PROVISIONAL_GAMES
from bot.words import league_texts

if TYPE_CHECKING:
    from bot.features.league import Board, Profile

LEAGUE_COLOUR = discord.Colour.purple()
FIELD_LIMIT = 1024  # Discord's cap on an embed field value
DESCRIPTION_LIMIT = 4096


def season_title(name: str | None) -> str:
    return plain_name(name) if name is not None else league_texts.NO_SEASON


def render_board(board: Board) -> Rendered:
    embed = discord.Embed(
        title=league_texts.LEADERBOARD_TITLE.format(
            game=plugins.title(board.game), season=season_title(board.season_name)
        ),
        colour=LEAGUE_COLOUR,
    )
    lines = [
        (
            league_texts.LEADERBOARD_LINE_ONE
            if row.rating.games == 1
            else league_texts.LEADERBOARD_LINE
        ).format(
            rank=row.rank,
            name=shown_name(row.name),
            rating=row.rating.ordinal,
            games=row.rating.games,
            wins=row.rating.wins,
            mark=league_texts.PROVISIONAL_MARK if row.rating.provisional else "",
        )
        for row in board.rows
    ]
    embed.description = clip("\n".join(lines) or league_texts.LEADERBOARD_EMPTY, DESCRIPTION_LIMIT)
    footer = league_texts.HISTORY_PAGE.format(page=board.page + 1, pages=board.pages)
    if any(row.rating.provisional for row in board.rows):
        footer += " · " + league_texts.PROVISIONAL_NOTE.format(games=PROVISIONAL_GAMES)
    embed.set_footer(text=footer)
    return Rendered(embeds=(embed,))


def render_profile(profile: Profile, name: str, role_name: Callable[[str], str]) -> Rendered:
    season = season_title(profile.season_name)
    embeds = []
    if not profile.games:
        embed = discord.Embed(
            title=plain_name(name),  # no game to name yet; the line below says which season
            description=league_texts.PROFILE_NONE.format(name=shown_name(name), season=season),
            colour=LEAGUE_COLOUR,
        )
        return Rendered(embeds=(embed,))
    for game in profile.games[:10]:  # Discord: at most 10 embeds per message
        rating = game.rating
        embed = discord.Embed(
            title=league_texts.PROFILE_TITLE.format(
                name=plain_name(name), game=plugins.title(game.game), season=season
            ),
            colour=LEAGUE_COLOUR,
        )
        mark = league_texts.PROVISIONAL_MARK if rating.provisional else ""
        embed.add_field(
            name=league_texts.PROFILE_RATING,
            value=league_texts.PROFILE_RATING_VALUE.format(
                rating=rating.ordinal, mu=rating.mu, sigma=rating.sigma, mark=mark
            ),
        )
        embed.add_field(
            name=league_texts.PROFILE_RANK,
            value=league_texts.PROFILE_RANK_VALUE.format(rank=game.rank, players=game.players),
        )
        embed.add_field(
            name=league_texts.PROFILE_GAMES,
            value=league_texts.PROFILE_GAMES_VALUE.format(
                games=rating.games, wins=rating.wins, rate=rating.win_rate
            ),
        )
        if game.favourite:
            embed.add_field(name=league_texts.PROFILE_FAVOURITE, value=role_name(game.favourite))
        recent = [
            league_texts.PROFILE_LAST_LINE.format(
                match=match_id,
                result=league_texts.HISTORY_WON if won else league_texts.HISTORY_LOST,
            )
            for match_id, won in game.recent
        ]
        if recent:
            embed.add_field(
                name=league_texts.PROFILE_LAST,
                value=clip("\n".join(recent), FIELD_LIMIT),
                inline=False,
            )
        if rating.provisional:
            embed.set_footer(text=league_texts.PROVISIONAL_NOTE.format(games=PROVISIONAL_GAMES))
        embeds.append(embed)
    return Rendered(embeds=tuple(embeds))
