"""Which actions each seat may take now: the only source of legality (DESIGN: legal actions
drive buttons, AI and validation)."""

from __future__ import annotations

from engine.core import PASS, Action
from engine.duel.cards import Ability, DuelCard
from engine.duel.effects import (
    PENDING_ORDER,
    PENDING_RECYCLE,
    PENDING_TARGET,
    ability_candidates,
    smack_targets,
    target_kind,
)
from engine.duel.fight import hire_target_options
from engine.duel.state import DuelState
from engine.duel.zones import (
    Defs,
    abilities_ignored,
    card,
    has_keyword,
    is_weapon,
    rank_total,
    type_of,
)


def deciders(s: DuelState) -> frozenset[int]:
    if s.phase == "over":
        return frozenset()
    if s.pending is not None:
        return frozenset({s.pending.seat})
    if s.window is not None:
        return s.window.waiting_on()
    if s.phase == "mulligan":
        return frozenset(seat for seat in (0, 1) if s.mulligan[seat] < 0)
    if s.phase == "first":  # 000 III.A.1: the roll's winner chooses who goes first
        return frozenset() if s.chooser is None else frozenset({s.chooser})
    if s.phase == "main":
        return frozenset({s.active})
    if s.phase == "reply":
        return frozenset({1 - s.active})
    if s.fight is not None:
        return frozenset({1 - s.fight.attacker})
    return frozenset()


def play_ability(c: DuelCard) -> tuple[int, Ability | None]:
    """The ability a Mischief uses when played: its ``play`` ability, or a Curse's ongoing one
    (which only picks what it sticks to)."""
    for i, a in enumerate(c.abilities):
        if a.when == "play":
            return i, a
    for a in c.abilities:
        if a.when == "ongoing":
            return -1, a
    return -1, None


# Every card that changes a fight's cost, power or defense says it is used "while a (revealed)
# Monster's cost can change": the cost window, before the cheating check (# 000
# III.A.2.f.(I).(B).1). ``tests/engine/duel/test_card_timing.py`` holds texts and engine together.
FIGHT_CHANGE_STEPS = ("cost",)


def _targets_for(defs: Defs, s: DuelState, a: Ability | None, seat: int) -> list[int] | None:
    """Possible targets (``[-1]`` when none is needed); ``None`` when it may not be used."""
    if a is None:
        return [-1]
    kind = target_kind(a)
    for e in a.effects:
        if e.target == "stack" and not s.stack:
            return None  # 000 II.A.1.b: nothing to target, cannot be played
        if e.target == "fight" and (s.fight is None or s.fight.step not in FIGHT_CHANGE_STEPS):
            return None  # only while the revealed Monster's cost can change
    if kind == "none":
        return [-1]
    found = ability_candidates(defs, s, a, seat)  # a heal: only damaged cards (000 IV Heal)
    return found or None


def _changes_cost(a: Ability | None) -> bool:
    return a is not None and any(e.op == "cost" and e.target == "fight" for e in a.effects)


def _mischief(
    defs: Defs, s: DuelState, seat: int, in_window: bool, cost_ok: bool = False
) -> list[Action]:
    out: list[Action] = []
    for iid in sorted(set(s.hand[seat])):
        c = card(defs, s, iid)
        if c.type != "mischief" or c.cost > s.purse[seat]:
            continue
        _, a = play_ability(c)
        if in_window and not c.is_interrupt and not (cost_ok and _changes_cost(a)):
            continue
        if a is not None and _only_heals_you(a) and not s.damage[s.heroes[seat]]:
            continue  # 000 IV Heal: a card without damage cannot be healed
        targets = _targets_for(defs, s, a, seat)
        if targets is None:
            continue
        for t in targets:
            out.append(Action(seat, "play", (iid, t, 0)))
            if c.give_blood:  # 000 IV Give Blood: optional, even when it would be fatal
                out.append(Action(seat, "play", (iid, t, 1)))
    return out


def _only_heals_you(a: Ability) -> bool:
    return bool(a.effects) and all(e.op == "heal" and e.target == "you" for e in a.effects)


def controlled_in_play(s: DuelState, seat: int) -> list[int]:
    cards = [s.heroes[seat], *s.hoard[seat]]
    cards += [i for i in s.stash[seat] if i in s.face_up]
    return cards


def _abilities(
    defs: Defs, s: DuelState, seat: int, in_window: bool, cost_ok: bool = False
) -> list[Action]:
    out: list[Action] = []
    for iid in controlled_in_play(s, seat):
        if abilities_ignored(defs, s, iid):
            continue  # 000 IV Monstrous: a stashed survivor keeps no other abilities
        c = card(defs, s, iid)
        for idx, a in enumerate(c.abilities):
            if a.when != "activate":
                continue
            if in_window and not a.is_interrupt and not (cost_ok and _changes_cost(a)):
                continue
            if a.zap and iid in s.zapped:
                continue  # 000 II.A.13: a zap cost needs an unzapped card
            if a.sketchy and not s.cheated[seat]:
                continue  # 000 IV Sketchy
            if a.cost > s.purse[seat]:
                continue
            if any(e.op == "cash_in" for e in a.effects) and not s.tokens[iid]:
                continue
            if _only_heals_you(a) and not s.damage[s.heroes[seat]]:
                continue  # 000 IV Heal: a card without damage cannot be healed
            targets = _targets_for(defs, s, a, seat)
            for t in targets or ():
                out.append(Action(seat, "activate", (iid, idx, t)))
    return out


