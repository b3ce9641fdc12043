"""The decisions a classic match waits on (``ClassicState.pending``) and their named details.

A ``Pending`` says who owes which decision; what it is about lives in ``detail``, one small
immutable record per kind (the terms of a bargain, a die roll, a tie's keys). Immutable, so a
cloned state shares it and a change replaces it. Snapshots keep the shape they always had: the
detail is saved as the flat ``nums`` list of ints, decoded by the pending's kind, so matches
stored before these records existed still restore.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar


class Draft(NamedTuple):
    """Terms for help being drafted (``offer`` by the fighter, ``counter`` by the helper):
    gold promised on a win (``None`` until the first line is drafted) and items promised on a
    win. The items given up front are the pending's ``cards``."""

    win_gold: int | None = None
    win_items: tuple[int, ...] = ()

    def nums(self) -> list[int]:
        return [] if self.win_gold is None else [self.win_gold, *self.win_items]

    @classmethod
    def of(cls, nums: list[int]) -> Draft:
        return cls(nums[0], tuple(nums[1:])) if nums else cls()


class Terms(NamedTuple):
    """A bargain for help put to the other side (``help`` to the helper, ``countered`` back to
    the fighter): treasures for the helper and whether they pick first, gold paid now, gold
    and items promised on a win (# 004: Asking for Help)."""

    share: int
    helper_first: int
    gold: int
    win_gold: int
    win_items: tuple[int, ...] = ()

    def nums(self) -> list[int]:
        return [self.share, self.helper_first, self.gold, self.win_gold, *self.win_items]

    @classmethod
    def of(cls, nums: list[int]) -> Terms:
        return cls(nums[0], nums[1], nums[2], nums[3], tuple(nums[4:]))


class DealCoins(NamedTuple):
    """Coins a ``deal`` draft adds so far: the offerer's and the partner's (none drafted yet:
    ``drafted`` is false)."""

    mine: int = 0
    theirs: int = 0
    drafted: bool = False

    def nums(self) -> list[int]:
        return [self.mine, self.theirs] if self.drafted else []

    @classmethod
    def of(cls, nums: list[int]) -> DealCoins:
        return cls(nums[0], nums[1], True) if len(nums) >= 2 else cls()


class TradeOffer(NamedTuple):
    """An item offer owed an answer (``trade``): the offerer's item, the partner's item (-1:
    a gift) and the coins (from the offerer if positive; older snapshots have none)."""

    offerer: int
    mine: int
    theirs: int
    gold: int = 0

    def nums(self) -> list[int]:
        return [self.offerer, self.mine, self.theirs, self.gold]

    @classmethod
    def of(cls, nums: list[int]) -> TradeOffer:
        return cls(nums[0], nums[1], nums[2], nums[3] if len(nums) > 3 else 0)


class DieRoll(NamedTuple):
    """A roll its roller may still change (``die``): what it is for (``running.FLEE`` …,
    ``state.TIE_DIE``), the roll as it stands, and the other die of a two-dice roll-off."""

    purpose: int
    roll: int
    second: int | None = None

    def nums(self) -> list[int]:
        return [self.purpose, self.roll] + ([] if self.second is None else [self.second])

    @classmethod
    def of(cls, nums: list[int]) -> DieRoll:
        return cls(nums[0], nums[1], nums[2] if len(nums) > 2 else None)


class TieRound(NamedTuple):
    """A tie being rolled off (``tie``, # 004: Dealing With Ties): what it settles
    (``state.TIE_LOOT`` …), each tied seat's key so far and this round's rolls (-1: none)."""

    purpose: int
    keys: tuple[int, ...]
    rolls: tuple[int, ...]

    def nums(self) -> list[int]:
        return [self.purpose, *self.keys, *self.rolls]

    @classmethod
    def of(cls, nums: list[int], seats: int) -> TieRound:
        return cls(nums[0], tuple(nums[1 : 1 + seats]), tuple(nums[1 + seats :]))


class Tally(NamedTuple):
    """The scores of a roll-off for the win (``roll_off``), in seat order (-1: not yet)."""

    scores: tuple[int, ...]

    def nums(self) -> list[int]:
        return list(self.scores)


T = TypeVar("T")

Detail = Draft | Terms | DealCoins | TradeOffer | DieRoll | TieRound | Tally | None


@dataclass(slots=True)
class Pending:
    """A decision one seat owes before play goes on (help answer, run-away order, treasure
    pick, looting a body, charity). ``cards``/``seats`` are its cards and seats; ``detail``
    what else it is about (see the records above)."""

    kind: str
    seat: int
    cards: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    detail: Detail = None

    def clone(self) -> Pending:
        return Pending(self.kind, self.seat, list(self.cards), list(self.seats), self.detail)

    @property
    def draft(self) -> Draft:
        return _as(self.detail, Draft) if self.detail is not None else Draft()

    @property
    def terms(self) -> Terms:
        return _as(self.detail, Terms)

    @property
    def coins(self) -> DealCoins:
        return _as(self.detail, DealCoins) if self.detail is not None else DealCoins()

    @property
    def offer(self) -> TradeOffer:
        return _as(self.detail, TradeOffer)

    @property
    def die(self) -> DieRoll:
        return _as(self.detail, DieRoll)

    @property
    def tie(self) -> TieRound:
        return _as(self.detail, TieRound)

    @property
    def tally(self) -> Tally:
        return _as(self.detail, Tally)

    def to_json(self) -> dict[str, Any]:
        nums = self.detail.nums() if self.detail is not None else []
        return {
            "kind": self.kind,
            "seat": self.seat,
            "cards": list(self.cards),
            "seats": list(self.seats),
            "nums": nums,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Pending:
        kind, seats = str(data["kind"]), [int(x) for x in data["seats"]]
        nums = [int(x) for x in data["nums"]]
        cards = [int(x) for x in data["cards"]]
        return cls(kind, int(data["seat"]), cards, seats, decode(kind, nums, len(seats)))


def decode(kind: str, nums: list[int], seats: int) -> Detail:
    """The detail a snapshot's ``nums`` stand for, by the pending's kind."""
    if kind in ("offer", "counter"):
        return Draft.of(nums) if nums else None
    if kind in ("help", "countered"):
        return Terms.of(nums)
    if kind == "deal":
        return DealCoins.of(nums) if nums else None
    if kind == "trade":
        return TradeOffer.of(nums)
    if kind == "die":
        return DieRoll.of(nums)
    if kind == "tie":
        return TieRound.of(nums, seats)
    if kind == "roll_off":
        return Tally(tuple(nums))
    if nums:
        raise ValueError(f"a {kind!r} decision carries no numbers")
    return None


def _as(detail: Detail, cls: type[T]) -> T:
    if not isinstance(detail, cls):
        raise TypeError(f"expected {cls.__name__}, found {type(detail).__name__}")
    return detail
