"""Die windows outside fights (R16, SPEC 3.5 "Die windows"): after every roll the spec names
(run-away, search, d10 power, room and Deal rolls, the Monster Die for a base or for the
Monster Turn), before its result is applied, every seat still in the match may change one die
just rolled with a die changer (the Weighted Die) or pass, whether or not it holds one (no
leak). A card played reopens the window for everyone. A run-away window is skipped when no
face could change the result; so is a d10 window when the power works (or fails) on every
face. The fight's own after-roll window lives in ``combat``/``turn``."""

from __future__ import annotations

from engine.core import Action, Event
from engine.quest.board import roll
from engine.quest.content import Content
from engine.quest.pieces import DieWindow
from engine.quest.rules.answerable import die_window_due
from engine.quest.state import QuestState
from engine.quest.stats import power_works

D10 = ("power", "pickpocket", "ward")  # windows after a d10 roll (faces 1-10)
COLOUR = ("base", "monster_turn")  # windows after the Monster Die (faces: colours 0-5)
ROLES = ("warrior", "wizard")  # a power window's ctx names its role by index


def faces(w: DieWindow) -> range:
    """The faces a die changer may set: the Monster Die's six colours (R16), a d10, a d6."""
    if w.what in COLOUR:
        return range(0, 6)
    return range(1, 11) if w.what in D10 else range(1, 7)


def d10_matters(s: QuestState, c: Content, seat: int, role: str) -> bool:
    """Whether a changed d10 could change whether ``seat``'s power works (R136)."""
    return len({power_works(s, c, seat, role, f) for f in range(1, 11)}) > 1


def roll_d10(
    s: QuestState, c: Content, what: str, seat: int, role: str, ctx: list[int], ev: list[Event]
) -> int | None:
    """Roll the d10 for a power; open its window and return None, or return the face when
    no window is due (the option is off, or no face could change the outcome)."""
    face = roll(s, 10)
    if die_window_due(s, c, what) and d10_matters(s, c, seat, role):
        open_window(s, what, seat, [face], ctx, ev)
        return None
    return face


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
            out += [Action(seat, "set_die", (card, i, f)) for f in faces(w) if f != d]
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
