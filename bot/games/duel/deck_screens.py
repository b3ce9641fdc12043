"""Decks as messages: one deck with its problems and code, and the list of a player's decks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import discord

from bot.games.duel import deck_words
from bot.render.model import Rendered, clip
from bot.render.names import plain_name, shown_name

if TYPE_CHECKING:
    from bot.games.duel.decks import DeckInfo

READY_COLOUR = discord.Colour.green()
DRAFT_COLOUR = discord.Colour.orange()
# Discord: 4096 characters in a description, 1024 in a field value.
DESCRIPTION_LIMIT = 4096
FIELD_LIMIT = 1024

NameOf = Callable[[str], str]


def render_deck(deck: DeckInfo, name_of: NameOf, code: str) -> Rendered:
    title = deck_words.DECK_TITLE.format(name=plain_name(deck.name), hero=name_of(deck.hero))
    if deck.precon:
        title += f" ({deck_words.DECK_PRECON_TAG})"
    embed = discord.Embed(title=clip(title, 256))
    if deck.ready:
        embed.colour = READY_COLOUR
        embed.description = deck_words.DECK_READY.format(size=deck.size)
    else:
        embed.colour = DRAFT_COLOUR
        lines = [deck_words.DECK_DRAFT.format(size=deck.size)]
        lines += [f"- {problem}" for problem in deck.problems]
        embed.description = clip("\n".join(lines), DESCRIPTION_LIMIT)
    listed = card_lines(deck, name_of)
    embed.add_field(
        name=deck_words.DECK_CARDS,
        value=clip("\n".join(listed) or deck_words.DECK_NO_CARDS, FIELD_LIMIT),
        inline=False,
    )
    embed.add_field(name=deck_words.DECK_CODE, value=clip(f"`{code}`", FIELD_LIMIT), inline=False)
    return Rendered(embeds=(embed,))


def card_lines(deck: DeckInfo, name_of: NameOf) -> list[str]:
    """By card name (not "1x ..." before "3x ..."), so a card is found where the alphabet says."""
    named = sorted((name_of(card), count) for card, count in deck.cards.items())
    return [f"{count}x {name}" for name, count in named]


def render_deck_list(
    own: Sequence[DeckInfo],
    precons: Sequence[DeckInfo],
    name_of: NameOf,
    chosen: DeckInfo | None,
) -> Rendered:
    embed = discord.Embed(title=deck_words.DECK_LIST_TITLE, colour=READY_COLOUR)
    if chosen is not None:
        embed.description = deck_words.DECK_LIST_CHOSEN.format(name=shown_name(chosen.name))
    embed.add_field(
        name=deck_words.DECK_LIST_OWN,
        value=clip("\n".join(_line(d, name_of, chosen) for d in own), FIELD_LIMIT)
        or deck_words.DECK_LIST_NONE,
        inline=False,
    )
    embed.add_field(
        name=deck_words.DECK_LIST_PRECONS,
        value=clip("\n".join(_line(d, name_of, chosen) for d in precons), FIELD_LIMIT),
        inline=False,
    )
    return Rendered(embeds=(embed,))


def _line(deck: DeckInfo, name_of: NameOf, chosen: DeckInfo | None) -> str:
    picked = chosen is not None and chosen.key == deck.key
    return deck_words.DECK_LIST_LINE.format(
        mark="▶" if picked else "•",
        name=shown_name(deck.name),
        hero=name_of(deck.hero),
        size=deck.size,
        state="" if deck.ready else deck_words.DECK_LIST_DRAFT,
    )
