"""Quest's response windows as the core protocol declares them (issue 27.1, ``Game.window``):
a die window after a roll (SPEC 3.5, "Die windows": every live seat, the roller too) and a
fight's rolling and after-the-roll stages (SPEC 3.9 Stages C and D: the others, then
everyone). Each is asked of seats by public facts only, so the bot gives it what classic's and
duel's windows get: the window clock, auto-pass, a lapse that never counts as being away.

The answers (issue 27.2) are the moves the window is for: a die changer in a die window; in
a fight, the cards and powers that act on it (a curse or a Go Up a Level only on one of its
sides)."""

from __future__ import annotations

from engine.core import PASS, Action, OpenWindow
from engine.quest.action_args import arg
from engine.quest.content import Content
from engine.quest.rules import combat
from engine.quest.rules.legal import deciders, legal
from engine.quest.rules.turn import others_alive
from engine.quest.state import QuestState

DIE = "die:"  # a die window's ``about``: "die:" + what was rolled ("die:monster_turn")
FIGHT = "fight:"  # a fight's: "fight:rolling", "fight:after"
_ON_A_SIDE = frozenset({"curse", "levelup"})  # they act on a fight only when aimed at a side


def open_window(s: QuestState) -> OpenWindow | None:
    if s.phase != "play":
        return None
    live = tuple(k for k in range(s.seats) if not s.out[k])
    if s.window is not None:
        passed = frozenset(k for k in s.window.passed if k in live)
        return OpenWindow(DIE + s.window.what, live, passed)
    f = s.fight
    if s.pending or f is None or f.stage not in ("rolling", "after"):
        return None
    eligible = tuple(others_alive(s, f.main)) if f.stage == "rolling" else live
    window = OpenWindow(FIGHT + f.stage, eligible, frozenset(k for k in f.passed if k in eligible))
    return window if window.waiting_on() == deciders(s) else None


def answers(s: QuestState, c: Content, seat: int) -> list[Action]:
    window = open_window(s)
    if window is None or seat not in window.waiting_on():
        return []
    f = s.fight
    sides = set(combat.fighters(f)) if f is not None and s.window is None else set()
    out = []
    for a in legal(s, c, seat):
        if a.kind == PASS:
            continue
        if a.kind in _ON_A_SIDE and arg(a, "seat") not in sides:
            continue
        out.append(a)
    return out
