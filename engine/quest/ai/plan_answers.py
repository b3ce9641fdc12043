"""The heuristic seat's answers when a question waits on it: keep a card, summon or not,
help for a price, ward a curse, what a monster takes, a trade offer, charity, where and how to
run, and the die windows (save our own roll, spoil a leader's)."""

from __future__ import annotations

from engine.core import Action
from engine.quest.action_args import arg, cell
from engine.quest.ai.odds import explore_odds, fight_odds
from engine.quest.ai.plan_choices import Choices, first_of
from engine.quest.ai.plan_stop import answer_stop
from engine.quest.content import Content
from engine.quest.rules import combat, trade
from engine.quest.rules.dice import D10, ROLES
from engine.quest.rules.monsters import ignores
from engine.quest.rules.running import DODGE
from engine.quest.state import Cell, Fight, QuestState
from engine.quest.stats import (
    max_health,
    move,
    power_works,
    run_mod,
)

SUMMON_ODDS = 0.4


def answer_pending(
    s: QuestState, c: Content, seat: int, by: Choices, legal: list[Action]
) -> Action:
    p = s.pending[-1]
    if p.kind == "explore_dxm":
        return by["take"][0]
    if p.kind == "summon":
        # R53: with the tiles gone, a summoned monster is the only new one; take it when a
        # loss leaves us alive and the odds are fair (at Level 10 for its Treasures only)
        need = SUMMON_ODDS if s.level[seat] < 10 else 0.6
        strong = s.hits[seat] + 2 < max_health(s, c, seat) and explore_odds(s, c, seat) >= need
        return by["summon" if strong else "no_summon"][0]
    if p.kind == "base":
        others = [a for a in by["base"] if arg(a, "colour") != seat]
        pool = others or by["base"]
        return max(pool, key=lambda a: s.level[arg(a, "colour")])
    if p.kind == "help":
        f = s.fight
        if f is None:
            return by["decline"][0]
        keen, want_pay = _help_wanted(s, c, seat, f)
        paid = p.data[0] > 0 or (len(p.data) > 1 and (p.data[1] > 0 or p.data[2] >= 0))
        return by["accept" if keen and (paid or not want_pay) else "decline"][0]
    if p.kind == "bid":  # R114: one under the standing price, down to what we would accept
        f = s.fight
        keen, want_pay = _help_wanted(s, c, seat, f) if f is not None else (False, True)
        bids = sorted(by.get("bid", []), key=lambda a: arg(a, "treasures"))
        if keen and bids and arg(bids[-1], "treasures") >= (1 if want_pay else 0):
            return bids[-1]
        return by["no_bid"][0]
    if p.kind == "stop":
        return answer_stop(s, c, seat, by)
    if p.kind == "ring":
        return by["cancel"][0]
    if p.kind == "ward":  # shield ourselves, or a munchkin not ahead of us
        target = p.data[2]
        mine = target == seat or s.level[target] <= s.level[seat]
        return by["ward" if mine else "no_ward"][0]
    if p.kind == "snatch_pick":  # the monster takes the victim's best item
        return max(by["snatch"], key=lambda a: (c.treasure(arg(a, "card")).bonus, arg(a, "card")))
    if p.kind == "lose_pick":  # the least valuable item goes (R144)
        return min(by["lose"], key=lambda a: (c.treasure(arg(a, "card")).value, arg(a, "card")))
    if p.kind == "pack_overflow":  # R149: the least valuable packed item goes to the floor
        return min(by["drop"], key=lambda a: (c.treasure(arg(a, "card")).value, arg(a, "card")))
    if p.kind == "pick_up":  # R153: every dropped card is worth a hand slot or a sale
        return first_of(by, "pick") or by["pick_done"][0]
    if p.kind == "terms":
        return by["withdraw"][0]  # this seat never opens terms; answers them below
    if p.kind == "offer":
        return by["accept_trade" if _fair_trade(s, c, seat) else "refuse_trade"][0]
    if p.kind == "charity":

        def worth(a: Action) -> int:
            card = arg(a, "card")
            return c.treasure(card).value if c.deck_of[card] == "T" else 250

        gives = by.get("charity_give") or by.get("charity_discard") or legal
        return min(gives, key=worth)
    if p.kind == "flee_to":
        if "flee_to" in by:
            return max(
                by["flee_to"],
                key=lambda a: _room_score(s, c, seat, cell(a)),
            )
        return first_of(by, "escape") or legal[0]
    if p.kind == "flee":
        use = first_of(by, "use")
        if use is not None:
            return use
        focus = by.get("focus")
        if focus and len(s.hand[seat]) > 2:
            return focus[0]
        return by["flee"][0]
    return legal[0]


