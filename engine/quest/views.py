"""What one seat may see (SPEC 3.15): the map, monsters, munchkins, items in play, dropped
stacks and their contents are public; a hand only to its owner; decks and pools as sizes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.quest import combat
from engine.quest.content import COLOURS, Content
from engine.quest.legal import deciders
from engine.quest.pieces import wire
from engine.quest.state import QuestState
from engine.quest.stats import can_grapple, max_health, move, move_left


@dataclass(slots=True)
class QuestView:
    seat: int | None
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, **self.data}


def make_view(c: Content, s: QuestState, seat: int | None) -> QuestView:
    f = s.fight
    fight: dict[str, Any] | None = None
    if f is not None:
        fight = {
            "main": f.main,
            "helper": wire(f.helper),
            "cell": list(f.cell),
            "stage": f.stage,
            "monsters": [s.mon(x).card for x in f.mons if any(m.serial == x for m in s.mons)],
            "played": list(f.played),
            "dice": [list(d) for d in f.dice],
            "boss": f.boss,
            "side": combat.side_total(s, c, f) if f.mons else 0,
            "monster_side": combat.monsters_total(s, c, f) if f.mons else 0,
            "bribe": f.bribe,
            "passed": list(f.passed),
            # Where help may come from and who may be asked now, by the engine's own rule
            # (R112, R113): the table marks those rooms (SPEC 4.2.4).
            "help_rooms": [list(cell) for cell in combat.help_rooms(s, c, f)],
            "may_help": [k for k in range(s.seats) if combat.may_help(s, c, f, k)],
        }
    window = None
    if s.window is not None:
        w = s.window
        window = {"what": w.what, "seat": w.seat, "dice": list(w.faces), "passed": list(w.passed)}
    pending = None
    if s.pending:
        p = s.pending[-1]
        pending = {
            "kind": p.kind,
            "seat": p.seat,
            "data": [] if p.kind in ("ring", "ward") and seat != p.seat else list(p.data),
        }
    seats = []
    for k in range(s.seats):
        seats.append(
            {
                "colour": COLOURS[k],
                "level": s.level[k],
                "hits": s.hits[k],
                "health": max_health(s, c, k),
                "gold": s.gold[k],
                "at": list(s.pos[k]),
                "move": move(s, c, k),
                "move_left": move_left(s, c, k) if k == s.turn else 0,
                # The Grappling Hook may still take this seat through a wall this turn.
                "grapple": can_grapple(s, c, k),
                "gear": sorted([i, z] for i, z in s.gear[k].items()),
                "cheats": sorted(s.cheats[k]),
                "roles": list(s.roles[k]),
                "curses": list(s.curses[k]),
                "dead": s.dead[k],
                "out": s.out[k],
                "hand_size": len(s.hand[k]),
            }
        )
    return QuestView(
        seat,
        {
            "game": "quest",
            "phase": s.phase,
            "turn": s.turn,
            "turn_no": s.turn_no,
            "deciders": sorted(deciders(s)),
            "rooms": [[x, y, c.rooms[r].id] for (x, y), r in s.rooms.items()],
            "links": [[x, y, side, k] for (x, y, side), k in s.links.items()],
            "tokens": [[x, y, t] for (x, y), t in s.tokens.items()],
            "dropped": [[x, y, list(v)] for (x, y), v in s.dropped.items()],
            "floor_gold": [[x, y, g] for (x, y), g in s.floor_gold.items()],
            "monsters": [
                {
                    "serial": m.serial,
                    "card": wire(m.card),
                    "id": c.monsters[m.mdef].id,
                    "at": list(m.cell),
                    "base": wire(m.base),
                    "enh": list(m.enh),
                    "carried": list(m.carried),
                    "gotcha": m.gotcha,
                    "boss": m.boss,
                }
                for m in s.mons
            ],
            "seats": seats,
            "hand": list(s.hand[seat]) if seat is not None else [],
            "fight": fight,
            "pending": pending,
            "window": window,
            "decks": {k: len(v) for k, v in s.decks.items()},
            "discard_tops": {k: (v[-1] if v else None) for k, v in s.discards.items()},
            "tiles_left": len(s.tile_pool),
            "links_left": len(s.link_pool),
            "last_colour": None if s.last_colour is None else COLOURS[s.last_colour],
            "monster_paths": s.last_paths,
            "winners": list(s.winners or ()),
            "options": {
                "move": s.move_base,
                "explore_limit": s.explore_limit,
                "die_windows": s.die_windows,
                "boss": s.boss_level,
            },
        },
    )


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
