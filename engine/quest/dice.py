"""Die windows outside fights (R16, SPEC 3.5 "Die windows"): after a run-away roll or a search
roll, before its result is applied, every seat still in the match may change one die just
rolled with a die changer (the Weighted Die) or pass, whether or not it holds one (no leak).
A card played reopens the window for everyone. A run-away window is skipped when no face could
change the result. The fight's own after-roll window lives in ``combat``/``turn``; d10 powers
and the Monster Die get no window yet (docs/rules/quest.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core import Action, Event
from engine.quest.content import Content

if TYPE_CHECKING:
    from engine.quest.state import QuestState


@dataclass(slots=True)
class DieWindow:
    """A die window outside fights (R16, SPEC 3.5): dice just rolled, not yet applied."""

    what: str  # flee | search
    seat: int  # who rolled
    faces: list[int]
    ctx: list[int] = field(default_factory=list)  # flee: the monster's serial
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


def window_seats(s: QuestState) -> list[int]:
    w = s.window
    assert w is not None
    return [k for k in range(s.seats) if not s.out[k] and k not in w.passed]


def open_window(
    s: QuestState, what: str, seat: int, faces: list[int], ctx: list[int], ev: list[Event]
) -> None:
    s.window = DieWindow(what, seat, list(faces), list(ctx))
    ev.append(Event("die_window", {"seat": seat, "what": what, "dice": list(faces)}))


def legal_in_window(s: QuestState, c: Content, seat: int, changers: list[int]) -> list[Action]:
    w = s.window
    assert w is not None
    out = [Action(seat, "pass")]
    for card in changers:
        for i, d in enumerate(w.faces):
            out += [Action(seat, "set_die", (card, i, f)) for f in range(1, 7) if f != d]
    return out


def set_face(s: QuestState, seat: int, card: int, i: int, face: int, ev: list[Event]) -> None:
    w = s.window
    assert w is not None
    s.hand[seat].remove(card)
    s.discards["D"].append(card)
    old = w.faces[i]
    w.faces[i] = face
    w.passed = []  # a card played reopens the window (SPEC 3.5)
    ev.append(Event("set_die", {"seat": seat, "die": i, "from": old, "to": face, "what": w.what}))


def close(s: QuestState, c: Content, ev: list[Event]) -> None:
    """Everyone passed: the roll, as it now stands, takes effect."""
    from engine.quest.movement import search_result
    from engine.quest.running import flee_result

    w = s.window
    assert w is not None
    s.window = None
    if w.what == "flee":
        flee_result(s, c, s.pending[-1], w.ctx[0], w.faces[0], ev)
    else:
        search_result(s, c, w.seat, w.faces, ev)
