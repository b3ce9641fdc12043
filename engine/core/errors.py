"""Errors the engine raises. They carry codes, never prose: wording belongs to the bot layer."""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Reason(StrEnum):
    """Why an action was refused. Games add their own codes as plain strings with a prefix
    (``classic.``/``duel.``); these are the ones every game shares."""

    NOT_YOUR_TURN = "not_your_turn"
    NOT_A_DECIDER = "not_a_decider"
    UNKNOWN_ACTION = "unknown_action"
    BAD_ARGUMENTS = "bad_arguments"
    NOT_LEGAL_NOW = "not_legal_now"
    GAME_OVER = "game_over"
    SEAT_OUT = "seat_out"
    NOT_IN_HAND = "not_in_hand"
    NOT_ENOUGH_GOLD = "not_enough_gold"
    BAD_TARGET = "bad_target"
    WINDOW_CLOSED = "window_closed"


class IllegalAction(Exception):
    """An action the rules do not allow now. ``reason`` is a stable code; ``detail`` holds
    machine-readable context (card ids, seats) for the renderer to word."""

    def __init__(self, reason: str, **detail: Any) -> None:
        super().__init__(reason)
        self.reason = str(reason)
        self.detail = detail

    def __repr__(self) -> str:
        return f"IllegalAction({self.reason!r}, {self.detail!r})"


class CardDataError(Exception):
    """A card file that does not validate. Names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, problem: str) -> None:
        self.file = file
        self.card = card
        self.field = field
        self.problem = problem
        where = file
        if card is not None:
            where += f", card {card!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")
