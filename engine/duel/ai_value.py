"""What an ability is worth to the heuristic AI: a quick sum over its effects, in rough "damage
points", from the point of view of the seat deciding. Only public facts are read (cards in play,
damage, gold, deck and hand sizes, the stack), so the estimate never depends on a hidden card
(# 000 II.A.9).
"""

from __future__ import annotations

from engine.duel.cards import CHOICE_TARGETS, Ability, Effect
from engine.duel.effects import BLEED_INDEX
from engine.duel.state import DuelState, Entry
from engine.duel.turn import HAND_SIZE
from engine.duel.zones import Defs, card, controller, life_of, power_of, stuck_bonus

# Rough worth of one unit of each op, for the player the effect helps.
GOLD = 0.8
CARD = 1.0
SPILL = 0.4
LOOK = 0.3
REVEAL = 0.5
RECYCLE = 0.3
TOKEN = 0.7
ZAP = 0.3  # a zapped card cannot be committed or zapped again this round
LOW_DECK = 5  # fewer cards than this: drawing starts to risk being decked (# 000 III.A.1.e)


def card_worth(defs: Defs, s: DuelState, iid: int) -> float:
    """What losing a card in play costs its controller (a Hero is worth the game)."""
    if iid in s.heroes:
        return 20.0
    c = card(defs, s, iid)
    return 1.0 + c.cost * 0.5 + c.rank + power_of(defs, s, iid) * 0.5 + c.defense


def _side(s: DuelState, seat: int, who: int) -> int:
    """+1 when ``who`` (a Hero or a card in play) is on ``seat``'s side, else -1."""
    if who in s.heroes:
        return 1 if s.heroes.index(who) == seat else -1
    return 1 if controller(s, who) == seat else -1


def _receiver(s: DuelState, user: int, e: Effect, target: int) -> int:
    """The Hero or card the effect lands on (-1: none)."""
    if e.target in CHOICE_TARGETS:
        return target
    if e.target == "you":
        return s.heroes[user]
    if e.target == "opponent":
        return s.heroes[1 - user]
    return -1


def effect_value(defs: Defs, s: DuelState, user: int, e: Effect, target: int) -> float:
    """The worth of one effect to its user (positive: good for the user)."""
    x = max(0, e.amount)
    if e.target == "each_hero":
        return 0.0  # both Heroes alike: a wash
    who = _receiver(s, user, e, target)
    if e.target in CHOICE_TARGETS and who < 0:
        return 0.0
    side = _side(s, user, who) if who >= 0 else 1
    op = e.op
    if op == "damage":
        if who in s.heroes:
            return -side * float(x)
        left = life_of(defs, s, who) - s.damage[who]
        return -side * (card_worth(defs, s, who) if x >= left else x * 0.5)
    if op == "heal":
        return side * float(min(x, s.damage[who])) if who >= 0 else 0.0
    if op in ("draw", "spill"):
        seat = s.heroes.index(who) if who in s.heroes else user
        mine = 1 if seat == user else -1
        if op == "draw":
            risky = len(s.deck[seat]) < LOW_DECK or len(s.hand[seat]) >= HAND_SIZE + 3
            return mine * x * (0.2 if risky else CARD)
        return -mine * x * SPILL
    if op == "gold":
        return side * x * GOLD
    if op == "steal":
        return min(x, s.purse[1 - user]) * GOLD * 1.5
    if op == "give":
        return -min(x, s.purse[user]) * GOLD * 1.5
    if op == "bleeding":
        return -side * float(x)
    if op in ("remove", "squish", "stash", "control"):
        worth = card_worth(defs, s, who) if who >= 0 else 0.0
        return -side * worth * (0.5 if op == "stash" else 1.0) + (worth if op == "control" else 0)
    if op == "look":
        return LOOK
    if op == "reveal":
        return REVEAL
    if op == "recycle":
        return RECYCLE
    if op == "collect":
        return x * TOKEN
    if op == "unzap":
        return side * 0.5
    if op == "animate":
        return 0.5 * side
    return 0.0


def ability_value(
    defs: Defs, s: DuelState, user: int, source: int, ability: Ability, target: int
) -> float:
    """The worth of ``ability`` (on ``source``) resolving for ``user``; fight, prevent and
    cancel effects are judged by the caller, which knows the moment."""
    total = 0.0
    for e in ability.effects:
        if e.blood:
            continue
        if e.op == "cash_in":
            total += s.tokens[source] * GOLD
        else:
            total += effect_value(defs, s, user, e, target)
    return total


def entry_value(defs: Defs, s: DuelState, seat: int, entry: Entry) -> float:
    """What a waiting stack entry is worth to ``seat`` when it resolves (negative: it hurts)."""
    owner, source, idx, target = entry[:4]
    sign = 1.0 if owner == seat else -1.0
    if idx == BLEED_INDEX:  # 000 IV Bleeding: the entry's controller takes the damage
        hero = s.heroes[owner]
        return -sign * float(s.bleed[owner] + stuck_bonus(defs, s, hero, "bleeding"))
    if idx == -2:  # 000 IV Smack: 1 damage
        return -float(_side(s, seat, target)) if target >= 0 else 0.0
    if idx < 0:
        return 0.0
    ability = card(defs, s, source).abilities[idx]
    return sign * ability_value(defs, s, owner, source, ability, target)


def damage_coming(defs: Defs, s: DuelState, seat: int) -> int:
    """Damage the waiting stack entries would deal to ``seat``'s Hero (for Prevent)."""
    hero = s.heroes[seat]
    total = 0
    for entry in s.stack:
        owner, source, idx, target = entry[:4]
        if idx == BLEED_INDEX and owner == seat:
            total += s.bleed[seat] + stuck_bonus(defs, s, hero, "bleeding")
        elif idx == -2 and target == hero:
            total += 1
        elif idx >= 0:
            for e in card(defs, s, source).abilities[idx].effects:
                hits = e.target == "each_hero" or _receiver(s, owner, e, target) == hero
                if e.op == "damage" and hits:
                    total += max(0, e.amount)
    return total
