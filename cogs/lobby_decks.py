"""Which decks a duel player may pick in a lobby, and what a seat without a pick plays.

The one place the lobby learns about decks: the deck cog's ``DeckBook`` (cog "Decks") when it
is loaded (the player's own ready decks, then the precons), else the engine's precons alone.
Decks are written out in full (hero and card counts), so the match record replays on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine.games import load_game

if TYPE_CHECKING:
    from bot.client import Backstab
    from bot.service import MatchInfo

DUEL = "duel"
PRECON_PREFIX = "precon:"
DEFAULT_PRECONS = ("warrior", "thief")  # as the engine plays a seat with no deck
MAX_CHOICES = 25  # Discord: options in one select


@dataclass(frozen=True)
class DeckChoice:
    key: str  # what the select sends back: "precon:<stem>" or the player's deck name
    name: str
    precon: bool
    deck: dict[str, Any]  # the engine's Deck.to_json()


async def deck_choices(bot: Backstab, user_id: int) -> list[DeckChoice]:
    """The player's own ready decks first, then every precon; at most one select's worth."""
    book = _book(bot)
    found: list[DeckChoice] = []
    if book is not None:
        for deck in await book.own(user_id):
            if deck.ready:
                found.append(DeckChoice(deck.key, deck.name, False, deck.to_engine().to_json()))
        for deck in book.precons():
            found.append(DeckChoice(deck.key, deck.name, True, deck.to_engine().to_json()))
    else:
        for stem, deck in sorted(_duel().decks.items()):
            found.append(DeckChoice(PRECON_PREFIX + stem, deck.name or stem, True, deck.to_json()))
    return found[:MAX_CHOICES]


async def default_decks(bot: Backstab, match: MatchInfo) -> list[dict[str, Any]]:
    """Each seat's deck had nobody picked in the lobby (their saved choice, else a precon)."""
    book = _book(bot)
    if book is not None:
        options = await book.start_options(replace(match, options={}))
        decks = options.get("decks")
        if isinstance(decks, list) and len(decks) == len(match.seats):
            return list(decks)
    precons = _duel().decks
    return [
        precons[DEFAULT_PRECONS[seat.seat % len(DEFAULT_PRECONS)]].to_json()
        for seat in sorted(match.seats, key=lambda s: s.seat)
    ]


def _book(bot: Backstab) -> Any:
    return getattr(bot.get_cog("Decks"), "book", None)


def _duel() -> Any:
    return load_game(DUEL)
