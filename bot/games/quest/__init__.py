"""Quest on Discord: the plugin the bot hosts quest matches through (``bot/plugins.py``)."""

from bot.games.quest import hidden, league, reference, words
from bot.games.quest.render import QuestRenderer
from bot.plugins import GamePlugin, LeagueRoles, Reference, Variant
from engine.quest.game import Quest

PLUGIN = GamePlugin(
    engine=Quest,
    title=words.TITLE,
    renderer=QuestRenderer(),
    reference=Reference(reference.TOPICS, reference.cards),
    hidden=hidden.ORACLE,
    league=LeagueRoles(league.roles, league.role_name),
    variants=(
        Variant("rulebook", words.RULEBOOK, words.RULEBOOK_NOTE),
        Variant("quick", words.QUICK, words.QUICK_NOTE),
    ),
)
