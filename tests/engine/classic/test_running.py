"""# 004: Running Away: what may and may not happen while fleeing."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build
from tests.engine.classic.steps import do


def test_running_away_allows_no_gear_changes_or_sales(game: Classic) -> None:
    # 004: Items (equipped or not stays fixed through a fight and the flight from it) and
    # Selling Items (no sales while fleeing).
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_troll"], "dice": [1]},
        [{"level": 1, "items": ["hat_horns"], "carried": ["hat_pot"], "gold": 2000}],
    )
    do(game, s, 0, "kick")
    for seat in range(3):
        do(game, s, seat, "pass")
    kinds = {a.kind for a in game.legal_actions(s, 0)}
    assert kinds == {"flee"}
    do(game, s, 0, "flee", "mon_troll")
    kinds = {a.kind for a in game.legal_actions(s, 0)}
    assert kinds <= {"take_it", "set_die"}
