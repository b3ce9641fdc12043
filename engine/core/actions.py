"""Actions, events and outcomes: the plain values that cross the engine's boundary."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

ArgValue = int | str


@dataclass(frozen=True, slots=True)
class Action:
    """One decision by one seat. ``kind`` names it within its game (``"pass"``, ``"play"``);
    ``args`` are ints (card ids, seats, amounts) or short strings (choices)."""

    seat: int
    kind: str
    args: tuple[ArgValue, ...] = ()

    @property
    def key(self) -> str:
        """A compact text form, stable across versions, used in button custom ids."""
        if not self.args:
            return self.kind
        return self.kind + "." + ".".join(_encode_arg(a) for a in self.args)

    @classmethod
    def from_key(cls, seat: int, key: str) -> Action:
        """The inverse of ``key``. Raises ``ValueError`` on text that is not a key."""
        if not key or len(key) > 80:
            raise ValueError("bad action key")
        kind, *raw = key.split(".")
        if not kind or not all(c.isalnum() or c == "_" for c in kind):
            raise ValueError("bad action kind")
        return cls(seat, kind, tuple(_decode_arg(r) for r in raw))

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        args = data.get("args", [])
        if not isinstance(args, list) or not all(isinstance(a, int | str) for a in args):
            raise ValueError("action args must be a list of ints and strings")
        return cls(int(data["seat"]), str(data["kind"]), tuple(args))


def _encode_arg(arg: ArgValue) -> str:
    if isinstance(arg, bool):
        raise ValueError("bools are not action arguments")
    if isinstance(arg, int):
        return str(arg) if arg >= 0 else "n" + str(-arg)
    if (
        not arg
        or not all(c.isalnum() or c in "_-" for c in arg)
        or arg[0].isdigit()
        or arg[0] == "n"
    ):
        raise ValueError(f"string argument {arg!r} cannot be keyed")
    return "s" + arg


def _decode_arg(raw: str) -> ArgValue:
    if raw.isdigit():
        return int(raw)
    if raw.startswith("n") and raw[1:].isdigit():
        return -int(raw[1:])
    if raw.startswith("s") and len(raw) > 1:
        return raw[1:]
    raise ValueError(f"bad action argument {raw!r}")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``data`` is what everyone may know; ``secret`` is added only for
    the seats in ``audience`` (a drawn card's identity for the player who drew it)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] = frozenset()

    def for_viewer(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` may see it (``None`` is a spectator)."""
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if seat is not None and seat in self.audience:
            out.update(self.secret)
        return out


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended. ``ranks[seat]`` is the placing (0 is first; equal numbers tie), the
    shape rating systems want; ``winners`` are the seats placed first."""

    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "ranks": list(self.ranks), "reason": self.reason}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(tuple(data["winners"]), tuple(data["ranks"]), str(data["reason"]))
