"""The flat, cheaply cloned state of a ``quest`` match (SPEC 3.0): ints, tuples and small
lists only; card instances are ids into ``Content``."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Self

from engine.core import Rng
from engine.core.nothing import unwire, wire
from engine.quest.pieces import Cell, DieWindow, Fight, Mon, Pending

__all__ = ["ZONES", "Cell", "Edge", "Fight", "Mon", "Pending", "QuestState"]

_TOKENS = itertools.count(1)
Edge = tuple[int, int, str]  # normalised to the cell's N or W side (SPEC 3.2)
ZONES = ("head", "armor", "feet", "hands", "worn", "belt", "pack")


@dataclass(slots=True)
class QuestState:
    seats: int
    rng: Rng
    move_base: int = 3
    explore_limit: int = 0
    die_windows: int = 1  # option: 0 skips the die windows outside fights
    boss_level: int = 20  # option ``boss``: the Boss's level (R121: 20; lower in the quick game)
    phase: str = "prep"  # prep | play | over
    turn: int = 0
    turn_no: int = 0
    ready: list[bool] = field(default_factory=list)
    level: list[int] = field(default_factory=list)
    hits: list[int] = field(default_factory=list)
    gold: list[int] = field(default_factory=list)
    pos: list[Cell] = field(default_factory=list)
    spent: list[int] = field(default_factory=list)
    hand: list[list[int]] = field(default_factory=list)
    gear: list[dict[int, str]] = field(default_factory=list)  # item -> zone
    cheats: list[dict[int, int]] = field(default_factory=list)  # item -> cheat card
    roles: list[list[int]] = field(default_factory=list)  # race/class/half breed/super cards
    curses: list[list[int]] = field(default_factory=list)  # lasting curses in front
    dead: list[bool] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)  # conceded
    # per-turn flags of the active seat
    allin_used: bool = False
    explored: int = 0
    searched: list[Cell] = field(default_factory=list)
    deals_used: list[tuple[int, int, int]] = field(default_factory=list)
    traded: list[tuple[int, int]] = field(default_factory=list)  # (from, to) terms this turn
    ignore: list[tuple[int, int]] = field(default_factory=list)  # (serial, seat) this turn
    run_bonus: list[int] = field(default_factory=list)
    flying: list[bool] = field(default_factory=list)
    stopped: bool = False  # Move left forced to 0 (a room rule)
    ending: bool = False  # end_turn chosen: Charity, then the Monster Turn (T5, T6)
    grappled: bool = False
    stops: list[int] = field(default_factory=list)  # seats that called Stop this turn (R161)
    # the map
    rooms: dict[Cell, int] = field(default_factory=dict)
    order: list[Cell] = field(default_factory=list)
    links: dict[Edge, int] = field(default_factory=dict)
    tokens: dict[Cell, int] = field(default_factory=dict)  # 1 ransacked, 2 looted out
    tile_pool: list[int] = field(default_factory=list)
    link_pool: list[int] = field(default_factory=list)
    dropped: dict[Cell, list[int]] = field(default_factory=dict)
    floor_gold: dict[Cell, int] = field(default_factory=dict)
    # monsters, decks, fight
    mons: list[Mon] = field(default_factory=list)
    next_serial: int = 0
    decks: dict[str, list[int]] = field(default_factory=dict)  # top = last
    discards: dict[str, list[int]] = field(default_factory=dict)
    fight: Fight | None = None
    window: DieWindow | None = None
    pending: list[Pending] = field(default_factory=list)
    winners: tuple[int, ...] | None = None
    end_reason: str = ""
    last_paths: list[list[Any]] = field(default_factory=list)
    last_colour: int | None = None  # the Monster Die's last colour; None before its first roll
    # stacked draws for scenario files, used before the RNG (SPEC 3.0)
    stack: dict[str, list[Any]] = field(default_factory=dict)
    # not part of the match: this object and its action count (Quest.legal_actions' cache)
    token: int = field(default_factory=lambda: next(_TOKENS))
    version: int = 0

    def clone(self) -> Self:
        c = type(self)(self.seats, self.rng.clone())
        c.move_base, c.explore_limit, c.phase = self.move_base, self.explore_limit, self.phase
        c.turn, c.turn_no = self.turn, self.turn_no
        for name in (
            "ready",
            "level",
            "hits",
            "gold",
            "pos",
            "spent",
            "dead",
            "out",
            "searched",
            "deals_used",
            "ignore",
            "run_bonus",
            "flying",
            "order",
            "tile_pool",
            "link_pool",
        ):
            setattr(c, name, list(getattr(self, name)))
        c.hand = [list(h) for h in self.hand]
        c.gear = [dict(g) for g in self.gear]
        c.cheats = [dict(g) for g in self.cheats]
        c.roles = [list(r) for r in self.roles]
        c.curses = [list(r) for r in self.curses]
        c.traded = list(self.traded)
        c.stops = list(self.stops)
        c.allin_used, c.explored, c.stopped, c.grappled, c.ending = (
            self.allin_used,
            self.explored,
            self.stopped,
            self.grappled,
            self.ending,
        )
        c.rooms, c.links, c.tokens = dict(self.rooms), dict(self.links), dict(self.tokens)
        c.dropped = {k: list(v) for k, v in self.dropped.items()}
        c.floor_gold = dict(self.floor_gold)
        c.mons = [m.copy() for m in self.mons]
        c.next_serial = self.next_serial
        c.decks = {k: list(v) for k, v in self.decks.items()}
        c.discards = {k: list(v) for k, v in self.discards.items()}
        c.fight = self.fight.copy() if self.fight else None
        c.window = self.window.copy() if self.window else None
        c.die_windows = self.die_windows
        c.boss_level = self.boss_level
        c.pending = [p.copy() for p in self.pending]
        c.winners, c.end_reason = self.winners, self.end_reason
        c.last_paths = [list(p) for p in self.last_paths]
        c.last_colour = self.last_colour
        c.stack = {k: list(v) for k, v in self.stack.items()}
        return c

    def to_json(self) -> dict[str, Any]:
        def cells(d: dict[Cell, Any]) -> list[list[Any]]:
            return [[k[0], k[1], v] for k, v in d.items()]

        f = self.fight
        return {
            "seats": self.seats,
            "rng": self.rng.to_json(),
            "move_base": self.move_base,
            "explore_limit": self.explore_limit,
            "phase": self.phase,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "ready": self.ready,
            "level": self.level,
            "hits": self.hits,
            "gold": self.gold,
            "pos": [list(p) for p in self.pos],
            "spent": self.spent,
            "hand": self.hand,
            "gear": [[[k, v] for k, v in g.items()] for g in self.gear],
            "cheats": [[[k, v] for k, v in g.items()] for g in self.cheats],
            "roles": self.roles,
            "curses": self.curses,
            "dead": self.dead,
            "out": self.out,
            "allin_used": self.allin_used,
            "explored": self.explored,
            "searched": [list(c) for c in self.searched],
            "deals_used": [list(d) for d in self.deals_used],
            "traded": [list(d) for d in self.traded],
            "ignore": [list(i) for i in self.ignore],
            "run_bonus": self.run_bonus,
            "flying": self.flying,
            "stopped": self.stopped,
            "ending": self.ending,
            "grappled": self.grappled,
            "stops": self.stops,
            "rooms": cells(self.rooms),
            "order": [list(c) for c in self.order],
            "links": [[k[0], k[1], k[2], v] for k, v in self.links.items()],
            "tokens": cells(self.tokens),
            "tile_pool": self.tile_pool,
            "link_pool": self.link_pool,
            "dropped": cells(self.dropped),
            "floor_gold": cells(self.floor_gold),
            "mons": [m.to_json() for m in self.mons],
            "next_serial": self.next_serial,
            "decks": self.decks,
            "discards": self.discards,
            "fight": None if f is None else f.to_json(),
            "window": None if self.window is None else self.window.to_json(),
            "die_windows": self.die_windows,
            "boss_level": self.boss_level,
            "pending": [[p.kind, p.seat, p.data] for p in self.pending],
            "winners": None if self.winners is None else list(self.winners),
            "end_reason": self.end_reason,
            "last_paths": self.last_paths,
            "last_colour": wire(self.last_colour),
            "stack": self.stack,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> QuestState:
        s = cls(d["seats"], Rng.from_json(d["rng"]))
        for name in (
            "move_base",
            "explore_limit",
            "phase",
            "turn",
            "turn_no",
            "ready",
            "level",
            "hits",
            "gold",
            "spent",
            "hand",
            "roles",
            "curses",
            "dead",
            "out",
            "allin_used",
            "explored",
            "run_bonus",
            "flying",
            "stopped",
            "grappled",
            "ending",
            "tile_pool",
            "link_pool",
            "next_serial",
            "decks",
            "discards",
            "end_reason",
            "last_paths",
            "stack",
        ):
            setattr(s, name, d[name])
        s.pos = [(p[0], p[1]) for p in d["pos"]]
        s.gear = [{k: v for k, v in g} for g in d["gear"]]
        s.cheats = [{k: v for k, v in g} for g in d["cheats"]]
        s.searched = [(c[0], c[1]) for c in d["searched"]]
        s.deals_used = [(a, b, c) for a, b, c in d["deals_used"]]
        s.traded = [(a, b) for a, b in d.get("traded", [])]  # absent before trading (v2)
        s.ignore = [(a, b) for a, b in d["ignore"]]
        s.stops = list(d.get("stops", []))  # absent before the Stop window (rules v9)
        s.rooms = {(x, y): v for x, y, v in d["rooms"]}
        s.order = [(c[0], c[1]) for c in d["order"]]
        s.links = {(x, y, side): v for x, y, side, v in d["links"]}
        s.tokens = {(x, y): v for x, y, v in d["tokens"]}
        s.dropped = {(x, y): list(v) for x, y, v in d["dropped"]}
        s.floor_gold = {(x, y): v for x, y, v in d["floor_gold"]}
        s.mons = [Mon.from_json(m) for m in d["mons"]]
        s.last_colour = unwire(d["last_colour"])  # -1 before issue 26.4
        s.fight = None if d["fight"] is None else Fight.from_json(d["fight"])
        s.pending = [Pending(k, seat, list(data)) for k, seat, data in d["pending"]]
        w = d.get("window")  # both absent before die windows outside fights (rules v3)
        s.window = None if w is None else DieWindow(**w)
        s.die_windows = d.get("die_windows", 1)
        s.boss_level = d.get("boss_level", 20)  # absent before the quick game's Boss (rules v9)
        s.winners = None if d["winners"] is None else tuple(d["winners"])
        return s

    # --- small helpers ----------------------------------------------------------------

    def mon(self, serial: int) -> Mon:
        for m in self.mons:
            if m.serial == serial:
                return m
        raise KeyError(serial)

    def mons_at(self, cell: Cell) -> list[Mon]:
        return [m for m in self.mons if m.cell == cell]
