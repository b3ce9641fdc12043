"""Duel's lobby option: each seated player picks the deck they bring.

The choices come from the deck book the duel's feature builds once at start (``feature``; the
player's own ready decks, then the precons), the one the ``/deck`` commands use. Which deck a
seat without a pick brings is ``decks.seat_decks``, the one rule for it. Decks are written out
in full (hero and card counts), so the match record replays on its own.
"""

from __future__ import annotations

from bot.core.match_types import MatchInfo
from bot.games.duel import words
from bot.games.duel.cards_text import card_of
from bot.games.duel.decks import DeckBook
from bot.plugins import LobbyOptions, PickChoice
from bot.render.names import shown_name

MAX_CHOICES = 25  # Discord: options in one select


async def choices(book: DeckBook, user_id: int) -> list[PickChoice]:
    """The player's own ready decks first, then every precon; at most one select's worth."""
    found: list[PickChoice] = []
    for deck in await book.own(user_id):
        if deck.ready:
            found.append(_choice(deck.key, deck.name, False, deck.to_engine().to_json()))
    for deck in book.precons():
        found.append(_choice(deck.key, deck.name, True, deck.to_engine().to_json()))
    return found[:MAX_CHOICES]


def _choice(key: str, name: str, precon: bool, deck: dict[str, object]) -> PickChoice:
    return PickChoice(key, name, note(precon, deck), {"key": key, "name": name, "deck": deck})


def note(precon: bool, deck: dict[str, object]) -> str:
    """Under a deck's name in the picker: whose it is, its class and the Hero it is built
    around (a Hero's name alone did not say which class a deck plays, # 000 I.F)."""
    whose = words.DECK_PRECON if precon else words.DECK_OWN
    hero = card_of(deck.get("hero"))
    if hero is None:
        return whose
    return " · ".join((whose, _classes(hero.klass, deck), hero.name))[:100]


def _classes(hero_class: str, deck: dict[str, object]) -> str:
    """The deck's class: its Hero's, and for a Wanderer the one class it adds (# 000 I.F)."""
    said = [hero_class]
    cards = deck.get("cards")
    if hero_class == "wanderer" and isinstance(cards, dict):
        added = {c.klass for c in map(card_of, cards) if c is not None}
        said += sorted(added - {"neutral", "wanderer"})
    return " + ".join(words.CLASS_NAMES.get(k, k) for k in said)


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


def _pick_name(pick: dict[str, object] | None) -> str:
    return shown_name(str(pick.get("name", ""))) if pick else words.LOBBY_NO_DECK


def lobby_options(book: DeckBook) -> LobbyOptions:
    """The lobby's deck pick over ``book``: its choices, and each seat's deck at the start
    (``DeckBook.start_options``, the one rule for a seat without a pick)."""

    async def choices_of(user_id: int) -> list[PickChoice]:
        return await choices(book, user_id)

    return LobbyOptions(
        button=words.BUTTON_PICK_DECK,
        prompt=words.DECK_PICK,
        placeholder=words.DECK_PLACEHOLDER,
        picked=words.DECK_PICKED,
        unknown=words.DECK_UNKNOWN,
        lines=lines,
        choices=choices_of,
        start_options=book.start_options,
    )
