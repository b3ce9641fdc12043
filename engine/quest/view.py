"""The quest view as typed, frozen records (SPEC 3.15): what one seat may know, as the
renderers read it. ``to_json()`` is the export shape (what people are sent, replay files, the
leak checks, transcripts), key for key and value for value the dict view it replaces;
``from_json()`` reads it back. A "none" (nobody helping, a Mate copy's card, no base yet)
reads ``-1`` here as in every view before (``engine.core.nothing.wire``).

Built by ``views.make_view`` from the state; nothing here reads a state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]
Ints = tuple[int, ...]
Step = Cell | str  # a monster's path: the rooms it went through and why it stopped


def _ints(v: Any) -> Ints:
    return tuple(int(x) for x in v)


def _cell(v: Any) -> Cell:
    return int(v[0]), int(v[1])


def _cells(v: Any) -> tuple[Cell, ...]:
    return tuple(_cell(x) for x in v)


def _step(v: Any) -> Step:
    return v if isinstance(v, str) else _cell(v)


def _steps_json(steps: Sequence[Step]) -> list[Any]:
    return [s if isinstance(s, str) else list(s) for s in steps]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One munchkin as everyone sees it: only its hand's size is hidden."""

    colour: str
    level: int
    hits: int
    health: int  # its maximum Health; ``health - hits`` is what it has left
    gold: int
    at: Cell
    move: int
    move_left: int  # 0 off its turn
    grapple: bool  # the Grappling Hook may still take it through a wall this turn
    gear: tuple[tuple[int, str], ...]  # (item, zone), sorted
    cheats: Ints  # items a Cheat! card is on, sorted
    roles: Ints
    curses: Ints
    dead: bool
    out: bool
    hand_size: int

    def to_json(self) -> dict[str, Any]:
        return {
            "colour": self.colour,
            "level": self.level,
            "hits": self.hits,
            "health": self.health,
            "gold": self.gold,
            "at": list(self.at),
            "move": self.move,
            "move_left": self.move_left,
            "grapple": self.grapple,
            "gear": [[i, z] for i, z in self.gear],
            "cheats": list(self.cheats),
            "roles": list(self.roles),
            "curses": list(self.curses),
            "dead": self.dead,
            "out": self.out,
            "hand_size": self.hand_size,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> SeatView:
        return cls(
            d["colour"],
            d["level"],
            d["hits"],
            d["health"],
            d["gold"],
            _cell(d["at"]),
            d["move"],
            d["move_left"],
            d["grapple"],
            tuple((int(i), str(z)) for i, z in d["gear"]),
            _ints(d["cheats"]),
            _ints(d["roles"]),
            _ints(d["curses"]),
            d["dead"],
            d["out"],
            d["hand_size"],
        )


@dataclass(frozen=True, slots=True)
class MonsterView:
    serial: int
    card: int  # -1: a Mate copy (no card of its own)
    id: str  # its monster definition's id
    at: Cell
    base: int  # its base's colour index; -1 while the explorer still picks it
    enh: Ints  # enhancer cards on it
    carried: Ints  # items it snatched
    gotcha: bool
    boss: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "serial": self.serial,
            "card": self.card,
            "id": self.id,
            "at": list(self.at),
            "base": self.base,
            "enh": list(self.enh),
            "carried": list(self.carried),
            "gotcha": self.gotcha,
            "boss": self.boss,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> MonsterView:
        return cls(
            d["serial"],
            d["card"],
            d["id"],
            _cell(d["at"]),
            d["base"],
            _ints(d["enh"]),
            _ints(d["carried"]),
            d["gotcha"],
            d["boss"],
        )


@dataclass(frozen=True, slots=True)
class FightView:
    """The fight on (SPEC 3.9), with the engine's own totals and who may help (R112, R113)."""

    main: int
    helper: int  # -1: nobody helps
    cell: Cell
    stage: str  # open | rolling | after | done
    # Their cards; a Mate copy's is -1, as in ``MonsterView``, so the screens find the copy
    # among the monsters standing in the fight's room (``bot/games/quest/cards.py``).
    monsters: Ints
    played: Ints
    dice: tuple[Ints, ...]  # [roller seat, face, side]
    boss: bool
    side: int  # the munchkins' total
    monster_side: int
    bribe: int  # Treasures promised to the helper
    passed: Ints
    help_rooms: tuple[Cell, ...]  # where help may come from (the table marks them)
    may_help: Ints  # who may be asked now

    def to_json(self) -> dict[str, Any]:
        return {
            "main": self.main,
            "helper": self.helper,
            "cell": list(self.cell),
            "stage": self.stage,
            "monsters": list(self.monsters),
            "played": list(self.played),
            "dice": [list(d) for d in self.dice],
            "boss": self.boss,
            "side": self.side,
            "monster_side": self.monster_side,
            "bribe": self.bribe,
            "passed": list(self.passed),
            "help_rooms": [list(c) for c in self.help_rooms],
            "may_help": list(self.may_help),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> FightView:
        return cls(
            d["main"],
            d["helper"],
            _cell(d["cell"]),
            d["stage"],
            _ints(d["monsters"]),
            _ints(d["played"]),
            tuple(_ints(x) for x in d["dice"]),
            d["boss"],
            d["side"],
            d["monster_side"],
            d["bribe"],
            _ints(d["passed"]),
            _cells(d["help_rooms"]),
            _ints(d["may_help"]),
        )


@dataclass(frozen=True, slots=True)
class WindowView:
    """A die window outside fights (R16): dice rolled, not yet applied."""

    what: str
    seat: int  # who rolled
    dice: Ints
    passed: Ints

    def to_json(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "seat": self.seat,
            "dice": list(self.dice),
            "passed": list(self.passed),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> WindowView:
        return cls(d["what"], d["seat"], _ints(d["dice"]), _ints(d["passed"]))


@dataclass(frozen=True, slots=True)
class PendingView:
    """The decision the match waits on (SPEC 3.5); ``data`` as the engine keeps it (a ring's
    or a ward's only for the seat deciding)."""

    kind: str
    seat: int
    data: Ints

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": list(self.data)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PendingView:
        return cls(d["kind"], d["seat"], _ints(d["data"]))


@dataclass(frozen=True, slots=True)
class Options:
    """The match's switches (the quick game's shorter Boss, a longer move)."""

    move: int
    explore_limit: int
    die_windows: int
    boss: int

    def to_json(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "explore_limit": self.explore_limit,
            "die_windows": self.die_windows,
            "boss": self.boss,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Options:
        return cls(d["move"], d["explore_limit"], d["die_windows"], d["boss"])


@dataclass(frozen=True, slots=True)
class Board:
    """The dungeon as laid: rooms by cell, the links between them, what lies on the floor."""

    rooms: tuple[tuple[int, int, str], ...]  # (x, y, room id)
    links: tuple[tuple[int, int, str, int], ...]  # (x, y, side, link card)
    tokens: tuple[tuple[int, int, int], ...]  # (x, y, 1 ransacked | 2 looted out)
    dropped: tuple[tuple[int, int, Ints], ...]  # (x, y, the stack's cards)
    floor_gold: tuple[tuple[int, int, int], ...]  # (x, y, gold)


@dataclass(frozen=True, slots=True)
class MonsterPath:
    """How one monster moved in the last Monster Turn."""

    serial: int
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class QuestView:
    seat: int | None
    phase: str  # prep | play | over
    turn: int
    turn_no: int
    deciders: Ints
    board: Board
    monsters: tuple[MonsterView, ...]
    seats: tuple[SeatView, ...]
    hand: Ints  # this seat's own cards; empty for a spectator
    fight: FightView | None
    pending: PendingView | None
    window: WindowView | None
    decks: Mapping[str, int]  # how many cards each deck holds
    discard_tops: Mapping[str, int | None]
    tiles_left: int
    links_left: int
    last_colour: str | None  # the Monster Die's last colour; None before its first roll
    monster_paths: tuple[MonsterPath, ...]
    winners: Ints
    options: Options

    def to_json(self) -> dict[str, Any]:
        b = self.board
        return {
            "seat": self.seat,
            "game": "quest",
            "phase": self.phase,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "deciders": list(self.deciders),
            "rooms": [list(r) for r in b.rooms],
            "links": [list(k) for k in b.links],
            "tokens": [list(t) for t in b.tokens],
            "dropped": [[x, y, list(v)] for x, y, v in b.dropped],
            "floor_gold": [list(g) for g in b.floor_gold],
            "monsters": [m.to_json() for m in self.monsters],
            "seats": [s.to_json() for s in self.seats],
            "hand": list(self.hand),
            "fight": self.fight.to_json() if self.fight is not None else None,
            "pending": self.pending.to_json() if self.pending is not None else None,
            "window": self.window.to_json() if self.window is not None else None,
            "decks": dict(self.decks),
            "discard_tops": dict(self.discard_tops),
            "tiles_left": self.tiles_left,
            "links_left": self.links_left,
            "last_colour": self.last_colour,
            "monster_paths": [[p.serial, _steps_json(p.steps)] for p in self.monster_paths],
            "winners": list(self.winners),
            "options": self.options.to_json(),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> QuestView:
        fight, pending, window = d["fight"], d["pending"], d["window"]
        board = Board(
            tuple((int(x), int(y), str(r)) for x, y, r in d["rooms"]),
            tuple((int(x), int(y), str(side), int(k)) for x, y, side, k in d["links"]),
            tuple((int(x), int(y), int(t)) for x, y, t in d["tokens"]),
            tuple((int(x), int(y), _ints(v)) for x, y, v in d["dropped"]),
            tuple((int(x), int(y), int(g)) for x, y, g in d["floor_gold"]),
        )
        return cls(
            d["seat"],
            d["phase"],
            d["turn"],
            d["turn_no"],
            _ints(d["deciders"]),
            board,
            tuple(MonsterView.from_json(m) for m in d["monsters"]),
            tuple(SeatView.from_json(s) for s in d["seats"]),
            _ints(d["hand"]),
            FightView.from_json(fight) if fight is not None else None,
            PendingView.from_json(pending) if pending is not None else None,
            WindowView.from_json(window) if window is not None else None,
            dict(d["decks"]),
            dict(d["discard_tops"]),
            d["tiles_left"],
            d["links_left"],
            d["last_colour"],
            tuple(
                MonsterPath(int(serial), tuple(_step(x) for x in steps))
                for serial, steps in d["monster_paths"]
            ),
            _ints(d["winners"]),
            Options.from_json(d["options"]),
        )
