"""What every action handler shares: its signature and how it reads a stored ``Action``'s
arguments (kept as strings and numbers in the record, so a saved match replays unchanged)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Action, Event
from engine.quest.content import Content
from engine.quest.state import Pending, QuestState

Handler = Callable[[QuestState, Content, Action, list[Event]], None]


def int_arg(a: Action, i: int) -> int:
    """The action's ``i``-th argument as a number (a card, a seat, an amount)."""
    return int(a.args[i])


def cell_arg(a: Action, i: int) -> tuple[int, int]:
    """The cell held in the action's arguments ``i`` and ``i + 1``."""
    return (int(a.args[i]), int(a.args[i + 1]))


def pop_pending(s: QuestState) -> Pending:
    """The question this action answers, taken off the stack."""
    return s.pending.pop()
