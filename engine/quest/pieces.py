"""The records a quest state holds (SPEC 3.8, 3.9, 3.5): a monster on the board, the fight
going on, a die window outside fights (its rules are in ``dice``) and a decision the match
waits on, each with its copy and its JSON.

"None" is ``None`` here, never a number (issue 26.4): a seat, a card instance and a colour are
all small non-negative ints, so a ``0`` meaning "none" was a real card (the Wizard's double of
1.1 doubled card instance 0) and a ``-1`` reads the last seat or card when it is used as an
index. The JSON keeps the ``-1`` snapshots have always held there (``wire``), so a snapshot
written now still loads on the code before (a rolled-back deploy) and compares equal to one
written before; ``unwire`` reads it back as ``None`` (``null`` too). ``magic_double`` has been
``null`` for none since rules version 11.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.nothing import unwire, wire

__all__ = ["Cell", "DieWindow", "Fight", "Mon", "Pending"]

Cell = tuple[int, int]


@dataclass(slots=True)
class Mon:
    """A monster on the board (SPEC 3.8)."""

    serial: int  # placement order (R80: movers go in this order after door smashers)
    card: int | None  # Monster card instance; None for a Mate copy (R106: no card of its own)
    mdef: int  # monster definition index
    cell: Cell
    base: int | None  # colour index of its base; None while the explorer still picks it
    enh: list[int] = field(default_factory=list)  # enhancer DxM ids
    carried: list[int] = field(default_factory=list)  # snatched items
    gotcha: bool = False
    boss: bool = False

    def copy(self) -> Mon:
        return Mon(
            self.serial,
            self.card,
            self.mdef,
            self.cell,
            self.base,
            list(self.enh),
            list(self.carried),
            self.gotcha,
            self.boss,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "serial": self.serial,
            "card": wire(self.card),
            "mdef": self.mdef,
            "cell": list(self.cell),
            "base": wire(self.base),
            "enh": self.enh,
            "carried": self.carried,
            "gotcha": self.gotcha,
            "boss": self.boss,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Mon:
        return cls(
            d["serial"],
            unwire(d["card"]),
            d["mdef"],
            (d["cell"][0], d["cell"][1]),
            unwire(d["base"]),
            list(d["enh"]),
            list(d["carried"]),
            d["gotcha"],
            d["boss"],
        )


@dataclass(slots=True)
class Fight:
    """One combat (SPEC 3.9): its stage, its monsters (serials) and what was played."""

    main: int
    cell: Cell
    mons: list[int]
    helper: int | None = None  # the helping seat (R113); None: nobody helps
    stage: str = "open"  # open | rolling | after | done
    passed: list[int] = field(default_factory=list)  # seats that passed the open window
    played: list[int] = field(default_factory=list)  # one-shots to discard afterwards
    side_bonus: list[int] = field(default_factory=lambda: [0, 0])  # munchkins, monsters
    extra_dice: list[int] = field(default_factory=lambda: [0, 0])
    shrink: dict[int, int] = field(default_factory=dict)  # serial -> level change
    asked: list[int] = field(default_factory=list)
    bribe: int = 0  # Treasures promised to the helper (he takes them first)
    tried: list[str] = field(default_factory=list)  # "warrior:2" power attempts
    warrior: bool = False  # a Warrior's d10 power worked: +3 and ties win
    magic_double: int | None = None  # the item a Wizard's d10 doubles; None: none (0 is a card)
    rage: int = 0
    dice: list[list[int]] = field(default_factory=list)  # [roller seat, face, side(0/1)]
    boss: bool = False
    from_search: bool = False
    dead_loot: int = 0  # Treasures of monsters killed mid-fight, claimed with the win
    levels_given: int = 0
    bribe_gold: int = 0  # gold promised to the helper, paid when the fight is over (R114)
    bribe_item: int | None = None  # an item in play promised to the helper, handed over likewise

    def copy(self) -> Fight:
        return Fight(
            self.main,
            self.cell,
            list(self.mons),
            self.helper,
            self.stage,
            list(self.passed),
            list(self.played),
            list(self.side_bonus),
            list(self.extra_dice),
            dict(self.shrink),
            list(self.asked),
            self.bribe,
            list(self.tried),
            self.warrior,
            self.magic_double,
            self.rage,
            [list(d) for d in self.dice],
            self.boss,
            self.from_search,
            self.dead_loot,
            self.levels_given,
            self.bribe_gold,
            self.bribe_item,
        )

    def to_json(self) -> dict[str, Any]:
        out = {name: _plain(getattr(self, name)) for name in self.__slots__}
        out["helper"], out["bribe_item"] = wire(self.helper), wire(self.bribe_item)
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Fight:
        f = cls(d["main"], (d["cell"][0], d["cell"][1]), list(d["mons"]))
        for name in cls.__slots__:
            if name not in ("main", "cell", "mons") and name in d:  # newer fields: defaults
                setattr(f, name, d[name])
        f.shrink = {int(k): v for k, v in d["shrink"].items()}
        f.helper, f.bribe_item = unwire(f.helper), unwire(f.bribe_item)
        return f


@dataclass(slots=True)
class DieWindow:
    """A die window outside fights (R16, SPEC 3.5): dice just rolled, not yet applied."""

    what: (
        str  # flee | search | power | pickpocket | ward | room | wager | toss | base | monster_turn
    )
    seat: int  # who rolled
    faces: list[int]
    ctx: list[int] = field(default_factory=list)  # flee: the monster's serial; base: the new one
    passed: list[int] = field(default_factory=list)

    def copy(self) -> DieWindow:
        return DieWindow(self.what, self.seat, list(self.faces), list(self.ctx), list(self.passed))

    def to_json(self) -> dict[str, Any]:
        return {
            "what": self.what,
            "seat": self.seat,
            "faces": self.faces,
            "ctx": self.ctx,
            "passed": self.passed,
        }


@dataclass(slots=True)
class Pending:
    """A decision the match waits on (SPEC 3.5): ``kind`` names it; ``data`` holds ints."""

    kind: str
    seat: int
    data: list[int] = field(default_factory=list)

    def copy(self) -> Pending:
        return Pending(self.kind, self.seat, list(self.data))


def _plain(v: Any) -> Any:
    if isinstance(v, tuple):
        return list(v)
    if isinstance(v, dict):
        return {str(k): x for k, x in v.items()}
    return v
