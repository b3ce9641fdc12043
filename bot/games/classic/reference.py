"""Classic's ``/rules`` topics and ``/card`` index, in our own words.

Each topic is one screenful on a phone. The full coverage of the rules lives in
``docs/rules/``; this is the reminder a player wants in the middle of a match.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from bot.games.classic.cards_text import face, game
from bot.plugins import CardEntry

# topic id -> (title, text)
TOPICS: Mapping[str, tuple[str, str]] = {
    "goal": (
        "What you are after",
        "Everyone starts at level 1. The first to reach level 10 wins, and that last "
        "level must come from beating a monster. Levels come from fights, from level-up "
        "cards and from buying them with gold (1000 gold a level, never the winning one).",
    ),
    "turn": (
        "Your turn, step by step",
        "1. **Get ready**: you may listen at a pile for a card and 100 gold.\n"
        "2. **Open the door**: turn over the top door card. A monster means a fight; "
        "a curse hits you at once; anything else goes to your hand.\n"
        "3. No fight? **Pick a fight** (with a monster from your hand) or **rummage** (a "
        "card face down into your hand) or search for coins.\n"
        "4. **Tidy up**: more than five cards in hand at the end of your turn and the "
        "extra go to the lowest-level player (or the discard if that is you).",
    ),
    "fight": (
        "Fighting",
        "Your strength is your level plus your worn gear and anything played for you. "
        "The monster's strength is its level plus its boosts. Beat it strictly to win "
        "(a Warrior also wins ties): gain its levels and draw its treasures. Otherwise you "
        "must run. Anyone may step in while the fight is open: boost a monster, send in "
        "another one, or help a side with a one-shot. The fight closes when all pass.",
    ),
    "help": (
        "Asking for help",
        "When you are losing you may ask one other player to join you. Offer them part "
        "of the treasure, who picks first, gold or items from your table, now or only "
        "for a win. They accept, refuse, or name their own price; you then accept, "
        "refuse or answer again (each side counters twice at most). A refusal leaves "
        "you free to ask someone else. The deal is kept to the letter when the fight "
        "ends. An Elf who helps win gains a level too.",
    ),
    "run": (
        "Running away",
        "Roll a die for each monster you flee: 5 or more and you get away. Elves and "
        "Wizards get +1. A failed roll and that monster catches you: lost "
        "levels, lost gear, or worse. Some one-shots can change the roll.",
    ),
    "gear": (
        "Gear and roles",
        "Items go on the table in front of you: one head, one body, one pair of feet, two "
        "hands, and only one Big item unless you are a Dwarf. Only worn items count in a "
        "fight. Races and classes give powers; you may give one up at any time. Sell "
        "items for gold on your turn outside a fight.",
    ),
    "curses": (
        "Curses and death",
        "A curse from the door hits whoever opened it; from a hand it can be played on "
        "anyone. If a monster kills you, the others loot the gear you leave behind and "
        "you come back into play on your next turn.",
    ),
}


def cards() -> Iterator[CardEntry]:
    """Every card of the set in ``data/``, for ``/card``."""
    for card in game().cards:
        yield CardEntry(card.id, face(card), card.copies)
