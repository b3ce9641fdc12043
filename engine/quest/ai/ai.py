"""AI seats: ``random`` (any legal action) and ``heuristic`` (also ``normal``, the name the
other games give it; see ``engine/quest/ai/planner.py``). Both decide from the seat's own view of
the match."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Action, Rng
from engine.quest.state import QuestState

if TYPE_CHECKING:
    from engine.quest.game import Quest

HEURISTIC = ("heuristic", "normal")


def choose(
    game: Quest, s: QuestState, seat: int, rng: Rng, level: str, legal: list[Action] | None = None
) -> Action:
    """``legal``: the seat's moves when the caller has them (the same in the match and in any
    world of the seat's: they depend only on what it sees), else listed from ``s``."""
    legal = game.legal_actions(s, seat) if legal is None else legal
    if level in HEURISTIC:
        from engine.quest.ai.planner import plan

        return plan(game, s, seat, legal, rng)
    return legal[rng.below(len(legal))]


def choose_free(
    game: Quest, s: QuestState, seat: int, rng: Rng, level: str, legal: list[Action] | None = None
) -> Action | None:
    legal = game.legal_actions(s, seat) if legal is None else legal
    if not legal:
        return None
    if level in HEURISTIC:
        from engine.quest.ai.planner import plan_free

        return plan_free(game, s, seat, legal, rng)
    return legal[rng.below(len(legal))] if rng.below(20) == 0 else None
