"""Twenty-One: a tiny game used only by tests to drive the bot before the real games exist.

Each seat holds three number cards (1-6) from a shared shuffled deck. On your turn play one
(it adds to the pile and you draw a replacement). Whoever brings the pile to 21 or more wins.
It is never offered to users: only tests register it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import CONCEDE, Action, Event, Game, Outcome, Rng
from engine.core.errors import IllegalAction, Reason
from engine.core.moves import Move

TARGET = 21
DECK = [n for n in range(1, 7) for _ in range(4)]
MOVES: dict[str, Move[None]] = {"play": Move(("card",))}  # a number card from the hand


@dataclass(slots=True)
class TinyState:
    seats: int
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    pile: int = 0
    turn: int = 0
    out: set[int] = field(default_factory=set)
    winner: int | None = None

    def clone(self) -> TinyState:
        return TinyState(
            self.seats,
            self.rng.clone(),
            list(self.deck),
            [list(h) for h in self.hands],
            self.pile,
            self.turn,
            set(self.out),
            self.winner,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "rng": self.rng.to_json(),
            "deck": self.deck,
            "hands": self.hands,
            "pile": self.pile,
            "turn": self.turn,
            "out": sorted(self.out),
            "winner": self.winner,
        }


@dataclass(slots=True)
class TinyView:
    seat: int | None
    pile: int
    turn: int
    hand_sizes: list[int]
    hand: list[int] | None
    out: list[int]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "pile": self.pile,
            "turn": self.turn,
            "hand_sizes": self.hand_sizes,
            "hand": self.hand,
            "out": self.out,
        }


class TwentyOne(Game[TinyState, TinyView]):
    id = "tiny"
    min_seats = 2
    max_seats = 6
    moves = MOVES

    @property
    def card_set_digest(self) -> str:
        return "tiny-1"

    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> TinyState:
        rng = Rng(seed)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] for _ in range(seats)]
        return TinyState(seats, rng, deck, hands)

    def live_seats(self, state: TinyState) -> frozenset[int]:
        return frozenset(s for s in range(state.seats) if s not in state.out)

    def deciders(self, state: TinyState) -> frozenset[int]:
        if state.winner is not None:
            return frozenset()
        return frozenset({state.turn})

    def legal_actions(self, state: TinyState, seat: int) -> list[Action]:
        if seat not in self.deciders(state):
            return []
        return [Action(seat, "play", (card,)) for card in sorted(set(state.hands[seat]))]

    def _resolve(self, state: TinyState, action: Action) -> list[Event]:
        seat = action.seat
        if action.kind == CONCEDE:
            state.out.add(seat)
            events = [Event("conceded", {"seat": seat})]
            live = sorted(self.live_seats(state))
            if len(live) == 1:
                state.winner = live[0]
                events.append(Event("won", {"seat": live[0]}))
            elif seat == state.turn:
                state.turn = self._next(state, seat)
            return events
        if action.kind != "play":
            raise IllegalAction(Reason.UNKNOWN_ACTION)
        card = int(self.moves["play"].arg(action, "card"))
        state.hands[seat].remove(card)
        state.pile += card
        played = {"seat": seat, "card": card, "pile": state.pile}
        events = [Event("played", played)]
        if state.deck:
            drawn = state.deck.pop()
            state.hands[seat].append(drawn)
            events.append(Event("drew", {"seat": seat}, {"card": drawn}, frozenset({seat})))
        if state.pile >= TARGET:
            state.winner = seat
            events.append(Event("won", {"seat": seat}))
        else:
            state.turn = self._next(state, seat)
            played["next"] = state.turn  # whose turn it starts (``turn_started``)
        return events

    def turn_started(self, event: Event) -> int | None:
        """Each play starts the next seat's turn (issue 27.3: the bot pings it)."""
        found = event.data.get("next") if event.kind == "played" else None
        return found if isinstance(found, int) else None

    def _next(self, state: TinyState, seat: int) -> int:
        for step in range(1, state.seats + 1):
            candidate = (seat + step) % state.seats
            if candidate not in state.out and state.hands[candidate]:
                return candidate
        return seat

    def view(self, state: TinyState, seat: int | None) -> TinyView:
        return TinyView(
            seat,
            state.pile,
            state.turn,
            [len(h) for h in state.hands],
            list(state.hands[seat]) if seat is not None else None,
            sorted(state.out),
        )

    def outcome(self, state: TinyState) -> Outcome | None:
        if state.winner is None:
            return None
        ranks = tuple(0 if s == state.winner else 1 for s in range(state.seats))
        return Outcome((state.winner,), ranks, "target")

    def load_state(self, data: Mapping[str, Any]) -> TinyState:
        return TinyState(
            int(data["seats"]),
            Rng.from_json(data["rng"]),
            list(data["deck"]),
            [list(h) for h in data["hands"]],
            int(data["pile"]),
            int(data["turn"]),
            set(data["out"]),
            data["winner"],
        )


def factory(_data_dir: Path) -> TwentyOne:
    return TwentyOne()
