"""The classic match state: flat lists of card instance ids (ints) into the game's immutable
card table, so that ``clone`` is a handful of list copies (AI playouts clone often)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.classic.pending import DieRoll, Pending, TieRound
from engine.core import Event, ResponseWindow, Rng
from engine.core.nothing import unwire, wire

# Turn phases (# 004: Turn Phases). ``listen`` (1), ``kick`` (before 2), ``trouble`` (3),
# ``charity`` (4); ``over`` once someone has won.
PHASES = ("listen", "kick", "trouble", "charity", "over")


@dataclass(slots=True)
class Combat:
    """One fight (# 004: Combat). ``monsters`` are card ids; per monster, ``mods`` add to its
    strength, ``extra`` to its treasures, ``mates`` counts twins, ``undead`` flags."""

    fighter: int
    helper: int | None = None  # the seat helping (# 004: Asking for Help); None: nobody
    monsters: list[int] = field(default_factory=list)
    mods: list[int] = field(default_factory=list)
    extra: list[int] = field(default_factory=list)
    mates: list[int] = field(default_factory=list)
    undead: list[int] = field(default_factory=list)
    # Cards played into the fight (enhancers, one-shots): discarded when it ends.
    played: list[int] = field(default_factory=list)
    side_mod: int = 0
    asked: list[int] = field(default_factory=list)
    berserked: list[int] = field(default_factory=list)
    # Agreed deal (# 004: Asking for Help): treasures for the helper and who picks first.
    deal_treasures: int = 0
    deal_helper_first: int = 0
    driven_off: int = 0
    # Promised only if the fight is won: gold, and items from the fighter's table.
    deal_win_gold: int = 0
    deal_win_items: list[int] = field(default_factory=list)
    # One entry (the asked seat) per counter-offer made in that seat's bargain, by either
    # side: it bounds the back-and-forth (# 004: Asking for Help).
    counters: list[int] = field(default_factory=list)

    @property
    def side(self) -> tuple[int, ...]:
        """The players' side: the fighter, and the helper if any (# 004: Asking for Help)."""
        return (self.fighter,) if self.helper is None else (self.fighter, self.helper)

    def clone(self) -> Combat:
        return Combat(
            self.fighter,
            self.helper,
            list(self.monsters),
            list(self.mods),
            list(self.extra),
            list(self.mates),
            list(self.undead),
            list(self.played),
            self.side_mod,
            list(self.asked),
            list(self.berserked),
            self.deal_treasures,
            self.deal_helper_first,
            self.driven_off,
            self.deal_win_gold,
            list(self.deal_win_items),
            list(self.counters),
        )

    def to_json(self) -> dict[str, Any]:
        out = {name: _copy(getattr(self, name)) for name in Combat.__slots__}
        out["helper"] = wire(self.helper)  # -1 for nobody, as snapshots have always held
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Combat:
        # Snapshots from before promises and counter-offers.
        defaults = {"deal_win_gold": 0, "deal_win_items": [], "counters": []}
        c = cls(**{n: _copy(data.get(n, defaults.get(n))) for n in Combat.__slots__})
        c.helper = unwire(c.helper)
        return c


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value


class OpenOffer(NamedTuple):
    """An item offer made off-turn (``rules/trade.py``): nobody waits on it and it lapses when
    the turn ends. ``theirs`` is -1 for a gift; ``gold`` is paid by the offerer if positive, by
    the partner if negative. Saved flat, six ints an offer, as snapshots always held it."""

    turn: int  # the turn count it was made in
    offerer: int
    partner: int
    mine: int
    theirs: int
    gold: int = 0


OFFER_SIZE = len(OpenOffer._fields)


@dataclass(slots=True)
class ClassicState:
    seats: int
    rng: Rng
    door: list[int]
    treasure: list[int]
    door_discard: list[int]
    treasure_discard: list[int]
    hands: list[list[int]]
    items: list[list[int]]
    equipped: list[list[int]]
    roles: list[list[int]]
    curses: list[list[int]]
    levels: list[int]
    gold: list[int]
    out: list[bool]
    dead: list[bool]
    redraw: list[bool]
    turn: int = 0
    phase: str = "listen"
    turns: int = 0
    # Once-per-turn powers used this turn (halfling sale, thief's attempt).
    used: list[str] = field(default_factory=list)
    combat: Combat | None = None
    window: ResponseWindow | None = None
    pending: list[Pending] = field(default_factory=list)
    # Items laid out from a dead character, waiting to be looted (# 004: You Are Dead!).
    corpse: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    # Stacked die results, used before the generator (scenarios set exact positions).
    dice: list[int] = field(default_factory=list)
    # Option: a tournament game needs one winner (# 004: Special Rules).
    single_winner: bool = False
    # Cheat cards on items, per seat, as flat pairs [cheat, item, cheat, item, ...].
    cheats: list[list[int]] = field(default_factory=list)
    # Items carried by hirelings, per seat, as flat pairs [item, hireling, ...]; the item
    # stays in ``items`` (and ``equipped``) of the seat (# 004: Other Treasures, Hireling).
    hired: list[list[int]] = field(default_factory=list)
    # Open trade offers made off-turn; nobody waits on them and they lapse when the turn ends
    # (rules/trade.py).
    open_offers: list[OpenOffer] = field(default_factory=list)

    def clone(self) -> ClassicState:
        return ClassicState(
            self.seats,
            self.rng.clone(),
            list(self.door),
            list(self.treasure),
            list(self.door_discard),
            list(self.treasure_discard),
            [list(h) for h in self.hands],
            [list(h) for h in self.items],
            [list(h) for h in self.equipped],
            [list(h) for h in self.roles],
            [list(h) for h in self.curses],
            list(self.levels),
            list(self.gold),
            list(self.out),
            list(self.dead),
            list(self.redraw),
            self.turn,
            self.phase,
            self.turns,
            list(self.used),
            self.combat.clone() if self.combat else None,
            self.window.clone() if self.window else None,
            [p.clone() for p in self.pending],
            list(self.corpse),
            list(self.winners),
            list(self.dice),
            self.single_winner,
            [list(x) for x in self.cheats],
            [list(x) for x in self.hired],
            list(self.open_offers),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in ClassicState.__slots__:
            value = getattr(self, name)
            if name == "rng":
                out[name] = value.to_json()
            elif name in ("combat", "window"):
                out[name] = value.to_json() if value is not None else None
            elif name == "pending":
                out[name] = [p.to_json() for p in value]
            elif name == "open_offers":
                out[name] = [x for offer in value for x in offer]
            elif isinstance(value, list):
                out[name] = [list(v) if isinstance(v, list) else v for v in value]
            else:
                out[name] = value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClassicState:
        kwargs: dict[str, Any] = {}
        for name in ClassicState.__slots__:
            if name == "hired" and name not in data:  # snapshots from before hirelings carried
                data = {**data, name: [[] for _ in range(int(data["seats"]))]}
            if name == "open_offers" and name not in data:
                # Snapshots from before coins in off-turn offers: quintuples, no gold.
                old = list(data.get("offers", []))
                sixes = [[*old[i : i + 5], 0] for i in range(0, len(old), 5)]
                data = {**data, name: [x for six in sixes for x in six]}
            value = data[name]
            if name == "rng":
                kwargs[name] = Rng.from_json(value)
            elif name == "combat":
                kwargs[name] = Combat.from_json(value) if value is not None else None
            elif name == "window":
                kwargs[name] = ResponseWindow.from_json(value) if value is not None else None
            elif name == "pending":
                kwargs[name] = [Pending.from_json(p) for p in value]
            elif name == "open_offers":
                n = OFFER_SIZE
                kwargs[name] = [OpenOffer(*value[i : i + n]) for i in range(0, len(value), n)]
            elif isinstance(value, list):
                kwargs[name] = [list(v) if isinstance(v, list) else v for v in value]
            else:
                kwargs[name] = value
        return cls(**kwargs)

    def all_zones(self) -> list[list[int]]:
        """Every place a card can be; each card id is in exactly one (an invariant)."""
        zones = [self.door, self.treasure, self.door_discard, self.treasure_discard, self.corpse]
        for lists in (self.hands, self.items, self.roles, self.curses):
            zones.extend(lists)
        zones.extend(pairs[0::2] for pairs in self.cheats)
        if self.combat is not None:
            zones.append(self.combat.monsters)
            zones.append(self.combat.played)
        for p in self.pending:
            if p.kind == "pick":
                zones.append(p.cards)
        return zones


def waiting_on(s: ClassicState) -> frozenset[int]:
    """The seats the match waits on (``Classic.deciders``): the owner of the newest pending
    decision, else those a response window still waits for, else the turn player; nobody once
    the match is decided (a winner, or one live seat left). Public: the table says it."""
    if s.winners or sum(1 for p in range(s.seats) if not s.out[p]) <= 1:
        return frozenset()
    if s.pending:
        return frozenset({s.pending[-1].seat})
    if s.window is not None:
        return s.window.waiting_on()
    return frozenset({s.turn})


def roll_die(s: ClassicState) -> int:
    """Every die roll of the game: a stacked result if a scenario set one, else the RNG."""
    return s.dice.pop(0) if s.dice else s.rng.roll()


# What a tie roll settles (``TieRound.purpose``): who loots a body first, who gets a
# Big item given to the lowest, who alone wins. ``TIE_DIE`` marks a die decision for a tie.
TIE_LOOT, TIE_BIG, TIE_WIN = 0, 1, 2
TIE_DIE = 5
TOP_FACE = 6
_DIGIT = 8  # a round's die face is one base-8 digit appended to every key


def start_tie(
    s: ClassicState,
    seats: list[int],
    keys: list[int],
    purpose: int,
    data: list[int],
    ev: list[Event],
) -> list[int] | None:
    """# 004: Dealing With Ties: seats are ranked by ``keys`` (highest first); seats with
    equal keys roll the die, and any card that can change a die may be used on that roll. The
    order when nobody could change a die, else ``None``: a ``tie`` entry then waits under the
    die decisions and ``ties.settle_ties`` carries on with ``purpose`` once they are made."""
    n = len(seats)
    # Issue 26.4, why these -1 cannot collide: a roll not yet made is -1 (faces are 1-6, only
    # ever compared, ``r >= 0``); no seat owes the tie entry itself, so its seat is -1, never
    # read: ``ties.settle_ties`` takes the entry off as soon as it is on top, before anyone
    # is asked (``waiting_on`` reads only the top entry: a die decision above the tie).
    tie = Pending("tie", -1, list(data), list(seats), TieRound(purpose, tuple(keys), (-1,) * n))
    return run_tie(s, tie, ev)


def run_tie(s: ClassicState, tie: Pending, ev: list[Event]) -> list[int] | None:
    """Fold the finished round into the keys and roll again for seats still tied. A roll
    below 6 owes its roller a die decision (whether or not they hold a card, so that the
    question reveals nothing), like every roll a seat makes for itself."""
    seats, n = tie.seats, len(tie.seats)
    while True:
        keys, rolls = list(tie.tie.keys), list(tie.tie.rolls)
        if any(r >= 0 for r in rolls):
            # Appending a digit to every key keeps earlier rounds deciding first.
            keys = [k * _DIGIT + max(r, 0) for k, r in zip(keys, rolls, strict=True)]
        live = [i for i in range(n) if not s.out[seats[i]]]
        tied = [i for i in live if sum(keys[j] == keys[i] for j in live) > 1]
        rolls = [-1] * n
        tie.detail = tie.tie._replace(keys=tuple(keys), rolls=tuple(rolls))
        if not tied:
            return [seats[i] for i in sorted(live, key=lambda i: -keys[i])]
        decisions = []
        for i in tied:
            rolls[i] = roll_die(s)
            if rolls[i] < TOP_FACE:
                decisions.append(Pending("die", seats[i], detail=DieRoll(TIE_DIE, rolls[i])))
        tie.detail = tie.tie._replace(rolls=tuple(rolls))
        ev.append(
            Event(
                "tie_roll", {"seats": [seats[i] for i in tied], "rolls": [rolls[i] for i in tied]}
            )
        )
        if decisions:
            if not any(p is tie for p in s.pending):
                s.pending.append(tie)
            s.pending.extend(reversed(decisions))
            return None