def _help_wanted(s: QuestState, c: Content, seat: int, f: Fight) -> tuple[bool, bool]:
    """Whether helping this fight is likely won and survivable, and whether we want paying
    for it (not from a munchkin ahead of us, nor for the Boss)."""
    trial = f.copy()
    trial.helper = seat
    s2 = s.clone()
    s2.fight = trial
    s2.pos[seat] = f.cell
    odds = fight_odds(s2, c, trial)
    spare = max_health(s, c, seat) - s.hits[seat] - len(f.mons)  # Health left after a loss
    keen = odds >= (0.8 if f.boss else 0.7) and spare >= 2
    return keen, not (s.level[seat] < s.level[f.main] or f.boss)


def _strength(s: QuestState, c: Content, seat: int) -> tuple[int, int, int]:
    return (combat.gear_bonus(s, c, None, seat), move(s, c, seat), max_health(s, c, seat))


def _fair_trade(s: QuestState, c: Content, seat: int) -> bool:
    """Yes when we lose nothing we fight, walk or live with and gain at least the face value
    we give (R152); never when it makes a munchkin close to winning stronger."""
    proposer, give, get, gold = s.pending[-1].data
    trial = s.clone()
    trade.accept(trial, c, seat, [])
    before, after = _strength(s, c, seat), _strength(trial, c, seat)
    if any(a < b for a, b in zip(after, before, strict=True)):
        return False
    if s.level[proposer] >= 8 and _strength(trial, c, proposer) > _strength(s, c, proposer):
        return False
    worth_in = (c.treasure(give).value if give >= 0 else 0) + gold
    worth_out = c.treasure(get).value if get >= 0 else 0
    return worth_in >= worth_out or after > before


def answer_die_window(s: QuestState, c: Content, seat: int, by: Choices) -> Action:
    """Save our own run with a 6; spoil the run of a munchkin ahead of us with a 1."""
    w = s.window
    assert w is not None
    if w.what in D10 and "set_die" in by:  # save our power with a 1, spoil a leader's with 10
        role = {"pickpocket": "thief", "ward": "cleric"}.get(w.what) or ROLES[w.ctx[0]]
        works = power_works(s, c, w.seat, role, w.faces[0])
        want = 1 if w.seat == seat and not works else 0
        if w.seat != seat and works and s.level[w.seat] > s.level[seat]:
            want = 10
        if want and power_works(s, c, w.seat, role, want) != works:
            for a in by["set_die"]:
                if arg(a, "face") == want:
                    return a
    if w.what == "flee" and "set_die" in by:
        dodged = w.faces[0] + run_mod(s, c, w.seat) >= DODGE
        want = 6 if w.seat == seat and not dodged else 0
        if w.seat != seat and dodged and s.level[w.seat] > s.level[seat]:
            want = 1
        for a in by["set_die"]:
            if want and arg(a, "face") == want:
                return a
    return by["pass"][0]


def _room_score(s: QuestState, c: Content, seat: int, cell: Cell) -> float:
    danger = sum(1 for m in s.mons_at(cell) if not ignores(s, c, m, seat))
    score = -10.0 * danger
    if s.level[seat] >= 10:
        score -= abs(cell[0]) + abs(cell[1])
    return score
