"""# 004: Death: what a dead player may still do, and what happens to what they had."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.rules.effects import kill
from engine.classic.scenario import build
from tests.engine.classic.steps import do, ids


def test_the_dead_cannot_be_asked_to_help(game: Classic) -> None:
    # 004: Coming Back To Life: the new character only shows up when the next turn begins,
    # so nobody may ask a dead player for help.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_troll"]},
        [{"level": 2}, {"level": 5, "dead": True}, {"level": 3}],
    )
    do(game, s, 0, "kick")
    asks = [a.args[0] for a in game.legal_actions(s, 0) if a.kind == "ask"]
    assert asks == [2]


def test_a_dead_players_hireling_is_discarded_and_its_load_looted_alone(game: Classic) -> None:
    # 004: You Are Dead! (Looting The Body lays out Items) and Other Treasures (the Hireling
    # is named apart from Items): the hireling goes to the discards with "everything else";
    # the item it carried is an Item and is laid out on its own (docs/rules/classic.md).
    s = build(
        game,
        {"seats": 3, "phase": "trouble", "turn": 1},
        [
            {"level": 2, "items": ["hireling_squire", "ring_bling"], "carried": ["hat_pot"]},
            {"level": 5},
            {"level": 3},
        ],
    )
    s.turn = 0
    do(game, s, 0, "arm_hireling", "hat_pot", "hireling_squire")
    s.turn = 1
    kill(game.table, s, 0, [])
    picks = ids(game, [int(a.args[0]) for a in game.legal_actions(s, 1)])
    assert picks == ["hat_pot", "ring_bling"]  # the squire is not an Item: not laid out
    assert "hireling_squire" in ids(game, s.treasure_discard)
    do(game, s, 1, "loot_body", "hat_pot")
    assert ids(game, s.hands[1]) == ["hat_pot"]
    assert s.items[0] == [] and s.hired[0] == []
    assert game.invariants(s) == []


def test_dead_player_cannot_be_levelled(game: Classic) -> None:
    # 004: You Are Dead! (Coming Back To Life): no levels while dead.
    s = build(game, {"seats": 3, "phase": "kick"}, [{"hand": ["lvl_bribe"]}, {"dead": True}])
    legal = game.legal_actions(s, 0)
    assert not any(a.kind == "levelup" and a.args[1] == 1 for a in legal)
    assert any(a.kind == "levelup" and a.args[1] == 2 for a in legal)
