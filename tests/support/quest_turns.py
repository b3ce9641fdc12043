"""Quest moments the tests (and the README's quest shots, ``docs/img/quest_shots.py``) play a
match to: one definition, so a new kind of interruption in the engine (a pending choice, a
fight, a die window) is excluded everywhere at once."""

from __future__ import annotations

from engine.quest.state import QuestState


def own_free_move(state: QuestState, seat: int = 0) -> bool:
    """``seat``'s own turn (Alice's, seat 0, in the tests) with nothing asked of anybody else
    and no fight on: the seat may move, explore, search or end the turn as it likes."""
    return (
        state.phase == "play"
        and state.turn == seat
        and not state.pending
        and state.fight is None
        and state.window is None
        and not state.dead[seat]
    )
