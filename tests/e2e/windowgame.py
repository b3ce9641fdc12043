"""Echo: Twenty-One with a response window, for tests of the bot's window flow only.

After each play every other live seat may answer in a response window: pass, or "echo" a card
from hand (it adds to the pile and reopens the window for everyone). When all have passed in a
row the turn moves on. Like the real games, the open window lives in ``state.window``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import CONCEDE, PASS, Action, Event, ResponseWindow
from engine.core.errors import IllegalAction, Reason
from engine.core.moves import Move
from tests.support.tinygame import MOVES as TINY_MOVES
from tests.support.tinygame import TARGET, TinyState, TwentyOne

ECHO = "echo"
MOVES: dict[str, Move[None]] = {**TINY_MOVES, PASS: Move(), ECHO: Move(("card",))}


@dataclass(slots=True)
class EchoState(TinyState):
    window: ResponseWindow | None = None

    def clone(self) -> EchoState:
        base = TinyState.clone(self)
        return EchoState(
            base.seats,
            base.rng,
            base.deck,
            base.hands,
            base.pile,
            base.turn,
            base.out,
            base.winner,
            self.window.clone() if self.window else None,
        )

    def to_json(self) -> dict[str, Any]:
        data = TinyState.to_json(self)
        data["window"] = self.window.to_json() if self.window else None
        return data


class EchoGame(TwentyOne):
    id = ECHO
    moves = MOVES

    @property
    def card_set_digest(self) -> str:
        return "echo-1"

    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> EchoState:
        base = super().new(seats, seed, options)
        return EchoState(base.seats, base.rng, base.deck, base.hands)

    def deciders(self, state: Any) -> frozenset[int]:
        if state.winner is not None:
            return frozenset()
        if state.window is not None:
            waiting: frozenset[int] = state.window.waiting_on()
            return waiting
        return frozenset({state.turn})

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        if seat not in self.deciders(state):
            return []
        if state.window is None:
            return super().legal_actions(state, seat)
        echoes = [Action(seat, ECHO, (card,)) for card in sorted(set(state.hands[seat]))]
        return [Action(seat, "pass"), *echoes]

    def _resolve(self, state: Any, action: Action) -> list[Event]:
        if action.kind == CONCEDE:
            if state.window is not None:
                state.window.remove_seat(action.seat)
            events = super()._resolve(state, action)
            self._close_if_done(state)
            return events
        if state.window is None:
            turn = state.turn
            events = super()._resolve(state, action)
            if state.winner is None:
                state.turn = turn  # the turn moves on only when the window closes
                events[0].data.pop("next", None)  # type: ignore[attr-defined]
                others = [s for s in range(state.seats) if s != turn and s not in state.out]
                state.window = ResponseWindow("echo", tuple(others))
            return events
        if action.kind == "pass":
            state.window.pass_(action.seat)
            self._close_if_done(state)
            passed = {"seat": action.seat}
            if state.window is None:
                passed["next"] = state.turn  # the last pass starts the next turn
            return [Event("passed", passed)]
        if action.kind != ECHO:
            raise IllegalAction(Reason.UNKNOWN_ACTION)
        card = int(action.args[0])
        state.hands[action.seat].remove(card)
        state.pile += card
        state.window.respond(action.seat, card)
        events = [Event("played", {"seat": action.seat, "card": card, "pile": state.pile})]
        if state.pile >= TARGET:
            state.winner = action.seat
            state.window = None
            events.append(Event("won", {"seat": action.seat}))
        return events

    def turn_started(self, event: Event) -> int | None:
        """A play starts no turn here (a window follows it); the pass that closes the
        window does (issue 27.3)."""
        found = event.data.get("next") if event.kind == "passed" else None
        return found if isinstance(found, int) else None

    def _close_if_done(self, state: Any) -> None:
        if state.window is not None and state.window.closed and state.winner is None:
            state.window = None
            state.turn = self._next(state, state.turn)

    def view(self, state: Any, seat: int | None) -> Any:
        return super().view(state, seat)

    def load_state(self, data: Mapping[str, Any]) -> EchoState:
        base = super().load_state(data)
        window = data.get("window")
        return EchoState(
            base.seats,
            base.rng,
            base.deck,
            base.hands,
            base.pile,
            base.turn,
            base.out,
            base.winner,
            ResponseWindow.from_json(window) if window else None,
        )


def factory(_data_dir: Path) -> EchoGame:
    return EchoGame()
