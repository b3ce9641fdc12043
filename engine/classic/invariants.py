"""Checks that must hold after every action (used by property tests and ``simulate --check``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.classic.state import ClassicState

if TYPE_CHECKING:
    from engine.classic.game import Classic


def invariants(game: Classic, s: ClassicState) -> list[str]:
    problems: list[str] = []
    zones = s.all_zones()
    count = sum(len(zone) for zone in zones)
    seen: set[int] = set().union(*zones)
    n = len(game.table)
    if count != n or len(seen) != n or min(seen, default=0) < 0 or max(seen, default=n) >= n:
        problems.append("a card is missing from every zone or sits in two")
    for seat in range(s.seats):
        if s.gold[seat] < 0:
            problems.append(f"seat {seat} has negative gold")
        if not 1 <= s.levels[seat] <= 10:
            problems.append(f"seat {seat} has level {s.levels[seat]}")
        if any(card not in s.items[seat] for card in s.equipped[seat]):
            problems.append(f"seat {seat} equips an item it does not carry")
        pairs = s.hired[seat]
        if any(c not in s.equipped[seat] for c in pairs[0::2]) or any(
            c not in s.items[seat] for c in pairs[1::2]
        ):
            problems.append(f"seat {seat} has a hireling pairing off its table")
    if game.outcome(s) is None and not any(
        game.legal_actions(s, seat) for seat in game.deciders(s)
    ):
        problems.append("live game and no decider has a legal action")
    return problems


def visible_cards(data: dict[str, object]) -> set[int]:
    """Every card id a view shows, from its card-bearing fields."""
    out: set[int] = set()

    def add(value: object) -> None:
        if isinstance(value, int) and not isinstance(value, bool):
            out.add(value)
        elif isinstance(value, list):
            for v in value:
                add(v)

    for key in ("items", "equipped", "roles", "curses", "cheats", "hired", "corpse", "hand"):
        add(data.get(key))
    add(data.get("door_discard_top"))
    add(data.get("treasure_discard_top"))
    fight = data.get("combat")
    if isinstance(fight, dict):
        add(fight.get("monsters"))
        add(fight.get("played"))
    pending = data.get("pending")
    if isinstance(pending, dict):
        add(pending.get("cards"))
    return out


def hidden_from(s: ClassicState, seat: int | None) -> set[int]:
    """Cards ``seat`` must not see: other hands and both decks."""
    hidden = set(s.door) | set(s.treasure)
    for p in range(s.seats):
        if p != seat:
            hidden |= set(s.hands[p])
    return hidden
