"""The heuristic seat (placeholder until the planner lands)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Action, Rng
from engine.quest.state import QuestState

if TYPE_CHECKING:
    from engine.quest.game import Quest


def plan(game: Quest, s: QuestState, seat: int, legal: list[Action], rng: Rng) -> Action:
    return legal[rng.below(len(legal))]


def plan_free(
    game: Quest, s: QuestState, seat: int, legal: list[Action], rng: Rng
) -> Action | None:
    return None
