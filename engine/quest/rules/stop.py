"""The Stop window (R161: on another player's turn, a card meant to prevent something must be
announced before it happens, never once it is done). Off-turn, any-time cards are played by
free actors between actions; ``stop`` makes that moment explicit: any seat still in the match
but the active one may call it while the active munchkin moves (no fight, no question pending,
no die window, not once the turn is ending: the Monster Turn cannot be interrupted, R80). The
turn then waits on the stopper (a pending ``stop``), who plays any-time cards (curses, Go Up a
Level, a map changer on a link of the active munchkin's room: Instant Masonry walls off the
way he was about to take, the seed's own example) and ends it with ``go_on``. OURS: once per
seat per turn (it cannot stall a turn), and legal whatever the seat holds (calling it shows
nothing about the hand)."""

from __future__ import annotations

from engine.core import Action, Event
from engine.quest.cards import map_change_ok
from engine.quest.content import DIRS, Content
from engine.quest.state import Pending, QuestState


def can_stop(s: QuestState, seat: int) -> bool:
    return (
        s.phase == "play"
        and seat != s.turn
        and not s.out[seat]
        and seat not in s.stops
        and s.fight is None
        and not s.pending
        and s.window is None
        and not s.ending
        and not s.dead[s.turn]
        and not s.out[s.turn]
    )


def call(s: QuestState, seat: int, ev: list[Event]) -> None:
    s.stops.append(seat)
    s.pending.append(Pending("stop", seat))
    ev.append(Event("stop", {"seat": seat, "turn": s.turn}))


def in_stop(s: QuestState, seat: int) -> bool:
    return bool(s.pending) and s.pending[-1].kind == "stop" and s.pending[-1].seat == seat


def map_changes(s: QuestState, c: Content, seat: int, cards: list[int]) -> list[Action]:
    """Map changers on the sides of the active munchkin's room (SPEC 3.14.6: Instant Masonry
    works on any link but the Entrance's)."""
    at = s.pos[s.turn]
    return [
        Action(seat, "link_to", (card, d))
        for card in cards
        for d in DIRS
        if map_change_ok(s, c, at, card, d)
    ]


def go_on(s: QuestState, seat: int, ev: list[Event]) -> None:
    s.pending.pop()
    ev.append(Event("go_on", {"seat": seat}))
