"""The ``/rules`` quick reference, in our own words: a few short topics per game.

Each topic is one screenful on a phone. The full coverage of each game's rules lives in
``docs/rules/``; this is the reminder a player wants in the middle of a match.
"""

from __future__ import annotations

from collections.abc import Mapping

# game -> topic id -> (title, text)
TOPICS: Mapping[str, Mapping[str, tuple[str, str]]] = {
    "classic": {
        "goal": (
            "What you are after",
            "Everyone starts at level 1. The first to reach level 10 wins, and that last "
            "level must come from beating a monster. Levels come from fights, from level-up "
            "cards and from buying them with gold (1000 gold a level, never the winning one).",
        ),
        "turn": (
            "Your turn, step by step",
            "1. **Get ready**: you may listen at a pile for a card and 100 gold.\n"
            "2. **Kick open the door**: turn over the top door card. A monster means a fight; "
            "a curse hits you at once; anything else goes to your hand.\n"
            "3. No fight? **Look for trouble** (fight a monster from your hand) or **loot the "
            "room** (a card face down into your hand) or search for coins.\n"
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
            "Wizards get +1. A failed roll lets that monster do its bad stuff to you: lost "
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
            "A curse from the door hits whoever kicked it; from a hand it can be played on "
            "anyone. If bad stuff kills you, the others loot the gear you leave behind and "
            "you come back into play on your next turn.",
        ),
    },
    "duel": {
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
    },
}


def topic_key(game: str, topic: str) -> str:
    return f"{game}.{topic}"


def find_topic(key: str) -> tuple[str, str, str] | None:
    """(game, title, text) for ``game.topic``, or ``None``."""
    game, _, topic = key.partition(".")
    found = TOPICS.get(game, {}).get(topic)
    return (game, *found) if found is not None else None
