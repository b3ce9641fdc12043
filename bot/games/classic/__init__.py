"""Classic on Discord: the plugin the bot hosts classic matches through (``bot/plugins.py``)."""

from bot.games.classic import hidden, league, reference, words
from bot.games.classic.render import ClassicRenderer
from bot.plugins import GamePlugin, LeagueRoles, Reference, Switch
from engine.classic.game import Classic

PLUGIN = GamePlugin(
    engine=Classic,
    title=words.TITLE,
    renderer=ClassicRenderer(),
    reference=Reference(reference.TOPICS, reference.cards),
    hidden=hidden.ORACLE,
    league=LeagueRoles(league.roles, league.role_name),
    switches=(
        Switch(
            "single_winner",
            words.CMD_NEW_SINGLE_WINNER,
            words.LOBBY_SINGLE_WINNER,
            words.SINGLE_WINNER_NOT_OFFERED,
        ),
    ),
)
