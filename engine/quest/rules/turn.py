"""The turn's steps (R33–R39, SPEC 3.5): return to life, the DxM draw, the Boss check and
forced fights, the fight's stages, Charity, the Monster Turn and the next seat."""

from __future__ import annotations

from engine.core import Event
from engine.quest.cards import pickpocket_result, ward_result
from engine.quest.content import Content
from engine.quest.rules import combat, dice
from engine.quest.rules.effects import return_to_life, stale_pick
from engine.quest.rules.monsters import (
    draw_dxm,
    give_base,
    ignores,
    monster_turn,
    move_all,
    new_monster,
    remove,
)
from engine.quest.rules.movement import deal_roll_result, room_roll_result, search_result
from engine.quest.rules.running import flee_result
from engine.quest.rules.trade import pay_bribe
from engine.quest.state import Pending, QuestState
from engine.quest.stats import alive, overflowing

HAND_LIMIT = 5  # R69


def others_alive(s: QuestState, seat: int) -> list[int]:
    return [k for k in range(s.seats) if k != seat and not s.out[k]]


def window_seats(s: QuestState) -> list[int]:
    """Who answers the fight's windows: every seat still in the match (the dead may play
    cards that do not touch their own character, R127), minus who has passed."""
    f = s.fight
    assert f is not None
    if f.stage == "rolling":
        return [k for k in others_alive(s, f.main) if k not in f.passed]
    return [k for k in range(s.seats) if not s.out[k] and k not in f.passed]


def settle(s: QuestState, c: Content, ev: list[Event]) -> None:
    """Run every automatic step until the match waits on a decision."""
    for _ in range(1000):
        while s.pending and stale_pick(s, c):
            s.pending.pop()
        if s.window is not None and s.phase == "play":
            if dice.window_seats(s):
                return
            close_window(s, c, ev)
            continue
        if s.phase != "play" or s.pending:
            return
        over = overflowing(s, c) if s.fight is None else None
        if over is not None:  # R149: a third packed item must be given away or dropped
            s.pending.append(Pending("pack_overflow", over))
            return
        f = s.fight
        if f is not None:
            f.mons = [x for x in f.mons if any(m.serial == x for m in s.mons)]
            if s.dead[f.main] or s.pos[f.main] != f.cell or not f.mons:
                end_fight(s, c, ev)
                continue
            if f.stage in ("rolling", "after") and not window_seats(s):
                if f.stage == "rolling":
                    combat.roll_dice(s, c, f, ev)
                    f.stage = "after"
                    f.passed = []
                    if combat.after_window_needed(s, c, f):
                        return
                resolve(s, c, ev)
                continue
            return
        for m in [m for m in s.mons if m.boss or m.cell == (0, 0)]:
            remove(s, m)  # the Boss and its fight's monsters vanish; none rests there (R2, R124)
        seat = s.turn
        if s.dead[seat] or s.out[seat] or s.ending:
            if alive(s, seat) and len(s.hand[seat]) > HAND_LIMIT:
                s.pending.append(Pending("charity", seat))
                return
            if monster_turn(s, c, ev):  # else its die window holds it (close_window goes on)
                next_turn(s, c, ev)
            continue
        here = s.pos[seat]
        if s.level[seat] >= 10 and here == (0, 0):
            boss = new_monster(s, c, here, seat, ev, boss=True)  # R121
            if boss is not None:
                combat.begin(s, c, seat, here, ev, boss=True)
                continue
        if any(not ignores(s, c, m, seat) for m in s.mons_at(here)):
            combat.begin(s, c, seat, here, ev)  # R39, R45, R90
            continue
        return


def end_fight(s: QuestState, c: Content, ev: list[Event]) -> None:
    """A fight that ends without a result: the main player left, or no monster is left (R94):
    no hits, no Bad Stuff; used one-shots are discarded."""
    f = s.fight
    assert f is not None
    for card in f.played:
        s.discards[c.deck_of[card]].append(card)
    s.fight = None
    pay_bribe(s, c, f, ev)
    ev.append(Event("fight_over", {"main": f.main}))


def resolve(s: QuestState, c: Content, ev: list[Event]) -> None:
    f = s.fight
    assert f is not None
    people = combat.fighters(f)
    spent_curses = [x for k in people for x in s.curses[k] if c.dxm_card(x).op == "next_fight"]
    if combat.munchkins_win(s, c, f):
        combat.win(s, c, f, ev)
    else:
        combat.lose(s, c, f, ev)
    for k in people:
        for x in spent_curses:
            if x in s.curses[k]:
                s.curses[k].remove(x)
                s.discards["D"].append(x)
    f.mons = []
    for card in f.played:
        s.discards[c.deck_of[card]].append(card)
    f.played = []
    s.fight = None
    pay_bribe(s, c, f, ev)


def start_turn(s: QuestState, c: Content, seat: int, ev: list[Event]) -> None:
    s.turn = seat
    s.turn_no += 1
    s.spent[seat] = 0
    s.allin_used = False
    s.explored = 0
    s.searched = []
    s.deals_used = []
    s.traded = []
    s.ignore = []
    s.stopped = False
    s.grappled = False
    s.stops = []
    s.ending = False
    s.flying = [False] * s.seats
    ev.append(Event("turn", {"seat": seat, "turn": s.turn_no}))
    if s.dead[seat]:
        return_to_life(s, c, seat, ev)  # T1; replaces the T2 draw (READING)
    else:
        draw_dxm(s, seat, ev, "turn")  # T2 (R37)


def next_turn(s: QuestState, c: Content, ev: list[Event]) -> None:
    nxt = s.turn
    for _ in range(s.seats):
        nxt = (nxt + 1) % s.seats
        if not s.out[nxt]:
            break
    start_turn(s, c, nxt, ev)


def close_window(s: QuestState, c: Content, ev: list[Event]) -> None:
    """Everyone passed: the roll outside a fight, as it now stands, takes effect (R16,
    SPEC 3.5); here, above every rule a roll resolves, which ``dice`` is below."""
    w = s.window
    assert w is not None
    s.window = None
    face = w.faces[0]
    if w.what == "flee":
        flee_result(s, c, s.pending[-1], w.ctx[0], face, ev)
    elif w.what == "search":
        search_result(s, c, w.seat, w.faces, ev)
    elif w.what == "power":
        combat.power_result(s, c, w.seat, dice.ROLES[w.ctx[0]], face, ev)
    elif w.what == "pickpocket":
        pickpocket_result(s, c, w.seat, w.ctx[0], face, ev)
    elif w.what == "ward":
        ward_result(s, c, w.seat, w.ctx, face, ev)
    elif w.what == "room":
        room_roll_result(s, c, w.seat, w.ctx, face, ev)
    elif w.what in ("wager", "toss"):
        deal_roll_result(s, c, w.seat, w.what, face, ev)
    elif w.what == "base":
        give_base(s, s.mon(w.ctx[0]), face, w.seat, ev)
    else:  # the Monster Turn's colour, then the next seat (R71, R70)
        move_all(s, c, face, ev)
        next_turn(s, c, ev)
