"""# 004: Level / Conflicts: level 10 only by a kill; the dead gain no levels."""

from __future__ import annotations

from engine.classic import Classic
from tests.engine.classic.steps import Step


def test_level_ten_is_reached_only_by_a_kill(game: Classic, playouts: list[list[Step]]) -> None:
    # 004: Conflicts Between Cards and Rules (rule 4) and Winning the Game.
    for steps in playouts:
        for before, action, events, after in steps:
            for p in range(after.seats):
                if after.levels[p] == 10 and before.levels[p] < 10:
                    assert any(e.kind == "killed" for e in events), f"{action} made {p} level 10"


def test_the_dead_gain_no_levels(game: Classic, playouts: list[list[Step]]) -> None:
    # 004: You Are Dead! (no level gained while dead).
    for steps in playouts:
        for before, action, _, after in steps:
            for p in range(after.seats):
                if before.dead[p] and after.dead[p]:
                    assert after.levels[p] <= before.levels[p], f"{action} levelled dead {p}"
