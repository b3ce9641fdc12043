"""Named Python hooks for the few cards the effect vocabulary cannot express. A card names
its hook in ``hook``; the hook runs when the card's ``reckoning`` ability happens."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event
from engine.duel.state import DuelState
from engine.duel.zones import Defs, eliminate

Hook = Callable[[Defs, DuelState, int, int, list[Event]], None]


def crown_of_ten(defs: Defs, s: DuelState, seat: int, iid: int, ev: list[Event]) -> None:
    """An alternate win (# 000 III.B.3): at level 10 in your reckoning, your opponent is out."""
    if s.level[seat] >= 10:
        ev.append(Event("alternate_win", {"seat": seat, "card": iid}))
        eliminate(s, 1 - seat, "alternate_win", ev)


HOOKS: dict[str, Hook] = {"crown_of_ten": crown_of_ten}


def underdog_gold(defs: Defs, s: DuelState, seat: int, iid: int, ev: list[Event]) -> None:
    """A reckoning ability with a condition (# 000 III.A.1.c): the Hero with more damage
    takes 2 gold from the stockpile."""
    if s.damage[s.heroes[seat]] > s.damage[s.heroes[1 - seat]]:
        s.purse[seat] += 2
        ev.append(Event("gold", {"seat": seat, "amount": 2, "card": iid}))


HOOKS["underdog_gold"] = underdog_gold
