"""The fight's numbers (# 000 III.A.2.f, II.A.7): the hire cost, power and defense as the
fight's changes leave them, and a change to one of them. Below both the fight's steps
(``fight``) and the effects that change it (``effects``' cost, power and defense ops), so
that neither imports the other to read or change a number."""

from __future__ import annotations

from engine.duel.state import DuelState
from engine.duel.zones import Defs, card, defense_of, monstrous, power_of


def hire_cost(defs: Defs, s: DuelState) -> int:
    f = s.fight
    assert f is not None
    return max(0, unmodified(defs, s, "cost") + f.cost_mod)  # 000 II.A.7: never below 0


def unmodified(defs: Defs, s: DuelState, op: str) -> int:
    """The fight's cost, power or defense before this fight's changes."""
    f = s.fight
    assert f is not None
    if op == "defense":
        return committed_defense(defs, s)
    if f.card is None:
        return 0
    if op == "cost":
        return monstrous(defs, s, f.card) or card(defs, s, f.card).cost
    return power_of(defs, s, f.card)


def modify(defs: Defs, s: DuelState, op: str, amount: int) -> None:
    """Change the fight's ``op`` (cost, power or defense) by ``amount``. # 000 II.A.7: each
    change starts from the value now, never below 0, so a reduction past 0 is partly ignored;
    the fight keeps the net change from the card's own value."""
    f = s.fight
    assert f is not None
    base = unmodified(defs, s, op)
    now = max(0, base + getattr(f, op + "_mod"))
    setattr(f, op + "_mod", max(0, now + amount) - base)


def fight_defense(defs: Defs, s: DuelState) -> int:
    f = s.fight
    assert f is not None
    return max(0, committed_defense(defs, s) + f.defense_mod)


def committed_defense(defs: Defs, s: DuelState) -> int:
    """Committed cards' defense plus the defender's ongoing fight defense."""
    f = s.fight
    assert f is not None
    total = sum(defense_of(defs, s, i) for i in f.committed)
    for iid in s.hoard[1 - f.attacker]:
        for a in card(defs, s, iid).abilities:
            if a.when == "ongoing":
                total += sum(e.amount for e in a.effects if e.op == "defense" and e.target == "you")
    return max(0, total)
