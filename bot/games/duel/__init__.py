"""Duel on Discord: the plugin the bot hosts duel matches through (``bot/plugins.py``)."""

from bot.games.duel import hidden, league, reference, words
from bot.games.duel.feature import feature
from bot.games.duel.render import DuelRenderer
from bot.plugins import GamePlugin, LeagueRoles, Reference
from engine.duel.game import Duel

PLUGIN = GamePlugin(
    engine=Duel,
    title=words.TITLE,
    renderer=DuelRenderer(),
    reference=Reference(reference.TOPICS, reference.cards),
    hidden=hidden.ORACLE,
    league=LeagueRoles(league.roles, league.role_name),
    feature=feature,
)
