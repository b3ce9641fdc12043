"""Running away (# 004: Running Away): one roll per monster in the runner's order, 5 or
more escapes, Bad Stuff from each monster that catches you, and a chance to change a failed
die with a one-shot."""

from __future__ import annotations

from engine.classic.rules.effects import apply_effects
from engine.classic.state import ClassicState, Pending, roll_die
from engine.classic.table import ESCAPE_ROLL, Table
from engine.core import Action, Event


def flee(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    """# 004: Running Away: one roll per monster, in the runner's order, 5+ escapes."""
    p = s.pending[-1]
    monster = int(a.args[0])
    p.cards.remove(monster)
    if not p.cards:
        s.pending.pop()
    roll = roll_die(s)
    total = roll + t.run_bonus(s, a.seat, monster)
    caught = total < ESCAPE_ROLL
    ev.append(Event("flee", {"seat": a.seat, "monster": monster, "roll": roll, "caught": caught}))
    if caught:
        # A chance to change the die (# 004: Dealing With Ties / one-shots that affect a
        # roll). Owed whether or not the runner holds such a card, so it reveals nothing.
        s.pending.append(Pending("die", a.seat, nums=[monster]))


def die_actions(t: Table, s: ClassicState, seat: int) -> list[Action]:
    out = [Action(seat, "take_it")]
    fixers = set(s.hands[seat]) | set(s.items[seat])
    for card in sorted(fixers):
        if t.kind[card] == "oneshot" and t.defs[card].amount_of("set_die"):
            out.append(Action(seat, "set_die", (card,)))
    return out


def answer_die(t: Table, s: ClassicState, a: Action, ev: list[Event]) -> None:
    p = s.pending.pop()
    monster = p.nums[0]
    if a.kind == "set_die":
        card = int(a.args[0])
        t.take_card(s, a.seat, card)
        t.discard(s, card)
        face = t.defs[card].amount_of("set_die")
        ev.append(Event("die_set", {"seat": a.seat, "card": card, "roll": face}))
        if face + t.run_bonus(s, a.seat, monster) >= ESCAPE_ROLL:
            return
    apply_effects(t, s, a.seat, t.defs[monster].bad_stuff, ev)
