"""Pure rendering: match state and views in, message content, embeds and button specs out.

Nothing here talks to Discord or the database; the cogs send what these functions return.
"""

from bot.render.games import Field, GameRenderer
from bot.render.ids import ButtonId, make_custom_id, parse_custom_id
from bot.render.lobby import render_lobby
from bot.render.model import ButtonSpec, OptionSpec, Picture, Rendered, SelectSpec, Style
from bot.render.table import action_buttons, public_event_lines, render_hand, render_table

__all__ = [
    "ButtonId",
    "ButtonSpec",
    "Field",
    "GameRenderer",
    "OptionSpec",
    "Picture",
    "Rendered",
    "SelectSpec",
    "Style",
    "action_buttons",
    "make_custom_id",
    "parse_custom_id",
    "public_event_lines",
    "render_hand",
    "render_lobby",
    "render_table",
]
