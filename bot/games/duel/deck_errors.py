"""A duel deck refused (``/deck``, a lobby's deck pick): the refusal family of the deck
feature, worded by ``deck_words`` and relayed privately like every ``BackstabError``."""

from __future__ import annotations

from collections.abc import Collection

from bot.core.errors import BackstabError, Shown
from bot.games.duel import deck_words


class DeckError(BackstabError):
    """A deck refused (``/deck``, a lobby's deck pick)."""

    def words(self, shown: Shown | None = None) -> str:
        return deck_words.deck_error(self.code, self.detail)

    @classmethod
    def worded(cls) -> Collection[str]:
        return deck_words.DECK_ERRORS.keys()
