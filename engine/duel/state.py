"""The duel state: flat lists of card instance ids into immutable definitions.

Instances ``0 .. n-1`` are the deck cards of both players, followed by the two Hero cards.
Everything that changes lives here, so ``clone`` is a handful of list copies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.core import ResponseWindow, Rng
from engine.core.nothing import unwire, wire

SEATS = 2


@dataclass(slots=True)
class Fight:
    """A fight in progress (# 000 III.A.2.f). ``step``: run, ready, cost, hire, split, end.
    ``allotted``: the Ally chosen for each damage token so far in the split step."""

    attacker: int
    card: int | None  # the card fought with; None once it left the fight (000 III.A.2.f)
    gold: int
    step: str = "run"
    revealed: bool = False
    committed: list[int] = field(default_factory=list)
    cost_mod: int = 0
    power_mod: int = 0
    defense_mod: int = 0
    to_split: int = 0
    allotted: list[int] = field(default_factory=list)

    def clone(self) -> Fight:
        return Fight(
            self.attacker,
            self.card,
            self.gold,
            self.step,
            self.revealed,
            list(self.committed),
            self.cost_mod,
            self.power_mod,
            self.defense_mod,
            self.to_split,
            list(self.allotted),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker,
            "card": wire(self.card),  # -1 for none, as snapshots have always held
            "gold": self.gold,
            "step": self.step,
            "revealed": self.revealed,
            "committed": self.committed,
            "cost_mod": self.cost_mod,
            "power_mod": self.power_mod,
            "defense_mod": self.defense_mod,
            "to_split": self.to_split,
            "allotted": self.allotted,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Fight:
        return cls(
            d["attacker"],
            unwire(d["card"]),
            d["gold"],
            d["step"],
            d["revealed"],
            list(d["committed"]),
            d["cost_mod"],
            d["power_mod"],
            d["defense_mod"],
            d["to_split"],
            list(d.get("allotted", [])),
        )


class Entry(NamedTuple):
    """An ability waiting on the stack (# 000 II.A.1.a). Immutable, so a clone shares it; a
    change (a target picked) replaces it. Saved as the list of its fields, in this order."""

    controller: int
    source: int  # the card instance whose ability it is (the Hero for Bleeding)
    ability: int  # index into the card's abilities, or BLEED_INDEX / the zap's -2
    target: int  # an instance, -1 for none, NEEDS_TARGET while its controller must pick
    blood: int  # 1: paid with Give Blood
    from_hand: int  # 1: a card played from hand (it goes to a pile when it resolves)


class Choice(NamedTuple):
    """The single-seat choice play waits on (``DuelState.pending``): ``kind`` is one of
    ``effects.PENDING_*``; ``amount`` the cards still to put back (Recycle) or the triggers
    to order; ``codes`` the triggers left to order. Saved as ``[seat, amount, kind, *codes]``
    (an empty list for none), the shape snapshots have always had."""

    seat: int
    amount: int
    kind: int
    codes: tuple[int, ...] = ()

    def to_json(self) -> list[int]:
        return [self.seat, self.amount, self.kind, *self.codes]

    @classmethod
    def from_json(cls, data: list[int]) -> Choice | None:
        if not data:
            return None
        seat, amount, kind, *codes = data
        return cls(int(seat), int(amount), int(kind), tuple(int(c) for c in codes))


@dataclass(slots=True)
class DuelState:
    rng: Rng
    card_of: list[int]
    owner: list[int]
    heroes: list[int]
    deck: list[list[int]]
    hand: list[list[int]]
    discard: list[list[int]]
    hoard: list[list[int]]
    stash: list[list[int]]
    removed: list[int] = field(default_factory=list)
    face_up: set[int] = field(default_factory=set)
    zapped: set[int] = field(default_factory=set)
    damage: list[int] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    stuck: dict[int, int] = field(default_factory=dict)
    level: list[int] = field(default_factory=lambda: [1, 1])
    purse: list[int] = field(default_factory=lambda: [0, 0])
    limp: list[bool] = field(default_factory=lambda: [False, False])
    bleed: list[int] = field(default_factory=lambda: [0, 0])
    shield: list[int] = field(default_factory=lambda: [0, 0])
    cheated: list[bool] = field(default_factory=lambda: [False, False])
    mulligan: list[int] = field(default_factory=lambda: [-1, -1])
    flaunted: set[int] = field(default_factory=set)
    phase: str = "mulligan"
    active: int = 0
    chooser: int | None = None  # who won the first-player roll (000 III.A.1); None before it
    turn: int = 0
    fight: Fight | None = None
    stack: list[Entry] = field(default_factory=list)
    window: ResponseWindow | None = None
    pending: Choice | None = None
    eliminated: list[bool] = field(default_factory=lambda: [False, False])
    end_reason: str = ""
    # 000 I.E: cards whose type changed to Ally (op ``animate``), with their life as an Ally,
    # until they leave play.
    animated: dict[int, int] = field(default_factory=dict)
    # Stacked die results used before the RNG (scenarios and perft files fix the first-player
    # roll with them; a live match never stacks any).
    dice: list[int] = field(default_factory=list)

    def clone(self) -> DuelState:
        return DuelState(
            self.rng.clone(),
            self.card_of,
            self.owner,
            self.heroes,
            [list(z) for z in self.deck],
            [list(z) for z in self.hand],
            [list(z) for z in self.discard],
            [list(z) for z in self.hoard],
            [list(z) for z in self.stash],
            list(self.removed),
            set(self.face_up),
            set(self.zapped),
            list(self.damage),
            list(self.tokens),
            dict(self.stuck),
            list(self.level),
            list(self.purse),
            list(self.limp),
            list(self.bleed),
            list(self.shield),
            list(self.cheated),
            list(self.mulligan),
            set(self.flaunted),
            self.phase,
            self.active,
            self.chooser,
            self.turn,
            self.fight.clone() if self.fight is not None else None,
            list(self.stack),
            self.window.clone() if self.window is not None else None,
            self.pending,
            list(self.eliminated),
            self.end_reason,
            dict(self.animated),
            list(self.dice),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "rng": self.rng.to_json(),
            "card_of": self.card_of,
            "owner": self.owner,
            "heroes": self.heroes,
            "deck": self.deck,
            "hand": self.hand,
            "discard": self.discard,
            "hoard": self.hoard,
            "stash": self.stash,
            "removed": self.removed,
            "face_up": sorted(self.face_up),
            "zapped": sorted(self.zapped),
            "damage": self.damage,
            "tokens": self.tokens,
            "stuck": [[k, v] for k, v in sorted(self.stuck.items())],
            "level": self.level,
            "purse": self.purse,
            "limp": self.limp,
            "bleed": self.bleed,
            "shield": self.shield,
            "cheated": self.cheated,
            "mulligan": self.mulligan,
            "flaunted": sorted(self.flaunted),
            "phase": self.phase,
            "active": self.active,
            "chooser": wire(self.chooser),
            "turn": self.turn,
            "fight": self.fight.to_json() if self.fight is not None else None,
            "stack": [list(e) for e in self.stack],
            "window": self.window.to_json() if self.window is not None else None,
            "pending": self.pending.to_json() if self.pending is not None else [],
            "eliminated": self.eliminated,
            "end_reason": self.end_reason,
            "animated": [[k, v] for k, v in sorted(self.animated.items())],
            "dice": self.dice,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> DuelState:
        return cls(
            Rng.from_json(d["rng"]),
            list(d["card_of"]),
            list(d["owner"]),
            list(d["heroes"]),
            [list(z) for z in d["deck"]],
            [list(z) for z in d["hand"]],
            [list(z) for z in d["discard"]],
            [list(z) for z in d["hoard"]],
            [list(z) for z in d["stash"]],
            list(d["removed"]),
            set(d["face_up"]),
            set(d["zapped"]),
            list(d["damage"]),
            list(d["tokens"]),
            {int(k): int(v) for k, v in d["stuck"]},
            list(d["level"]),
            list(d["purse"]),
            list(d["limp"]),
            list(d["bleed"]),
            list(d["shield"]),
            list(d["cheated"]),
            list(d["mulligan"]),
            set(d["flaunted"]),
            d["phase"],
            d["active"],
            unwire(d["chooser"]),
            d["turn"],
            Fight.from_json(d["fight"]) if d["fight"] is not None else None,
            [Entry(*e) for e in d["stack"]],
            ResponseWindow.from_json(d["window"]) if d["window"] is not None else None,
            Choice.from_json(d["pending"]),
            list(d["eliminated"]),
            d["end_reason"],
            {int(k): int(v) for k, v in d.get("animated", [])},
            [int(x) for x in d.get("dice", [])],
        )
