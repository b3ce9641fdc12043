"""Pure rendering: match state and views in, message content, embeds and button specs out.

Nothing here talks to Discord or the database; the cogs send what these functions return.
"""

from bot.render.classic import ClassicRenderer
from bot.render.duel import DuelRenderer
from bot.render.games import (
    Field,
    GameRenderer,
    has_renderer,
    register_renderer,
    renderer_for,
    unregister_renderer,
)
from bot.render.ids import ButtonId, make_custom_id, parse_custom_id
from bot.render.lobby import render_lobby
from bot.render.model import ButtonSpec, OptionSpec, Picture, Rendered, SelectSpec, Style
from bot.render.table import action_buttons, public_event_lines, render_hand, render_table

register_renderer("classic", ClassicRenderer())
register_renderer("duel", DuelRenderer())

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
    "has_renderer",
    "make_custom_id",
    "parse_custom_id",
    "public_event_lines",
    "register_renderer",
    "render_hand",
    "render_lobby",
    "render_table",
    "renderer_for",
    "unregister_renderer",
]
