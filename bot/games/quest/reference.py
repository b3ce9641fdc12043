"""Quest's ``/rules`` topics and ``/card`` index, in our own words.

Each topic is one screenful on a phone; the full coverage of the rules lives in
``docs/rules/quest.md``. The card index holds the three decks and the room faces.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from bot.games.quest.cards import game
from bot.plugins import CardEntry
from bot.render.pictures import CardFace

# topic id -> (title, text)
TOPICS: Mapping[str, tuple[str, str]] = {
    "goal": (
        "What you are after",
        "Everyone starts at level 1 in the Entrance, a human with no class. Reach level 10 "
        "(the last level only by beating a monster), walk back to the Entrance and beat the "
        "Boss that appears there. If every player is dead at once, the monsters win.",
    ),
    "turn": (
        "Your turn, step by step",
        "1. **Draw** a Twist card.\n"
        "2. **Move**: you have 3 Move points. Going through a door or "
        "a passage costs 1, a locked or hidden door 3; searching and most deals cost 1. "
        "Once a turn, with no Move spent yet, you may go all in through any exit.\n"
        "3. **Charity**: more than five cards in hand and the extras go to the lowest level "
        "player.\n"
        "4. **Monster turn**: the monster die is rolled and the monsters move.",
    ),
    "map": (
        "The map",
        "The table shows the dungeon as text: each room is three characters, a seat number "
        "(or `+` for several) where people stand, the room's letter (`E` is the Entrance) and "
        "`m` (or a number) for monsters. Between rooms: `-` or `|` an open passage, `d` a "
        "door, `L` locked, `h` hidden, `#` a wall. The lines under it name the rooms people "
        "and monsters are in.",
    ),
    "explore": (
        "Exploring",
        "Going through a link with no room behind it lays a new room there, with links on "
        "its open sides. You may take a Twist card for exploring. A new room always brings a "
        "monster: the monster die picks its base colour, and whoever owns that colour draws "
        "a card.",
    ),
    "search": (
        "Searching and deals",
        "For 1 Move you may search a room once a turn when no monster is there: roll your "
        "dice plus the room's search number. Low rolls find a monster, middling ones gold, "
        "high ones Treasure. Some rooms offer deals (heal, buy, sell); never with a monster "
        "in the room.",
    ),
    "fight": (
        "Fighting",
        "Meeting a monster on your turn starts a fight. Your side is your level, your items "
        "and one die (room icons add or take dice); the monster's is its level, bonuses and "
        "its dice, rolled by the owner of its base colour. Ask one person in or next to your "
        "room for help with a share of the Treasure, gold or an item. Win: a level and its "
        "Treasure. Lose or tie: a hit per monster, then run.",
    ),
    "run": (
        "Running away",
        "Pick an explored room next to yours, then roll a die per monster: 5 or more gets "
        "you away from it, anything else and it catches you (what it does is on its card). "
        "With nowhere to run, every monster catches you at once.",
    ),
    "health": (
        "Health and death",
        "You have 4 Health plus your bonuses. Each hit takes one; at none left you die: "
        "your items and gold drop in that room, you lose a level and your hand, and you come "
        "back at the Entrance at your next turn. Outside a fight you may give up a level to "
        "heal.",
    ),
    "monsters": (
        "The monster turn",
        "After each player's turn the monster die picks a colour. Every monster follows the "
        "arrow of that colour out of its room, room after room, until no arrow leads on. "
        "Locked and hidden doors and walls stop most of them; nobody stops in the Entrance. "
        "Fast monsters go one room more, slow ones one room only, lurkers never move.",
    ),
    "quick": (
        "The quick game",
        "A lobby's host may choose the quick game: the Boss at the Entrance is Level 14 "
        "instead of 20, and dice may be changed only in fights, so there are far fewer "
        "rolls to answer. Everything else is the rulebook game.",
    ),
}


# A Twist card's kind -> the tile's line: the kinds are the SPEC's names for the card types,
# several of them the original game's card names, which players must not see.
TWIST_KINDS: Mapping[str, str] = {
    "half_breed": "two races",
    "super_munchkin": "two classes",
    "wander": "extra monster",
    "mate": "extra monster",
    "levelup": "level",
    "set_die": "die changer",
    "extra_die": "extra die",
    "link_to": "map changer",
    "teleport": "magic move",
    "ignore_me": "repellent",
    "cheat": "item trick",
}


def cards() -> Iterator[CardEntry]:
    """Every monster, Treasure, Twist card and room face of the dungeon in ``data/``."""
    c = game().content
    for m in c.monsters:
        line = f"{m.size} · {m.move}"
        stat = f"L{m.level}"
        text = m.text or f"{m.dice} dice, {m.treasures} Treasures"
        yield CardEntry(m.id, CardFace(m.name, "monster", line, stat, text), m.copies)
    for t in c.treasures:
        line = " · ".join(
            x for x in (t.slot, "one-shot" if t.oneshot else "", "Big" if t.big else "") if x
        )
        stat = f"+{t.bonus}" if t.bonus else (f"{t.value}g" if t.value else "")
        yield CardEntry(t.id, CardFace(t.name, "treasure", line or "item", stat, t.text), t.copies)
    for d in c.dxm:
        kind = TWIST_KINDS.get(d.kind, d.kind)
        yield CardEntry(d.id, CardFace(d.name, "dxm", kind, "", d.text), d.copies)
    for r in c.rooms:
        search = "no search" if r.search == "none" else f"search {r.search:+d}"
        deals = ", ".join(deal.name for deal in r.deals)
        line = " · ".join(x for x in (search, deals) if x)
        yield CardEntry(r.id, CardFace(r.name, "room", line, "", r.text), r.copies)
