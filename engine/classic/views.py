"""What one seat may see: the table is public; hands and decks are not (# 004: Card
Management). Other hands appear only as counts.

Open trade offers are in every view, the spectator's included: an offer names only items on
the table (# 004: Items (Trading): never cards from a hand), which everyone sees already, and
the log says aloud who offered whom. So a seat sees the offers it made and the ones made to it,
and the rest of the table may follow the bargaining as it would across a real table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.classic.pending import Draft, Terms
from engine.classic.rules.trade import answer_actions, pending_answers, trade_gold
from engine.classic.state import ClassicState, waiting_on
from engine.classic.table import Table
from engine.core import Action
from engine.core.nothing import wire

Ints = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FightView:
    """The fight on the table (# 004: Combat): who fights and helps, the monsters with their
    strength as it stands, the players' side and who is winning, the cards played into it."""

    fighter: int
    helper: int
    monsters: Ints
    monster_strength: Ints
    side_strength: int
    players_winning: bool
    played: Ints

    def to_json(self) -> dict[str, Any]:
        return {
            "fighter": self.fighter,
            "helper": self.helper,
            "monsters": list(self.monsters),
            "monster_strength": list(self.monster_strength),
            "side_strength": self.side_strength,
            "players_winning": self.players_winning,
            "played": list(self.played),
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> FightView:
        return cls(
            d["fighter"],
            d["helper"],
            tuple(d["monsters"]),
            tuple(d["monster_strength"]),
            d["side_strength"],
            d["players_winning"],
            tuple(d["played"]),
        )


@dataclass(frozen=True, slots=True)
class PendingView:
    """The decision play waits on. ``cards`` are its cards (a ``received`` decision's only for
    its owner); a bargain for help shows its ``terms`` (``help``, ``countered``), the other
    party (``partner``: ``offer``, ``counter``, ``countered``) and the ``draft`` so far."""

    kind: str
    seat: int
    cards: Ints
    terms: Terms | None = None
    partner: int | None = None
    draft: Draft | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "cards": list(self.cards)}
        if self.terms is not None:
            out["offer"] = self.terms.nums()
        if self.partner is not None:
            out["with"] = self.partner
        if self.draft is not None:
            out["draft"] = self.draft.nums()  # [gold on a win, items on a win...] so far
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PendingView:
        return cls(
            d["kind"],
            d["seat"],
            tuple(d["cards"]),
            Terms.of(list(d["offer"])) if "offer" in d else None,
            d.get("with"),
            Draft.of(list(d["draft"])) if "draft" in d else None,
        )


@dataclass(frozen=True, slots=True)
class OfferView:
    """An open trade offer: ``give`` is the offerer's item, ``take`` the partner's (-1: a
    gift), ``gold`` the coins in it (from the offerer if positive, else to them)."""

    offerer: int
    to: int
    give: int
    take: int
    gold: int = 0

    def to_json(self) -> dict[str, int]:
        out = {"from": self.offerer, "to": self.to, "give": self.give, "take": self.take}
        if self.gold:
            out["gold"] = self.gold
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> OfferView:
        return cls(d["from"], d["to"], d["give"], d["take"], d.get("gold", 0))


@dataclass(frozen=True, slots=True)
class ClassicView:
    """What one seat (``None``: a spectator) sees of a classic match; per seat lists are
    indexed by seat. ``hand`` is the seat's own hand (``None`` for a spectator)."""

    seat: int | None
    turn: int
    phase: str
    levels: Ints
    gold: Ints
    hand_sizes: Ints
    items: tuple[Ints, ...]
    equipped: tuple[Ints, ...]
    roles: tuple[Ints, ...]
    curses: tuple[Ints, ...]
    cheats: tuple[Ints, ...]  # flat pairs [cheat, item, ...] per seat
    hired: tuple[Ints, ...]  # flat pairs [item, hireling, ...] per seat
    out: tuple[bool, ...]
    dead: tuple[bool, ...]
    door_left: int
    treasure_left: int
    door_discard_top: int | None
    treasure_discard_top: int | None
    corpse: Ints
    combat: FightView | None
    window_waiting: Ints
    pending: PendingView | None
    winners: Ints
    offers: tuple[OfferView, ...]
    deciders: Ints  # a hand tells deciding from acting freely
    hand: Ints | None

    def to_json(self) -> dict[str, Any]:
        """The export shape (replay files, the generic renderer): stable across versions."""
        return {
            "seat": self.seat,
            "turn": self.turn,
            "phase": self.phase,
            "levels": list(self.levels),
            "gold": list(self.gold),
            "hand_sizes": list(self.hand_sizes),
            "items": _lists(self.items),
            "equipped": _lists(self.equipped),
            "roles": _lists(self.roles),
            "curses": _lists(self.curses),
            "cheats": _lists(self.cheats),
            "hired": _lists(self.hired),
            "out": list(self.out),
            "dead": list(self.dead),
            "door_left": self.door_left,
            "treasure_left": self.treasure_left,
            "door_discard_top": self.door_discard_top,
            "treasure_discard_top": self.treasure_discard_top,
            "corpse": list(self.corpse),
            "combat": self.combat.to_json() if self.combat is not None else None,
            "window_waiting": list(self.window_waiting),
            "pending": self.pending.to_json() if self.pending is not None else None,
            "winners": list(self.winners),
            "offers": [o.to_json() for o in self.offers],
            "deciders": list(self.deciders),
            "hand": list(self.hand) if self.hand is not None else None,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> ClassicView:
        """The inverse of ``to_json`` (a renderer handed the exported shape)."""
        combat, pending, hand = d["combat"], d["pending"], d["hand"]
        return cls(
            d["seat"],
            d["turn"],
            d["phase"],
            tuple(d["levels"]),
            tuple(d["gold"]),
            tuple(d["hand_sizes"]),
            _tuples(d["items"]),
            _tuples(d["equipped"]),
            _tuples(d["roles"]),
            _tuples(d["curses"]),
            _tuples(d["cheats"]),
            _tuples(d["hired"]),
            tuple(d["out"]),
            tuple(d["dead"]),
            d["door_left"],
            d["treasure_left"],
            d["door_discard_top"],
            d["treasure_discard_top"],
            tuple(d["corpse"]),
            FightView.from_json(combat) if combat is not None else None,
            tuple(d["window_waiting"]),
            PendingView.from_json(pending) if pending is not None else None,
            tuple(d["winners"]),
            tuple(OfferView.from_json(o) for o in d["offers"]),
            tuple(d["deciders"]),
            tuple(hand) if hand is not None else None,
        )


def _lists(per_seat: tuple[Ints, ...]) -> list[list[int]]:
    return [list(x) for x in per_seat]


def _tuples(per_seat: Any) -> tuple[Ints, ...]:
    return tuple(tuple(x) for x in per_seat)


def make_view(t: Table, s: ClassicState, seat: int | None) -> ClassicView:
    c = s.combat
    fight = None
    if c is not None:
        fight = FightView(
            c.fighter,
            wire(c.helper),  # the view shows -1 for nobody, as it always has
            tuple(c.monsters),
            tuple(t.monster_strength(s, c, i) for i in range(len(c.monsters))),
            t.side_strength(s, c),
            t.players_winning(s, c),
            tuple(c.played),
        )
    pending = None
    if s.pending:
        p = s.pending[-1]
        pending = PendingView(
            p.kind,
            p.seat,
            # A "received" decision lists cards now in a hand: only their owner sees them.
            tuple(p.cards) if p.kind != "received" or seat == p.seat else (),
            # A bargain for help is made in the open (# 004: Asking for Help): its terms and
            # the other party show; its items are on the fighter's table already.
            p.terms if p.kind in ("help", "countered") else None,
            p.seats[0] if p.kind in ("offer", "counter", "countered") else None,
            p.draft if p.kind in ("offer", "counter") else None,
        )
    return ClassicView(
        seat,
        s.turn,
        s.phase,
        tuple(s.levels),
        tuple(s.gold),
        tuple(len(h) for h in s.hands),
        _tuples(s.items),
        _tuples(s.equipped),
        _tuples(s.roles),
        _tuples(s.curses),
        _tuples(s.cheats),
        _tuples(s.hired),
        tuple(s.out),
        tuple(s.dead),
        len(s.door),
        len(s.treasure),
        s.door_discard[-1] if s.door_discard else None,
        s.treasure_discard[-1] if s.treasure_discard else None,
        tuple(s.corpse),
        fight,
        tuple(sorted(s.window.waiting_on())) if s.window else (),
        pending,
        tuple(s.winners),
        tuple(open_offers(t, s)),
        tuple(sorted(waiting_on(s))),
        tuple(sorted(s.hands[seat])) if seat is not None else None,
    )


def open_offers(t: Table, s: ClassicState) -> list[OfferView]:
    """The trade offers that may still be answered: those made off-turn this turn (lapsed,
    already answered or no longer possible ones left out) and one made on the offerer's turn
    that the partner is weighing (while it may still be carried out). ``give`` is the
    offerer's item, ``take`` the partner's (-1: a gift)."""
    out: list[OfferView] = []
    for seat in range(s.seats):
        for a in answer_actions(t, s, seat):
            if a.kind == "accept":
                give, take, offerer, gold = (int(x) for x in a.args)
                out.append(OfferView(offerer, seat, give, take, gold))
    p = s.pending[-1] if s.pending else None
    if (
        p is not None
        and p.kind == "trade"
        and Action(p.seat, "accept") in pending_answers(t, s, p.seat)
    ):
        offerer, give, take, _ = p.offer
        out.append(OfferView(offerer, p.seat, give, take, trade_gold(p)))
    return out
