"""# 004: Races and Classes: the Overachiever (our Super Munchkin) and role limits."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build
from tests.engine.classic.steps import do, legal


def test_each_overachiever_allows_one_more_role_of_its_type(game: Classic) -> None:
    # 004: Super Munchkin: more than two Roles of a type with the right cards, one
    # Overachiever per extra Role; the card's own text must not promise just a second one.
    text = game.table.defs[game.table.by_id["super_role"]].text
    assert "second" not in text and "one more" in text
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [{"roles": ["role_warrior", "super_role", "role_wizard"], "hand": ["role_cleric"]}],
    )
    s.hands[0].append(next(c for c in s.door if game.table.defs[c].id == "super_role"))
    s.door.remove(s.hands[0][-1])
    assert not legal(game, s, 0, "play", "role_cleric")  # two classes, one Overachiever
    do(game, s, 0, "attach", "super_role", "role_wizard")
    do(game, s, 0, "play", "role_cleric")
    assert game.table.roles_of_type(s, 0, "class") == (3, 2)
    assert game.invariants(s) == []
