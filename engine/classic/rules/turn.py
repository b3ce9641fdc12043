"""Setup and the four turn phases (# 004: Setup, Turn Phases, Charity)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic.rules.combat import start_combat
from engine.classic.rules.effects import curse, offer_received, start_of_turn
from engine.classic.rules.running import loot_coins
from engine.classic.state import ClassicState, roll_die
from engine.classic.table import COIN, HAND_LIMIT, Table, secret_draw
from engine.core import Action, Event, Rng

START_GOLD = 500


def setup(t: Table, seats: int, seed: int, dice: Sequence[int] = ()) -> ClassicState:
    """# 004: Setup: starred cards make the starting characters (one Door, two Treasures,
    face up, no hand, 500 gold); the rest form the two decks; a die decides who starts."""
    rng = Rng(seed)
    star_doors = [i for i in range(len(t)) if t.defs[i].starter and t.is_door[i]]
    star_treasures = [i for i in range(len(t)) if t.defs[i].starter and not t.is_door[i]]
    rng.shuffle(star_doors)
    rng.shuffle(star_treasures)
    empty: list[list[int]] = [[] for _ in range(seats)]
    s = ClassicState(
        seats=seats,
        rng=rng,
        door=[],
        treasure=[],
        door_discard=[],
        treasure_discard=[],
        hands=[list(x) for x in empty],
        items=[list(x) for x in empty],
        equipped=[list(x) for x in empty],
        roles=[list(x) for x in empty],
        curses=[list(x) for x in empty],
        levels=[1] * seats,
        gold=[START_GOLD] * seats,
        out=[False] * seats,
        dead=[False] * seats,
        redraw=[False] * seats,
        cheats=[list(x) for x in empty],
        hired=[list(x) for x in empty],
    )
    for seat in range(seats):
        s.roles[seat].append(star_doors.pop())
        for _ in range(2):
            card = _deal_starter(t, s, seat, star_treasures)
            s.items[seat].append(card)
            if t.can_equip(s, seat, card):
                s.equipped[seat].append(card)
    dealt = {c for group in s.roles + s.items for c in group}
    s.door = [i for i in range(len(t)) if t.is_door[i] and i not in dealt]
    s.treasure = [i for i in range(len(t)) if not t.is_door[i] and i not in dealt]
    rng.shuffle(s.door)
    rng.shuffle(s.treasure)
    s.dice = [int(d) for d in dice]  # stacked results for the first-player roll (scenarios)
    s.turn = first_player(s)
    return s


def _deal_starter(t: Table, s: ClassicState, seat: int, pile: list[int]) -> int:
    """The next starred Treasure this seat may carry. # 004: Big Items allow one Big item
    (more only with a power such as the Dwarf's), and the starting characters obey it too:
    a Big item the seat has no room for is passed over and stays with the leftovers, which
    go back into the Treasure deck (# 004: Setup, step 2), and the seat gets the next card
    instead (the card set stars few Big items, so a small one is left to deal; a test checks
    every seat count)."""
    for i in range(len(pile) - 1, -1, -1):
        if not t.defs[pile[i]].big or t.big_count(s, seat) < t.max_big(s, seat):
            return pile.pop(i)
    return pile.pop()


def first_player(s: ClassicState) -> int:
    """Everyone rolls; the tied highest roll again (# 004: Starting and Finishing the Game).
    These rolls stay automatic: at setup nobody has a hand and no starting card changes a die,
    so no card could be used on them (# 004: Dealing With Ties)."""
    rolling = list(range(s.seats))
    while len(rolling) > 1:
        rolls = [roll_die(s) for _ in rolling]
        top = max(rolls)
        rolling = [p for p, r in zip(rolling, rolls, strict=True) if r == top]
    return rolling[0]


def phase_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    if s.phase == "listen":
        return [Action(seat, "listen", ("door",)), Action(seat, "listen", ("treasure",))]
    if s.phase == "kick":
        return [Action(seat, "kick")]
    if s.phase == "trouble":
        out = [Action(seat, "loot"), Action(seat, "loot_coins")]
        monsters = sorted({c for c in s.hands[seat] if t.kind[c] == "monster"})
        out.extend(Action(seat, "trouble", (c,)) for c in monsters)
        return out
    if s.phase == "charity":
        return charity_actions(s, seat)
    return []


def charity_actions(s: ClassicState, seat: int) -> list[Action]:
    """# 004: Charity: over five cards, give the excess to the lowest level (evenly among tied
    lowest, the giver choosing who gets leftovers), or discard it when you are lowest."""
    if len(s.hands[seat]) <= HAND_LIMIT:
        return [Action(seat, "end_turn")]
    others = [p for p in range(s.seats) if p != seat and not s.out[p]]
    cards = sorted(set(s.hands[seat]))
    if not others or s.levels[seat] <= min(s.levels[p] for p in others):
        return [Action(seat, "charity_discard", (c,)) for c in cards]
    low = min(s.levels[p] for p in others)
    lowest = [p for p in others if s.levels[p] == low]
    given = [s.used.count(f"gave{p}") for p in lowest]
    fewest = min(given)
    targets = [p for p, g in zip(lowest, given, strict=True) if g == fewest]
    return [Action(seat, "charity_give", (c, p)) for c in cards for p in targets]


def resolve_phase(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> bool:
    seat, k = a.seat, a.kind
    if k == "listen":
        door = a.args[0] == "door"
        s.gold[seat] += COIN
        card = t.draw(s, door)
        if card is not None:
            s.hands[seat].append(card)
            ev.append(secret_draw(seat, card, "door" if door else "treasure"))
        s.phase = "kick"
    elif k == "kick":
        card = t.draw(s, True)
        s.phase = "trouble"
        if card is None:
            return True
        ev.append(Event("kicked", {"seat": seat, "card": card}))
        kind = t.kind[card]
        if kind == "monster":
            s.phase = "kick"  # the fight happens in phase 2; phase 3 is skipped after it
            start_combat(t, s, seat, card, ev)
        elif kind == "curse":
            curse(t, s, seat, card, ev)
        else:
            s.hands[seat].append(card)
    elif k == "trouble":
        card = int(a.args[0])
        s.hands[seat].remove(card)
        start_combat(t, s, seat, card, ev)
    elif k == "loot":
        card = t.draw(s, False)
        if card is not None:
            s.hands[seat].append(card)
            ev.append(secret_draw(seat, card, "treasure"))
        s.phase = "charity"
    elif k == "loot_coins":
        s.phase = "charity"
        loot_coins(s, seat, ev)
    elif k == "charity_give":
        card, to = int(a.args[0]), int(a.args[1])
        s.hands[seat].remove(card)
        s.hands[to].append(card)
        s.used.append(f"gave{to}")
        ev.append(Event("charity", {"seat": seat, "to": to}, {"card": card}, frozenset({seat, to})))
        offer_received(t, s, to, [card], face_down=True)  # 004: played at once, if wanted
    elif k == "charity_discard":
        card = int(a.args[0])
        s.hands[seat].remove(card)
        t.discard(s, card)
        ev.append(Event("charity_discard", {"seat": seat, "card": card}))
    elif k == "end_turn":
        next_turn(t, s, ev)
    else:
        return False
    return True


def next_turn(t: Table, s: ClassicState, ev: list[Event]) -> None:
    """The next live seat to the left; the dead come back as this turn begins, and a seat
    that died draws two cards from each deck to start its own turn (# 004: You Are Dead!)."""
    for step in range(1, s.seats + 1):
        nxt = (s.turn + step) % s.seats
        if not s.out[nxt]:
            break
    s.turn = nxt
    s.turns += 1
    s.phase = "listen"
    s.used.clear()
    s.dead = [False] * s.seats
    ev.append(Event("turn", {"seat": nxt}))
    start_of_turn(t, s, nxt, ev)
    if s.redraw[nxt]:
        s.redraw[nxt] = False
        for door in (True, True, False, False):
            card = t.draw(s, door)
            if card is not None:
                s.hands[nxt].append(card)
                ev.append(secret_draw(nxt, card, "door" if door else "treasure"))
