"""Duel's ``/rules`` topics and ``/card`` index, in our own words.

Each topic is one screenful on a phone. The full coverage of the rules lives in
``docs/rules/``; this is the reminder a player wants in the middle of a match.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from bot.games.duel.cards_text import face, game
from bot.plugins import CardEntry

# topic id -> (title, text)
TOPICS: Mapping[str, tuple[str, str]] = {
    "goal": (
        "What you are after",
        "Two players, each with a 40-card deck led by a Hero. Damage your opponent's Hero "
        "until its damage reaches its life. Levels raise how much Loot you can carry: the "
        "ranks of your Loot may not add up past your level.",
    ),
    "turn": (
        "Your turn",
        "The game readies your cards and deals your draw; then in your main phase you may "
        "equip Loot, settle one "
        "Location, hire Allies, squish your own unzapped Loot or Location, use abilities, "
        "play Mischief, and start a fight. End your turn when you are done.",
    ),
    "fight": (
        "Fighting",
        "The attacker picks a card from hand and lays it face down with some gold: the "
        "table sees only a face-down card and the amount. The defender runs away or faces "
        "it, sending in Allies and Weapons. Then the card is revealed: a Monster whose cost "
        "the gold covers is hired and deals its damage; anything else, or too little gold, "
        "and the attacker was caught cheating (1 damage, gold back).",
    ),
    "run": (
        "Running and limping",
        "The first time you run from a fight you simply get away, and your Hero turns to "
        "its limping side. Limp away again and it costs you 2 damage. The attacker's card "
        "goes to their stash face down and the gold back to their purse.",
    ),
    "mischief": (
        "Mischief and answers",
        "Mischief cards are tricks played from hand by paying their cost. Some are "
        "interrupts: they can answer something being played. Answers stack up and resolve "
        "last in, first out, once both players have passed.",
    ),
    "stash": (
        "Stash and hoard",
        "Your hoard is what you have in play (Loot, a Location, Allies). Your stash holds "
        "cards set aside, some face up and some face down; nobody, you included, may look "
        "at the face-down ones.",
    ),
}


def cards() -> Iterator[CardEntry]:
    """Every card of the set in ``data/``, for ``/card``."""
    for card in game().defs:
        yield CardEntry(card.id, face(card), card.copies)
