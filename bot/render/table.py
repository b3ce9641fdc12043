"""The public table message and the private hand, for any game.

The table never shows anything from a hand: it is drawn from the spectator view only, and its
one button ("My hand") opens the private view. Action buttons live on the private hand message,
where revealing which cards can be played is safe.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import texts
from bot.render import ids
from bot.render.games import GameRenderer, renderer_for
from bot.render.model import MAX_PER_ROW, MAX_ROWS, ButtonSpec, Rendered, Style, clip
from engine.core import Action, Event

if TYPE_CHECKING:
    from bot.service import MatchInfo

LIVE_COLOUR = discord.Colour.green()
OVER_COLOUR = discord.Colour.gold()
HAND_COLOUR = discord.Colour.teal()
LOG_LINES = 8
# Embed limits: 4096 for a description, 1024 per field value.
FIELD_LIMIT = 1024


def seat_names(match: MatchInfo) -> list[str]:
    return [seat.name for seat in sorted(match.seats, key=lambda s: s.seat)]


def public_event_lines(match: MatchInfo, events: Iterable[Event]) -> list[str]:
    """The events as a spectator may read them: secrets are dropped before wording."""
    renderer = renderer_for(match.game)
    names = seat_names(match)
    return [renderer.event_line(event.for_viewer(None), names) for event in events]


def render_table(
    match: MatchInfo,
    view: dict[str, Any],
    *,
    deciders: Iterable[int] | None = None,
    log: Sequence[str] = (),
    seconds_left: float | None = None,
) -> Rendered:
    """The public table. ``view`` is the spectator view's JSON; nothing private reaches here."""
    renderer = renderer_for(match.game)
    names = seat_names(match)
    over = match.status == "finished"
    embed = discord.Embed(
        title=texts.TABLE_TITLE.format(game=texts.game_title(match.game), match=match.id),
        colour=OVER_COLOUR if over else LIVE_COLOUR,
    )
    waiting = sorted(deciders) if deciders is not None else []
    if over:
        embed.description = _outcome_line(match, names)
    elif deciders is not None:
        who = ", ".join(names[s] for s in waiting if s < len(names)) or texts.TABLE_NOBODY
        embed.description = texts.TABLE_WAITING_FOR.format(names=who)
        if seconds_left is not None and seconds_left > 0:
            embed.description += "\n" + texts.TABLE_DEADLINE.format(seconds=int(seconds_left))
    embed.add_field(
        name=texts.TABLE_PLAYERS,
        value=clip(_player_lines(match, waiting), FIELD_LIMIT),
        inline=False,
    )
    state = renderer.table_lines(view, names)
    if state:
        embed.add_field(
            name=texts.TABLE_STATE, value=clip("\n".join(state), FIELD_LIMIT), inline=False
        )
    if log:
        tail = "\n".join(log[-LOG_LINES:])
        embed.add_field(name=texts.TABLE_LAST, value=clip(tail, FIELD_LIMIT), inline=False)
    embed.set_footer(text=texts.TABLE_VERSION.format(version=match.version))
    if over:
        return Rendered(embeds=(embed,))
    hand = ButtonSpec(
        label=texts.BUTTON_HAND,
        custom_id=ids.make_custom_id(match.id, match.version, ids.HAND),
        style=Style.PRIMARY,
        row=0,
    )
    return Rendered(embeds=(embed,), buttons=(hand,))


def render_hand(
    match: MatchInfo,
    view: dict[str, Any],
    actions: Sequence[Action],
    *,
    note: str | None = None,
) -> Rendered:
    """One seat's private view and its legal actions as buttons (version-checked)."""
    renderer = renderer_for(match.game)
    names = seat_names(match)
    embed = discord.Embed(
        title=texts.HAND_TITLE.format(match=match.id, game=texts.game_title(match.game)),
        colour=HAND_COLOUR,
    )
    lines = renderer.hand_lines(view, names)
    embed.description = clip("\n".join(lines) or texts.HAND_NOTHING, 4096)
    if match.status == "live":
        embed.add_field(
            name="\u200b",
            value=texts.HAND_YOUR_TURN if actions else texts.HAND_NOT_YOUR_TURN,
            inline=False,
        )
    embed.set_footer(text=texts.HAND_REFRESH_HINT)
    buttons = action_buttons(match, actions, renderer)
    return Rendered(content=note, embeds=(embed,), buttons=buttons)


def action_buttons(
    match: MatchInfo, actions: Sequence[Action], renderer: GameRenderer | None = None
) -> tuple[ButtonSpec, ...]:
    """Buttons for legal actions, five to a row. Past Discord's 25 the rest are left off here;
    paging them is the play issue's job."""
    renderer = renderer or renderer_for(match.game)
    buttons = []
    for index, action in enumerate(actions[: MAX_ROWS * MAX_PER_ROW]):
        try:
            custom_id = ids.make_custom_id(match.id, match.version, action.key)
        except ValueError:
            continue  # a key too long for Discord stays reachable through /match hand later
        buttons.append(
            ButtonSpec(
                label=clip(renderer.action_label(action), 80),
                custom_id=custom_id,
                style=Style.PRIMARY,
                row=index // MAX_PER_ROW,
            )
        )
    return tuple(buttons)


def _player_lines(match: MatchInfo, waiting: Sequence[int]) -> str:
    out = set(match.outcome.winners) if match.outcome is not None else set()
    lines = []
    for seat in sorted(match.seats, key=lambda s: s.seat):
        marks = []
        if seat.ai_level is not None:
            marks.append(texts.LOBBY_AI_TAG)
        if seat.seat in waiting:
            marks.append(texts.SEAT_TURN)
        if seat.seat in out:
            marks.append("🏆")
        suffix = f" ({', '.join(marks)})" if marks else ""
        lines.append(f"{seat.seat + 1}. {seat.name}{suffix}")
    closed = [s.name for s in match.seats if s.dm_closed]
    lines.extend(texts.TABLE_DM_CLOSED.format(name=name) for name in closed)
    return "\n".join(lines) or "-"


def _outcome_line(match: MatchInfo, names: Sequence[str]) -> str:
    if match.outcome is None or not match.outcome.winners:
        return texts.TABLE_DRAW
    winners = ", ".join(names[s] for s in match.outcome.winners if s < len(names))
    return texts.TABLE_FINISHED.format(names=winners)
