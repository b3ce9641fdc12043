"""The games the bot hosts: one line each. Importing this package registers them.

A game's bot side lives in its own package here (``bot/games/<id>/``) and exports ``PLUGIN``
(``bot/plugins.py`` says what a plugin declares). Adding a game is its package plus one entry
in ``BUILT_IN``; nothing else outside the game's packages changes.
"""

from bot.games import classic, duel, quest
from bot.plugins import GamePlugin, register

BUILT_IN: tuple[GamePlugin, ...] = (
    classic.PLUGIN,
    duel.PLUGIN,
    quest.PLUGIN,
)

for _plugin in BUILT_IN:
    register(_plugin)
