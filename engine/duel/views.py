"""What one seat may see (# 000 II.A.9 public knowledge): hands are private, decks and
face-down cards are hidden from everyone (owners may not look at their own face-down stash
cards), and the fight's face-down card only its attacker knows until it is revealed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.duel.state import Choice, DuelState
from engine.duel.zones import Defs, card, stuck_bonus


@dataclass(frozen=True, slots=True)
class CurseView:
    """A Curse stuck on a card in play."""

    iid: int
    id: str


@dataclass(frozen=True, slots=True)
class CardView:
    """A face-up card instance (``iid``) and its definition ``id``, with what is on it: damage,
    zapped, tokens, an animated card's Ally life (# 000 I.E) and the Curses stuck on it."""

    iid: int
    id: str
    damage: int = 0
    zapped: bool = False
    tokens: int = 0
    life: int | None = None  # set while the card is animated into an Ally
    curses: tuple[CurseView, ...] = ()

    @property
    def animated(self) -> bool:
        return self.life is not None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"iid": self.iid, "id": self.id}
        if self.damage:
            out["damage"] = self.damage
        if self.zapped:
            out["zapped"] = True
        if self.tokens:
            out["tokens"] = self.tokens
        if self.life is not None:
            out["type"] = "ally"
            out["life"] = self.life
        if self.curses:
            out["curses"] = [{"iid": c.iid, "id": c.id} for c in self.curses]
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> CardView:
        curses = tuple(CurseView(c["iid"], c["id"]) for c in d.get("curses", ()))
        return cls(
            d["iid"],
            d["id"],
            d.get("damage", 0),
            d.get("zapped", False),
            d.get("tokens", 0),
            d.get("life"),
            curses,
        )


Cards = tuple[CardView, ...]


@dataclass(frozen=True, slots=True)
class SideView:
    """One player's side of the table; ``hand`` only in that player's own view."""

    hero: CardView
    level: int
    purse: int
    run_away: str  # "run" or "limp"
    hand: Cards | None
    hand_count: int
    deck_count: int
    discard: Cards
    hoard: Cards
    stash_face_up: Cards
    stash_face_down: int
    eliminated: bool
    bleeding: int
    shield: int

    def to_json(self) -> dict[str, Any]:
        return {
            "hero": self.hero.to_json(),
            "level": self.level,
            "purse": self.purse,
            "run_away": self.run_away,
            "hand": _cards_json(self.hand) if self.hand is not None else None,
            "hand_count": self.hand_count,
            "deck_count": self.deck_count,
            "discard": _cards_json(self.discard),
            "hoard": _cards_json(self.hoard),
            "stash_face_up": _cards_json(self.stash_face_up),
            "stash_face_down": self.stash_face_down,
            "eliminated": self.eliminated,
            "bleeding": self.bleeding,
            "shield": self.shield,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> SideView:
        hand = d["hand"]
        return cls(
            CardView.from_json(d["hero"]),
            d["level"],
            d["purse"],
            d["run_away"],
            _cards(hand) if hand is not None else None,
            d["hand_count"],
            d["deck_count"],
            _cards(d["discard"]),
            _cards(d["hoard"]),
            _cards(d["stash_face_up"]),
            d["stash_face_down"],
            d["eliminated"],
            d["bleeding"],
            d["shield"],
        )


@dataclass(frozen=True, slots=True)
class FightView:
    """The fight (# 000 III.A.2.f); ``card`` is the Monster, shown once revealed and to its
    attacker before; ``allotted`` the Ally named for each damage token so far."""

    attacker: int
    gold: int
    step: str
    committed: Cards
    cost_mod: int
    to_split: int
    allotted: tuple[int, ...]
    card: CardView | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "attacker": self.attacker,
            "gold": self.gold,
            "step": self.step,
            "committed": _cards_json(self.committed),
            "cost_mod": self.cost_mod,
            "to_split": self.to_split,
            "allotted": list(self.allotted),
        }
        if self.card is not None:
            out["card"] = self.card.to_json()
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> FightView:
        return cls(
            d["attacker"],
            d["gold"],
            d["step"],
            _cards(d["committed"]),
            d["cost_mod"],
            d["to_split"],
            tuple(d["allotted"]),
            CardView.from_json(d["card"]) if "card" in d else None,
        )


@dataclass(frozen=True, slots=True)
class StackView:
    """An ability waiting on the stack: everything on it is public."""

    seat: int
    card: CardView
    target: int
    blood: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "card": self.card.to_json(),
            "target": self.target,
            "blood": self.blood,
        }


