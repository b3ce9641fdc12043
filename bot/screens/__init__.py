"""The generic screens: the table, a hand, the log lines, the lobby and the host's tools,
history, the league and the reference, each drawn by finding the game's renderer through the
plugin registry (``bot.plugins``) and composing it with the kit in ``bot.render``. Pure
functions, like the kit: values in, ``Rendered`` out.
"""

from bot.screens.lobby import render_lobby
from bot.screens.table import public_event_lines, render_hand, render_table

__all__ = [
    "public_event_lines",
    "render_hand",
    "render_lobby",
    "render_table",
]
