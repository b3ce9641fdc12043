"""What duel adds to the running bot once storage is open: one deck book, shared by the
``/deck`` commands and the lobby's deck pick (``bot.plugins.Feature``)."""

from __future__ import annotations

from discord.ext import commands

from bot.games.duel.deck_commands import DeckCommands
from bot.games.duel.decks import DeckBook
from bot.games.duel.lobby import lobby_options
from bot.plugins import Feature
from bot.storage import Storage


def feature(storage: Storage) -> Feature:
    book = DeckBook(storage.decks)

    def deck_commands(bot: commands.Bot) -> commands.Cog:
        return DeckCommands(bot, book)

    return Feature(cog=deck_commands, lobby=lobby_options(book))
