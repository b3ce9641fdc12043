"""What one seat may see (SPEC 3.15): the map, monsters, munchkins, items in play, dropped
stacks and their contents are public; a hand only to its owner; decks and pools as sizes."""

from __future__ import annotations

from typing import Any

from engine.core.nothing import wire
from engine.quest.content import COLOURS, Content
from engine.quest.rules import combat
from engine.quest.rules.legal import deciders
from engine.quest.state import QuestState
from engine.quest.stats import can_grapple, max_health, move, move_left
from engine.quest.view import (
    Board,
    FightView,
    MonsterPath,
    MonsterView,
    Options,
    PendingView,
    QuestView,
    SeatView,
    Step,
    WindowView,
)


def make_view(c: Content, s: QuestState, seat: int | None) -> QuestView:
    f = s.fight
    fight = None
    if f is not None:
        fight = FightView(
            f.main,
            wire(f.helper),
            f.cell,
            f.stage,
            tuple(wire(s.mon(x).card) for x in f.mons if any(m.serial == x for m in s.mons)),
            tuple(f.played),
            tuple(tuple(d) for d in f.dice),
            f.boss,
            combat.side_total(s, c, f) if f.mons else 0,
            combat.monsters_total(s, c, f) if f.mons else 0,
            f.bribe,
            tuple(f.passed),
            # Where help may come from and who may be asked now, by the engine's own rule
            # (R112, R113): the table marks those rooms (SPEC 4.2.4).
            tuple(combat.help_rooms(s, c, f)),
            tuple(k for k in range(s.seats) if combat.may_help(s, c, f, k)),
        )
    window = None
    if s.window is not None:
        w = s.window
        window = WindowView(w.what, w.seat, tuple(w.faces), tuple(w.passed))
    pending = None
    if s.pending:
        p = s.pending[-1]
        hidden = p.kind in ("ring", "ward") and seat != p.seat
        pending = PendingView(p.kind, p.seat, () if hidden else tuple(p.data))
    seats = tuple(
        SeatView(
            COLOURS[k],
            s.level[k],
            s.hits[k],
            max_health(s, c, k),
            s.gold[k],
            s.pos[k],
            move(s, c, k),
            move_left(s, c, k) if k == s.turn else 0,
            # The Grappling Hook may still take this seat through a wall this turn.
            can_grapple(s, c, k),
            tuple(sorted(s.gear[k].items())),
            tuple(sorted(s.cheats[k])),
            tuple(s.roles[k]),
            tuple(s.curses[k]),
            s.dead[k],
            s.out[k],
            len(s.hand[k]),
        )
        for k in range(s.seats)
    )
    board = Board(
        tuple((x, y, c.rooms[r].id) for (x, y), r in s.rooms.items()),
        tuple((x, y, side, k) for (x, y, side), k in s.links.items()),
        tuple((x, y, t) for (x, y), t in s.tokens.items()),
        tuple((x, y, tuple(v)) for (x, y), v in s.dropped.items()),
        tuple((x, y, g) for (x, y), g in s.floor_gold.items()),
    )
    monsters = tuple(
        MonsterView(
            m.serial,
            wire(m.card),
            c.monsters[m.mdef].id,
            m.cell,
            wire(m.base),
            tuple(m.enh),
            tuple(m.carried),
            m.gotcha,
            m.boss,
        )
        for m in s.mons
    )
    return QuestView(
        seat,
        s.phase,
        s.turn,
        s.turn_no,
        tuple(sorted(deciders(s))),
        board,
        monsters,
        seats,
        tuple(s.hand[seat]) if seat is not None else (),
        fight,
        pending,
        window,
        {k: len(v) for k, v in s.decks.items()},
        {k: (v[-1] if v else None) for k, v in s.discards.items()},
        len(s.tile_pool),
        len(s.link_pool),
        None if s.last_colour is None else COLOURS[s.last_colour],
        tuple(MonsterPath(serial, tuple(_step(x) for x in path)) for serial, path in s.last_paths),
        tuple(s.winners or ()),
        Options(s.move_base, s.explore_limit, s.die_windows, s.boss_level),
    )


def _step(x: Any) -> Step:
    return x if isinstance(x, str) else (x[0], x[1])


def visible_cards(data: dict[str, Any]) -> set[int]:
    """Every card id a view shows."""
    out: set[int] = set(data.get("hand", []))
    for seat in data.get("seats", []):
        out.update(i for i, _ in seat["gear"])
        out.update(seat["roles"])
        out.update(seat["curses"])
    for _, _, stack in data.get("dropped", []):
        out.update(stack)
    for m in data.get("monsters", []):
        out.update(x for x in [m["card"], *m["enh"], *m["carried"]] if x >= 0)
    fight = data.get("fight")
    if fight:
        out.update(fight["played"])
    out.update(v for v in data.get("discard_tops", {}).values() if v is not None)
    return out
