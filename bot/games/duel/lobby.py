"""Duel's lobby option: each seated player picks the deck they bring.

The choices come from the deck cog's ``DeckBook`` (cog "Decks") when it is loaded (the
player's own ready decks, then the precons), else from the engine's precons alone. Which deck a
seat without a pick brings is ``decks.seat_decks``, the one rule for it. Decks are written out
in full (hero and card counts), so the match record replays on its own.
"""

from __future__ import annotations

from typing import Any

from discord.ext import commands

from bot.core.match_types import MatchInfo
from bot.games.duel import words
from bot.games.duel.cards_text import card_of
from bot.games.duel.decks import PRECON_PREFIX, DeckBook, DeckInfo, seat_decks
from bot.plugins import LobbyOptions, PickChoice
from bot.render.names import shown_name
from engine.duel.game import Duel
from engine.games import load_game

MAX_CHOICES = 25  # Discord: options in one select


async def choices(bot: commands.Bot, user_id: int) -> list[PickChoice]:
    """The player's own ready decks first, then every precon; at most one select's worth."""
    book = _book(bot)
    found: list[PickChoice] = []
    if book is not None:
        for deck in await book.own(user_id):
            if deck.ready:
                found.append(_choice(deck.key, deck.name, False, deck.to_engine().to_json()))
        for deck in book.precons():
            found.append(_choice(deck.key, deck.name, True, deck.to_engine().to_json()))
    else:
        for stem, precon in sorted(_duel().decks.items()):
            found.append(_choice(PRECON_PREFIX + stem, precon.name or stem, True, precon.to_json()))
    return found[:MAX_CHOICES]


def _choice(key: str, name: str, precon: bool, deck: dict[str, Any]) -> PickChoice:
    return PickChoice(key, name, note(precon, deck), {"key": key, "name": name, "deck": deck})


def note(precon: bool, deck: dict[str, Any]) -> str:
    """Under a deck's name in the picker: whose it is and the Hero it is built around."""
    whose = words.DECK_PRECON if precon else words.DECK_OWN
    hero = card_of(deck.get("hero"))
    return f"{whose} · {hero.name}"[:100] if hero is not None else whose


def lines(match: MatchInfo) -> list[str]:
    """The lobby's deck line: each player's pick, and how to pick while one is missing."""
    picks = match.options.get("picks", {})
    named = [
        f"{shown_name(s.name)}: {_pick_name(picks.get(str(s.user_id)))}"
        for s in match.seats
        if s.user_id is not None
    ]
    out = [words.LOBBY_DECKS.format(picks="; ".join(named))]
    people = [s for s in match.seats if s.user_id is not None]
    if any(str(s.user_id) not in picks for s in people):
        out.append(words.LOBBY_DECK_HINT)  # once, not after every unpicked name
    return out


def _pick_name(pick: dict[str, Any] | None) -> str:
    return shown_name(str(pick.get("name", ""))) if pick else words.LOBBY_NO_DECK


async def start_options(bot: commands.Bot, match: MatchInfo) -> dict[str, Any]:
    """Start hook: each seat's deck (``decks.seat_decks``). Without a deck book and with no
    picks, the engine deals its default precons itself."""
    book = _book(bot)
    if book is not None:
        return await book.start_options(match)
    if not match.options.get("picks"):
        return {}
    return await seat_decks(match, None, _precon)


def _precon(stem: str) -> DeckInfo:
    deck = _duel().decks[stem]
    return DeckInfo(deck.name, deck.hero, dict(deck.cards), (), stem)


def _book(bot: commands.Bot) -> DeckBook | None:
    book = getattr(bot.get_cog("Decks"), "book", None)
    return book if isinstance(book, DeckBook) else None


def _duel() -> Duel:
    game = load_game(Duel.id)
    assert isinstance(game, Duel)
    return game


LOBBY = LobbyOptions(
    button=words.BUTTON_PICK_DECK,
    prompt=words.DECK_PICK,
    placeholder=words.DECK_PLACEHOLDER,
    picked=words.DECK_PICKED,
    unknown=words.DECK_UNKNOWN,
    lines=lines,
    choices=choices,
    start_options=start_options,
)
