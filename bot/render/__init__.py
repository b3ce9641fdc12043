"""The rendering kit: the values a screen is made of (``Rendered``, button and select specs,
pictures), custom ids, names, controls and drafts, and ``GameRenderer``, the base of every
game's renderer. Pure: nothing here talks to Discord or the database, and nothing here reads
the plugin registry — the generic screens that find a game's renderer through it are
``bot.screens``, one floor up, so a game's package builds on this kit without a cycle.
"""

from bot.render.games import Field, GameRenderer, JsonRenderer, JsonView
from bot.render.ids import ButtonId, make_custom_id, parse_custom_id
from bot.render.model import ButtonSpec, OptionSpec, Picture, Rendered, SelectSpec, Style

__all__ = [
    "ButtonId",
    "ButtonSpec",
    "Field",
    "GameRenderer",
    "JsonRenderer",
    "JsonView",
    "OptionSpec",
    "Picture",
    "Rendered",
    "SelectSpec",
    "Style",
    "make_custom_id",
    "parse_custom_id",
]
