"""AI players. ``random`` picks any legal action; ``heuristic`` plays sensibly (commits real
Monsters it can pay for, sometimes bluffs, runs from fights it would lose badly, keeps gold
for interrupts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Action, Rng
from engine.duel.state import DuelState
from engine.duel.zones import card, power_of

if TYPE_CHECKING:
    from engine.duel.game import Duel


def choose(game: Duel, s: DuelState, seat: int, rng: Rng, level: str = "normal") -> Action:
    legal = game.legal_actions(s, seat)
    if level == "random" or len(legal) == 1:
        return rng.choice(legal)
    return _heuristic(game, s, seat, legal, rng)


def _score(game: Duel, s: DuelState, seat: int, a: Action, rng: Rng) -> float:
    defs = game.defs
    k = a.kind
    if k in ("keep", "ready", "face"):
        return 1.0
    if k == "mulligan":
        return 0.0
    if k == "first":
        return 1.0 if a.args[0] == seat else 0.0
    if k == "pass":
        return 0.5
    if k == "done":
        return 0.1
    if k in ("loot", "ally", "location"):
        return 5.0
    if k == "squish":
        return -1.0
    if k == "commit":
        return 3.0
    if k == "run":
        return 0.0
    if k == "smack":
        target = int(a.args[1])
        return 4.0 if target == s.heroes[1 - seat] else -1.0
    if k == "fight":
        iid, gold = int(a.args[0]), int(a.args[1])
        c = card(defs, s, iid)
        x = c.keywords.get("monstrous", 0)
        cost = x or c.cost
        if c.type == "monster" or x:
            if gold == cost:
                return 6.0 + power_of(defs, s, iid) * 0.3
            return -2.0
        if c.type == "mischief" and gold == 0 and rng.below(10) == 0:
            return 2.0  # an occasional bluff
        return -5.0
    if k == "play":
        iid, target, blood = int(a.args[0]), int(a.args[1]), int(a.args[2])
        c = card(defs, s, iid)
        hero = s.heroes[seat]
        if blood and s.damage[hero] + c.give_blood + 3 >= card(defs, s, hero).life:
            return -10.0  # never bleed to death for a bonus
        if target >= 0 and target in s.heroes:
            return 4.0 if target == s.heroes[1 - seat] else -5.0
        if c.subtype == "interrupt":
            return 3.0 if s.stack and s.stack[-1][0] != seat else -1.0
        return 3.0
    if k in ("activate", "flaunt"):
        target = int(a.args[2])
        if target >= 0 and target in s.heroes:
            return 4.0 if target == s.heroes[1 - seat] else -5.0
        return 2.5
    if k == "order":
        return 1.0 if int(a.args[0]) >= 0 else 0.0  # heal before bleeding
    if k == "recycle":
        return 1.0 if int(a.args[0]) == (len(s.deck[seat]) > 8) else 0.0
    if k == "target":
        iid = int(a.args[0])
        return -float(card(defs, s, iid).life - s.damage[iid])
    if k == "allot":
        iid = int(a.args[0])
        return float(card(defs, s, iid).life - s.damage[iid])
    if k == "bottom":
        return -float(card(defs, s, int(a.args[0])).cost)
    return 0.0


def _heuristic(game: Duel, s: DuelState, seat: int, legal: list[Action], rng: Rng) -> Action:
    f = s.fight
    if f is not None and f.step == "run" and 1 - f.attacker == seat and not s.limp[seat]:
        defs = game.defs
        weapons = sum(
            power_of(defs, s, i)
            for i in s.hoard[seat]
            if card(defs, s, i).subtype == "weapon" and i not in s.zapped
        )
        if f.gold >= 5 and weapons < f.gold:
            return Action(seat, "run")  # a big paid commit is probably a big Monster
    scores = [_score(game, s, seat, a, rng) for a in legal]
    best = max(scores)
    return rng.choice([a for a, sc in zip(legal, scores, strict=True) if sc >= best])
