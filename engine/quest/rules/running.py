"""Running away (R107–R111, SPEC 3.10): a destination first, then one roll per monster in
the runner's order; 5 or more dodges; a failure applies that monster's Bad Stuff."""

from __future__ import annotations

from engine.core import Event
from engine.quest.board import adjacent, roll
from engine.quest.content import Content
from engine.quest.rules.answerable import die_window_due
from engine.quest.rules.dice import open_window
from engine.quest.rules.effects import apply_effect, hit
from engine.quest.state import Cell, Pending, QuestState
from engine.quest.stats import run_mod

DODGE = 5


def destinations(s: QuestState, seat: int) -> list[Cell]:
    """Adjacent explored rooms through any link but a wall (R107; locked and hidden doors
    are fine, anchor SPEC 2.2)."""
    return [n for _, n in adjacent(s, s.pos[seat])]


def bad_stuff(s: QuestState, c: Content, seat: int, serial: int, ev: list[Event]) -> None:
    """A monster's Bad Stuff; if none of it can apply, one hit instead (R110)."""
    m = s.mon(serial)
    applied = False
    for e in c.monsters[m.mdef].bad_stuff:
        if s.dead[seat]:
            return
        applied = apply_effect(s, c, seat, e, ev, snatcher=m) or applied
    if not applied:
        hit(s, c, seat, 1, ev)
    ev.append(Event("bad_stuff", {"seat": seat, "monster": m.card}))


def nowhere_to_run(
    s: QuestState, c: Content, seat: int, serials: list[int], ev: list[Event]
) -> None:
    """No adjacent room: every Bad Stuff with no roll; the main player's turn ends (R109)."""
    ev.append(Event("nowhere_to_run", {"seat": seat}))
    for x in serials:
        if not s.dead[seat]:
            bad_stuff(s, c, seat, x, ev)
    if seat == s.turn:
        s.ending = True


def choose(s: QuestState, c: Content, p: Pending, dest: Cell, ev: list[Event]) -> None:
    s.pending.remove(p)
    s.pending.append(Pending("flee", p.seat, [dest[0], dest[1], *p.data]))
    ev.append(Event("flee_to", {"seat": p.seat, "cell": list(dest)}))


def flee_roll(s: QuestState, c: Content, p: Pending, serial: int, ev: list[Event]) -> None:
    """Roll, then a die window unless no face could change the result (R16, SPEC 3.10)."""
    face = roll(s)
    mod = run_mod(s, c, p.seat)
    open_ = die_window_due(s, c, "flee") and len({f + mod >= DODGE for f in range(1, 7)}) > 1
    if open_:
        open_window(s, "flee", p.seat, [face], [serial], ev)
    else:
        flee_result(s, c, p, serial, face, ev)


def flee_result(
    s: QuestState, c: Content, p: Pending, serial: int, face: int, ev: list[Event]
) -> None:
    seat = p.seat
    total = face + run_mod(s, c, seat)
    dodged = total >= DODGE
    ev.append(
        Event(
            "flee_roll",
            {
                "seat": seat,
                "monster": s.mon(serial).card,
                "die": face,
                "total": total,
                "dodged": dodged,
            },
        )
    )
    del p.data[2 + p.data[2:].index(serial)]
    if not dodged:
        bad_stuff(s, c, seat, serial, ev)
    if s.dead[seat]:  # R111: no more rolls; he lies where he died (R110)
        s.pending.remove(p)
        return
    if len(p.data) == 2:
        finish(s, p, ev)


def finish(s: QuestState, p: Pending, ev: list[Event]) -> None:
    s.pending.remove(p)
    s.pos[p.seat] = (p.data[0], p.data[1])
    s.run_bonus[p.seat] = 0
    ev.append(Event("moved", {"seat": p.seat, "cell": [p.data[0], p.data[1]], "how": "ran"}))
