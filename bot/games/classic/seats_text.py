"""A classic seat in words: the table's one compact line per seat, and the details behind it
(race and class, gear, curses) that the hand and a spectator's look show in full.

A seat's strength is the engine's own count (``Table.player_strength``, # 004: Combat: level,
the bonuses of the items it may use, hirelings, a curse on its next fight), taken on a state
rebuilt from the view's public fields only: nothing else is in it, so nothing hidden can be
read through it. Outside a fight there is no monster, so a bonus against one (a Cleric's
against the Undead) is not counted; in a fight the picture shows the side's full strength.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.classic import words
from bot.games.classic.cards_text import card_list, game
from bot.render.games import Field
from engine.classic.state import ClassicState
from engine.classic.views import ClassicView
from engine.core import Rng


def strengths(v: ClassicView) -> list[int]:
    """Every seat's combat strength outside a fight, in seat order."""
    n = len(v.levels)
    public = ClassicState(
        n,
        Rng(0),
        [],
        [],
        [],
        [],
        [[] for _ in range(n)],
        [list(x) for x in v.items],
        [list(x) for x in v.equipped],
        [list(x) for x in v.roles],
        [list(x) for x in v.curses],
        list(v.levels),
        list(v.gold),
        list(v.out),
        list(v.dead),
        [False] * n,
        cheats=[list(x) for x in v.cheats],
        hired=[list(x) for x in v.hired],
    )
    table = game().table
    return [table.player_strength(public, seat, None) for seat in range(n)]


def seat_line(v: ClassicView, seat: int, strength: int) -> str:
    """The table's line for a seat: level, strength, cards in hand, gold."""
    return words.SEAT_LINE.format(
        level=v.levels[seat], strength=strength, cards=v.hand_sizes[seat], gold=v.gold[seat]
    )


def seat_details(v: ClassicView, names: Sequence[str]) -> list[Field]:
    """What each seat is, wears, carries and suffers, for seats with any of it (a plain human
    with nothing goes without saying): public, the table's line in full."""
    fields = []
    for seat in range(min(len(names), len(v.levels))):
        lines = []
        if v.roles[seat]:
            lines.append(words.ROLES.format(roles=card_list(v.roles[seat])))
        equipped, items = v.equipped[seat], v.items[seat]
        worn = [c for c in items if c in equipped]
        carried = [c for c in items if c not in equipped]
        if worn:
            lines.append(words.GEAR.format(items=card_list(worn)))
        if carried:
            lines.append(words.CARRIED.format(items=card_list(carried)))
        if v.curses[seat]:
            lines.append(words.CURSES.format(curses=card_list(v.curses[seat])))
        if lines:
            fields.append(Field(names[seat], "\n".join(lines), inline=True))
    return fields