@dataclass(frozen=True, slots=True)
class DuelView:
    """What one seat (``None``: a spectator) sees of a duel. ``window`` is the open response
    window's kind; ``pending`` the single-seat choice play waits on (public: the table says
    who orders which triggers)."""

    seat: int | None
    phase: str
    active: int
    turn: int
    players: tuple[SideView, SideView]
    fight: FightView | None
    stack: tuple[StackView, ...]
    removed: Cards
    window: str | None
    pending: Choice | None

    def to_json(self) -> dict[str, Any]:
        """The export shape (replay files, the generic renderer): stable across versions."""
        return {
            "seat": self.seat,
            "phase": self.phase,
            "active": self.active,
            "turn": self.turn,
            "players": [p.to_json() for p in self.players],
            "fight": self.fight.to_json() if self.fight is not None else None,
            "stack": [e.to_json() for e in self.stack],
            # 000 IV Remove from Game: only cards in play (face up) can be removed, so which
            # cards are gone for good is public.
            "removed": _cards_json(self.removed),
            "window": self.window,
            "pending": self.pending.to_json() if self.pending is not None else [],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> DuelView:
        """The inverse of ``to_json`` (a renderer handed the exported shape)."""
        first, second = (SideView.from_json(p) for p in d["players"])
        stack = tuple(
            StackView(e["seat"], CardView.from_json(e["card"]), e["target"], e["blood"])
            for e in d["stack"]
        )
        return cls(
            d["seat"],
            d["phase"],
            d["active"],
            d["turn"],
            (first, second),
            FightView.from_json(d["fight"]) if d["fight"] is not None else None,
            stack,
            _cards(d["removed"]),
            d["window"],
            Choice.from_json(list(d["pending"])),
        )


def _cards(raw: Any) -> Cards:
    return tuple(CardView.from_json(c) for c in raw)


def _cards_json(cards: Cards) -> list[dict[str, Any]]:
    return [c.to_json() for c in cards]


def _shown(defs: Defs, s: DuelState, iid: int) -> CardView:
    stuck = sorted(c for c, host in s.stuck.items() if host == iid)
    return CardView(
        iid,
        card(defs, s, iid).id,
        s.damage[iid],
        iid in s.zapped,
        s.tokens[iid],
        s.animated.get(iid),  # 000 I.E: its type and life now
        tuple(CurseView(c, card(defs, s, c).id) for c in stuck),
    )


def _side(defs: Defs, s: DuelState, seat: int | None, p: int) -> SideView:
    return SideView(
        _shown(defs, s, s.heroes[p]),
        s.level[p],
        s.purse[p],
        "limp" if s.limp[p] else "run",
        tuple(_shown(defs, s, i) for i in s.hand[p]) if seat == p else None,
        len(s.hand[p]),
        len(s.deck[p]),
        tuple(_shown(defs, s, i) for i in s.discard[p]),
        tuple(_shown(defs, s, i) for i in s.hoard[p]),
        tuple(_shown(defs, s, i) for i in s.stash[p] if i in s.face_up),
        sum(1 for i in s.stash[p] if i not in s.face_up),
        s.eliminated[p],
        # Public too: what the Hero bleeds at its next reckoning (played Bleeding and stuck
        # Curses are face up) and the damage a resolved Prevent still blocks.
        s.bleed[p] + stuck_bonus(defs, s, s.heroes[p], "bleeding"),
        s.shield[p],
    )


def make_view(defs: Defs, s: DuelState, seat: int | None) -> DuelView:
    f = s.fight
    fight = None
    if f is not None:
        fight = FightView(
            f.attacker,
            f.gold,
            f.step,
            tuple(_shown(defs, s, i) for i in f.committed),
            f.cost_mod,
            f.to_split,
            tuple(f.allotted),
            # the face-down Monster: its attacker knows it, everyone once it is revealed
            _shown(defs, s, f.card)
            if f.card is not None and (f.revealed or seat == f.attacker)
            else None,
        )
    # Everything on the stack is public: played Mischief is face up, abilities come from
    # cards in play, and a Flaunt shows its card (# 000 IV Flaunt).
    stack = tuple(
        StackView(e.controller, _shown(defs, s, e.source), e.target, e.blood) for e in s.stack
    )
    return DuelView(
        seat,
        s.phase,
        s.active,
        s.turn,
        (_side(defs, s, seat, 0), _side(defs, s, seat, 1)),
        fight,
        stack,
        tuple(_shown(defs, s, i) for i in s.removed),
        s.window.kind if s.window is not None else None,
        s.pending,
    )


def visible_iids(view_json: Any) -> set[int]:
    """Every card instance a view shows (tests use it to prove nothing hidden leaks)."""
    found: set[int] = set()
    if isinstance(view_json, dict):
        if "iid" in view_json:
            found.add(int(view_json["iid"]))
        for v in view_json.values():
            found |= visible_iids(v)
    elif isinstance(view_json, list):
        for v in view_json:
            found |= visible_iids(v)
    return found
