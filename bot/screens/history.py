"""Match history as messages: a page of past matches and one step of a replay."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot import plugins
from bot.render.model import Controls, Gallery, Rendered, Text, clip
from bot.render.names import discord_time, plain_name, shown_name
from bot.screens.table import public_event_lines, render_table
from bot.words import league_texts

if TYPE_CHECKING:
    from bot.core.service import MatchInfo
    from bot.features.history import HistoryPage, ReplayStep

HISTORY_COLOUR = discord.Colour.blurple()
DESCRIPTION_LIMIT = 4096  # Discord's cap on an embed description


def render_history(page: HistoryPage, name: str) -> Rendered:
    embed = discord.Embed(
        title=league_texts.HISTORY_TITLE.format(name=plain_name(name)), colour=HISTORY_COLOUR
    )
    lines = [_line(match, when, page.user_id) for match, when in page.entries]
    embed.description = clip("\n".join(lines) or league_texts.HISTORY_EMPTY, DESCRIPTION_LIMIT)
    embed.set_footer(text=league_texts.HISTORY_PAGE.format(page=page.page + 1, pages=page.pages))
    return Rendered(embeds=(embed,))


def _line(match: MatchInfo, when: float, user_id: int) -> str:
    seat = match.seat_of(user_id)
    if match.outcome is None or match.outcome.is_draw:
        result = league_texts.HISTORY_DRAW
    elif seat is not None and seat in match.outcome.winners:
        result = league_texts.HISTORY_WON
    else:
        result = league_texts.HISTORY_LOST
    return league_texts.HISTORY_LINE.format(
        match=match.id,
        game=plugins.title(match.game),
        # Discord shows <t:...:d> as a date in each reader's own time zone.
        when=discord_time(when, "d"),
        players=", ".join(shown_name(s.name) for s in sorted(match.seats, key=lambda s: s.seat)),
        result=result,
    )


def render_replay_step(step: ReplayStep) -> Rendered:
    """The table as a spectator saw it after this step, with what happened during it."""
    view = step.view
    lines = (
        public_event_lines(step.match, step.events, lambda: view)
        if step.events
        else [league_texts.REPLAY_START]
    )
    table = render_table(step.match, step.view, deciders=step.deciders, log=lines)
    heading = league_texts.REPLAY_STEP.format(
        match=step.match.id, step=step.step, steps=step.steps - 1
    )
    # Only the words: the table's own "My hand" button has no place in a replay, and its
    # picture is not uploaded for each step.
    blocks = tuple(b for b in table.blocks if not isinstance(b, Controls | Gallery))
    return Rendered(blocks=(Text(heading), *blocks), colour=table.colour)