def _flaunts(defs: Defs, s: DuelState, seat: int) -> list[Action]:
    out: list[Action] = []
    for iid in sorted(set(s.hand[seat])):
        if iid in s.flaunted:
            continue
        for idx, a in enumerate(card(defs, s, iid).abilities):
            if _only_heals_you(a) and not s.damage[s.heroes[seat]]:
                continue  # 000 IV Heal
            if a.when == "flaunt" and a.cost <= s.purse[seat]:
                for t in _targets_for(defs, s, a, seat) or ():
                    out.append(Action(seat, "flaunt", (iid, idx, t)))
    return out


def _munchkining(defs: Defs, s: DuelState, seat: int) -> list[Action]:
    """# 000 III.A.2: the active player's actions."""
    out: list[Action] = []
    has_location = any(type_of(defs, s, i) == "location" for i in s.hoard[seat])
    ranks = rank_total(defs, s, seat)
    for iid in sorted(set(s.hand[seat])):
        c = card(defs, s, iid)
        if c.type == "loot" and ranks <= s.level[seat] and ranks + c.rank <= s.level[seat]:
            out.append(Action(seat, "loot", (iid,)))  # 000 III.A.2.a, I.D.3
        elif c.type == "location" and not has_location:
            out.append(Action(seat, "location", (iid,)))  # 000 III.A.2.c
        elif c.type == "ally" and c.cost <= s.purse[seat]:
            out.append(Action(seat, "ally", (iid,)))  # 000 III.A.2.e
    for iid in s.hoard[seat]:
        if iid not in s.zapped and type_of(defs, s, iid) in ("loot", "location"):
            out.append(Action(seat, "squish", (iid,)))  # 000 III.A.2.b, III.A.2.d
    for iid in sorted(set(s.hand[seat])):
        for gold in range(s.purse[seat] + 1):
            out.append(Action(seat, "fight", (iid, gold)))  # 000 III.A.2.f
    for iid in controlled_in_play(s, seat):
        if has_keyword(defs, s, iid, "smack") and iid not in s.zapped:
            for t in smack_targets(defs, s):
                out.append(Action(seat, "smack", (iid, t)))  # 000 IV Smack
    out += _mischief(defs, s, seat, in_window=False)
    out += _abilities(defs, s, seat, in_window=False)
    out += _flaunts(defs, s, seat)
    out.append(Action(seat, "done"))
    return out


def legal_actions(defs: Defs, s: DuelState, seat: int) -> list[Action]:
    if seat not in deciders(s):
        return []
    if s.pending is not None and s.pending.kind == PENDING_ORDER:
        return [Action(seat, "order", (code,)) for code in s.pending.codes]
    if s.pending is not None and s.pending.kind == PENDING_RECYCLE:
        return [Action(seat, "recycle", (0,)), Action(seat, "recycle", (1,))]
    if s.pending is not None and s.pending.kind == PENDING_TARGET:
        return [Action(seat, "target", (iid,)) for iid in hire_target_options(defs, s)]
    if s.pending is not None:
        return [Action(seat, "bottom", (iid,)) for iid in sorted(set(s.hand[seat]))]
    if s.window is not None and s.window.kind == "warmup" and not s.stack:
        # 000 III.A.1.b: after unzapping and with nothing resolving, anything may be played
        return [
            Action(seat, PASS),
            *_mischief(defs, s, seat, False),
            *_abilities(defs, s, seat, False),
            *_flaunts(defs, s, seat),
        ]
    if s.window is not None:
        # 000 II.A.1.a: while something resolves only interrupts; in the cost window with
        # nothing on the stack any card or ability that changes the cost may be used too
        # (# 000 III.A.2.f.(I).(B).1).
        cost_ok = s.window.kind == "cost" and not s.stack
        return [
            Action(seat, PASS),
            *_mischief(defs, s, seat, True, cost_ok),
            *_abilities(defs, s, seat, True, cost_ok),
        ]
    if s.phase == "mulligan":
        return [Action(seat, "keep"), Action(seat, "mulligan")]
    if s.phase == "first":
        return [Action(seat, "first", (0,)), Action(seat, "first", (1,))]
    if s.phase == "main":
        return _munchkining(defs, s, seat)
    if s.phase == "reply":
        return [
            Action(seat, PASS),
            *_mischief(defs, s, seat, False),
            *_abilities(defs, s, seat, False),
            *_flaunts(defs, s, seat),
        ]
    f = s.fight
    if f is None:
        return []
    if f.step == "run":
        # Nothing is resolving while the defender decides, so Mischief and abilities are open.
        return [
            Action(seat, "face"),
            Action(seat, "run"),
            *_mischief(defs, s, seat, in_window=False),
            *_abilities(defs, s, seat, in_window=False),
        ]
    if f.step == "ready":
        ready = [Action(seat, "ready")]
        for iid in s.hoard[seat]:
            committable = is_weapon(defs, s, iid) or type_of(defs, s, iid) == "ally"
            if committable and iid not in s.zapped:
                ready.append(Action(seat, "commit", (iid,)))
        # 000 II.A.1: while readying, nothing is resolving, so the defender may also play
        # Mischief and activate abilities.
        ready += _mischief(defs, s, seat, in_window=False)
        ready += _abilities(defs, s, seat, in_window=False)
        return ready
    if f.step == "split":
        allies = [i for i in f.committed if type_of(defs, s, i) == "ally"]
        return [Action(seat, "allot", (iid,)) for iid in allies]
    return []
