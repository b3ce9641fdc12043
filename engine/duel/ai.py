"""AI players. ``random`` picks any legal action; ``heuristic`` plays sensibly: commits real
Monsters it can pay for, sometimes bluffs with a non-Monster and plausible gold, runs from fights
it would lose badly, answers the opponent's abilities with interrupts.

The heuristic judges a face-down commit only from what the defender may know (# 000 II.A.9):
the gold committed, the public card pool and its own cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core import PASS, Action, Rng
from engine.duel.ai_value import GOLD, ZAP, ability_value, damage_coming, entry_value
from engine.duel.cards import Ability
from engine.duel.effects import NEEDS_TARGET
from engine.duel.legal import play_ability
from engine.duel.state import DuelState
from engine.duel.zones import card, defense_of, is_weapon, power_of, type_of

if TYPE_CHECKING:
    from engine.duel.game import Duel


def choose(game: Duel, s: DuelState, seat: int, rng: Rng, level: str = "normal") -> Action:
    legal = game.legal_actions(s, seat)
    if level == "random" or len(legal) == 1:
        return rng.choice(legal)
    return _heuristic(game, s, seat, legal, rng)


def _score(game: Duel, s: DuelState, seat: int, a: Action, bluff: bool) -> float:
    defs = game.defs
    k = a.kind
    if k in ("keep", "ready", "face"):
        return 1.0
    if k == "mulligan":
        return 0.0
    if k == "first":
        return 1.0 if a.args[0] == seat else 0.0
    if k == PASS:
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
        if bluff and gold == s.purse[seat] >= 2:
            # An occasional bluff: gold a real Monster would need; caught cheating costs 1
            # damage and the gold comes back (# 000 III.A.2.f.(I).(B).(2.1)).
            return 5.5
        return -5.0
    if k == "play":
        iid, target, blood = int(a.args[0]), int(a.args[1]), int(a.args[2])
        c = card(defs, s, iid)
        hero = s.heroes[seat]
        if blood and s.damage[hero] + c.give_blood + 3 >= card(defs, s, hero).life:
            return -10.0  # never bleed to death for a bonus
        if target >= 0 and target in s.heroes:
            return 4.0 if target == s.heroes[1 - seat] else -5.0
        if _fight_ops(c.abilities):
            return 3.0 if _fight_gain(s, seat, c.abilities) > 0 else -1.0
        if _prevents(c.abilities):
            return 3.0 if _threatened(game, s, seat) else -1.0
        if _cancels(c.abilities):
            return 3.0 if _hurts_me(game, s, seat) else -1.0
        _, played = play_ability(c)
        if played is not None and ability_value(defs, s, seat, iid, played, target) < 0:
            return -1.0  # healing the opponent's card, hurting one's own
        return 3.0
    if k in ("activate", "flaunt"):
        return _ability_score(game, s, seat, a)
    if k == "order":
        return 1.0 if int(a.args[0]) >= 0 else 0.0  # heal before bleeding
    if k == "recycle":
        return 1.0 if int(a.args[0]) == (len(s.deck[seat]) > 8) else 0.0
    if k == "target":  # a triggered ability's target: what it does there, then the weakest
        iid = int(a.args[0])
        entry = next(e for e in reversed(s.stack) if e.target == NEEDS_TARGET)
        ability = card(defs, s, entry.source).abilities[entry.ability]
        value = ability_value(defs, s, seat, entry.source, ability, iid)
        return value * 10 - float(card(defs, s, iid).life - s.damage[iid]) * 0.1
    if k == "allot":  # the Ally with the most life left after the tokens already named
        iid = int(a.args[0])
        named = s.fight.allotted.count(iid) if s.fight is not None else 0
        return float(card(defs, s, iid).life - s.damage[iid] - named)
    if k == "bottom":
        return -float(card(defs, s, int(a.args[0])).cost)
    return 0.0


BLUFF_ODDS = 6
ABILITY_BASE = 0.4  # just under a pass (0.5): an ability worth nothing is not used
# How a fight modifier helps the defender, per point (the attacker wants the opposite).
DEFENDER_WANTS = {"cost": 1, "power": -1, "defense": 1}


def _fight_ops(abilities: Sequence[Ability]) -> bool:
    return any(e.target == "fight" for a in abilities for e in a.effects)


def _prevents(abilities: Sequence[Ability]) -> bool:
    return any(e.op == "prevent" for a in abilities for e in a.effects)


def _cancels(abilities: Sequence[Ability]) -> bool:
    return any(e.op == "cancel" for a in abilities for e in a.effects)


def _threatened(game: Duel, s: DuelState, seat: int) -> bool:
    """Damage may be coming: a revealed Monster about to hit this defender, or a waiting stack
    entry that damages this Hero (the opponent's ability, one's own Bleeding)."""
    f = s.fight
    if f is not None and f.attacker != seat and f.step in ("cost", "hire"):
        return True
    return damage_coming(game.defs, s, seat) > 0


def _hurts_me(game: Duel, s: DuelState, seat: int) -> bool:
    """The entry a Cancel would hit is bad for ``seat`` (# 000 IV Cancel)."""
    return bool(s.stack) and entry_value(game.defs, s, seat, s.stack[-1]) < 0


def _ability_score(game: Duel, s: DuelState, seat: int, a: Action) -> float:
    """An activated or flaunted ability: what its effects are worth now, less its gold and
    what zapping the card costs (a zapped Weapon or Ally cannot defend until unzapped)."""
    defs = game.defs
    iid, idx, target = int(a.args[0]), int(a.args[1]), int(a.args[2])
    ability = card(defs, s, iid).abilities[idx]
    if _fight_ops((ability,)):
        return 3.0 if _fight_gain(s, seat, (ability,)) > 0 else -1.0
    if _prevents((ability,)):
        return 3.0 if _threatened(game, s, seat) else -1.0
    if _cancels((ability,)):
        return 3.0 if _hurts_me(game, s, seat) else -1.0
    value = ability_value(defs, s, seat, iid, ability, target) - ability.cost * GOLD
    if ability.zap and a.kind == "activate":
        committable = is_weapon(defs, s, iid) or type_of(defs, s, iid) == "ally"
        value -= 1.0 + power_of(defs, s, iid) * 0.5 if committable else ZAP
    return ABILITY_BASE + value


def _fight_gain(s: DuelState, seat: int, abilities: Sequence[Ability]) -> int:
    """How much a fight modifier helps ``seat`` (positive: worth playing)."""
    f = s.fight
    if f is None:
        return 0
    side = 1 if seat != f.attacker else -1
    return sum(
        side * DEFENDER_WANTS.get(e.op, 0) * e.amount
        for a in abilities
        for e in a.effects
        if e.target == "fight"
    )


BAD_FIGHT = 4  # damage to the Hero worth running from even when it is not fatal


def worst_fight(game: Duel, s: DuelState, seat: int) -> int:
    """The most damage the defender's Hero could take from a Monster the committed gold can
    hire, after its unzapped Weapons, Allies and Armor: 0 when no such Monster exists (the
    attacker is bluffing) or the Allies would take the damage instead."""
    f = s.fight
    assert f is not None
    defs = game.defs
    ready = [i for i in s.hoard[seat] if i not in s.zapped]
    weapons = sum(power_of(defs, s, i) for i in ready if is_weapon(defs, s, i))
    defense = sum(defense_of(defs, s, i) for i in ready)
    if any(type_of(defs, s, i) == "ally" for i in ready):
        return 0
    worst = 0
    for c in defs:
        x = c.keywords.get("monstrous", 0)
        if (c.type == "monster" or x) and (x or c.cost) <= f.gold:
            life, power = (x, x) if x else (c.life, c.power)
            if weapons < life:
                worst = max(worst, power - defense)
    return worst


def _defend(game: Duel, s: DuelState, seat: int) -> Action | None:
    """Run (or limp, for 2 damage) from a fight that could kill or badly hurt the Hero."""
    hero = s.heroes[seat]
    left = card(game.defs, s, hero).life - s.damage[hero]
    worst = worst_fight(game, s, seat)
    fatal = worst >= left
    if not s.limp[seat] and (fatal or worst >= BAD_FIGHT):
        return Action(seat, "run")
    if s.limp[seat] and fatal and left > 2 and worst > 2:
        return Action(seat, "run")  # limping away costs 2 damage, less than the blow
    return None


def _heuristic(game: Duel, s: DuelState, seat: int, legal: list[Action], rng: Rng) -> Action:
    f = s.fight
    if f is not None and f.step == "run" and 1 - f.attacker == seat and s.window is None:
        escape = _defend(game, s, seat)
        if escape is not None:
            return escape
    # One bluff decision per choice, so a hand full of non-Monsters does not bluff more often.
    bluff = s.phase == "main" and rng.below(BLUFF_ODDS) == 0
    scores = [_score(game, s, seat, a, bluff) for a in legal]
    best = max(scores)
    return rng.choice([a for a, sc in zip(legal, scores, strict=True) if sc >= best])
