"""The dice odds the heuristic seat prices its choices with: the exact chance that one side's
total and dice beat the other's (R97, R102, R104), a fight's odds and expected margin as it
stands, and the odds against a monster drawn blind from the public Monster list."""

from __future__ import annotations

from functools import lru_cache

from engine.quest.content import Content
from engine.quest.rules import combat
from engine.quest.state import Fight, QuestState
from engine.quest.stats import (
    has,
    icon_dice,
)

DIE = 3.5


def _dist(n: int) -> list[float]:
    """The distribution of the sum of n six-sided dice (index = total)."""
    out = [1.0]
    for _ in range(n):
        nxt = [0.0] * (len(out) + 6)
        for total, p in enumerate(out):
            for face in range(1, 7):
                nxt[total + face] += p / 6
        out = nxt
    return out


DISTS = [_dist(n) for n in range(9)]


def p_beat(mine: int, my_dice: int, theirs: int, their_dice: int, ties_win: bool = False) -> float:
    """The chance that mine + our dice beats theirs + their dice (R97, R102, R104)."""
    return _p_beat(mine - theirs, max(0, min(8, my_dice)), max(0, min(8, their_dice)), ties_win)


@lru_cache(maxsize=8192)
def _p_beat(lead: int, my_dice: int, their_dice: int, ties_win: bool) -> float:
    """Only the lead matters, so the few hundred cases a game meets are computed once (the
    heuristic asks tens of thousands of times a game, and the strong AI's playouts more)."""
    win = 0.0
    for x, px in enumerate(DISTS[my_dice]):
        if px == 0.0:
            continue
        for y, py in enumerate(DISTS[their_dice]):
            diff = lead + x - y
            if diff > 0 or (ties_win and diff == 0):
                win += px * py
    return win


def fight_odds(s: QuestState, c: Content, f: Fight) -> float:
    mine = combat.side_total(s, c, f)
    my_dice = sum(
        max(0, icon_dice(s, c, k, f.cell) + (f.extra_dice[0] if k == f.main else 0))
        for k in combat.fighters(f)
    )
    theirs = combat.monsters_total(s, c, f)
    their_dice = sum(combat.monster_dice(s, c, f, s.mon(x)) for x in f.mons)
    return p_beat(mine, my_dice, theirs, their_dice, f.warrior)


def explore_odds(s: QuestState, c: Content, seat: int, boss: bool = False) -> float:
    """Our chance against a monster drawn blind from the Monster cards (their list is public),
    with the one-shots we hold thrown in."""
    shots = sum(
        c.treasure(i).amount
        for i in [*s.hand[seat], *(x for x, z in s.gear[seat].items() if z == "belt")]
        if c.deck_of[i] == "T" and c.treasure(i).op == "bonus"
    )
    mine = max(1, s.level[seat]) + combat.gear_bonus(s, c, None, seat) + shots
    dice = max(0, icon_dice(s, c, seat, s.pos[seat]))
    total = 0.0
    for m in c.monsters:
        if boss:
            level = s.boss_level
        else:
            lv = m.ignores
            if (lv.level_at_least and s.level[seat] >= lv.level_at_least) or (
                lv.level_at_most and s.level[seat] <= lv.level_at_most
            ):
                total += 1.0
                continue
            level = m.level
        bonus = sum(b.amount for b in m.bonuses if has(s, c, seat, b.vs))
        total += p_beat(mine, dice, level + bonus, m.dice)
    return total / len(c.monsters)


def expected_margin(s: QuestState, c: Content, f: Fight) -> float:
    """Our side minus theirs with every die at its average (R97, R102)."""
    mine = combat.side_total(s, c, f) + sum(
        DIE * max(0, icon_dice(s, c, k, f.cell) + (f.extra_dice[0] if k == f.main else 0))
        for k in combat.fighters(f)
    )
    theirs = combat.monsters_total(s, c, f) + sum(
        DIE * combat.monster_dice(s, c, f, s.mon(x)) for x in f.mons
    )
    if f.warrior:
        mine += 0.5
    return mine - theirs
