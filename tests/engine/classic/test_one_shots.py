"""# 004: One-Shot cards: played to the table, used from it, looted ones."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.rules.effects import kill
from engine.classic.scenario import build, find_action
from tests.engine.classic.steps import do, ids


def test_one_shot_items_may_be_played_to_the_table(game: Classic) -> None:
    # 004: "One-Shot" Cards (used from the hand or from the table; a One-Shot Item is an Item)
    # and Charity (putting items on the table is one way down to five cards).
    s = build(game, {"seats": 3, "phase": "trouble"}, [{"hand": ["shot_bolt", "hat_pot"]}])
    assert find_action(game, s, {"seat": 0, "do": "play", "args": ["hat_pot"]}) is not None
    assert find_action(game, s, {"seat": 0, "do": "play", "args": ["shot_bolt"]}) is not None


def test_a_one_shot_on_the_table_is_used_from_there(game: Classic) -> None:
    # 004: "One-Shot" Cards (from the hand or the table) and Charity (cards on the table do
    # not count toward the five).
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_troll"]},
        [{"hand": ["shot_bolt"]}],
    )
    do(game, s, 0, "play", "shot_bolt")
    assert s.hands[0] == [] and ids(game, s.items[0]) == ["shot_bolt"]
    assert s.items[0][0] not in s.equipped[0]  # a one-shot is never worn
    do(game, s, 0, "kick")
    before = game.table.side_strength(s, s.combat) if s.combat else 0
    do(game, s, 0, "oneshot", "shot_bolt", 0)
    assert s.items[0] == []
    assert s.combat is not None and game.table.side_strength(s, s.combat) == before + 5


def test_a_looted_one_shot_may_be_put_on_the_table_at_once(game: Classic) -> None:
    # 004: You Are Dead! (looted items may be played at once) and "One-Shot" Cards (a
    # one-shot may be carried on the table like other items).
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [{"level": 2, "hand": ["shot_bolt"]}, {"level": 5}, {"level": 3}],
    )
    do(game, s, 0, "play", "shot_bolt")
    kill(game.table, s, 0, [])
    do(game, s, 1, "loot_body", "shot_bolt")
    assert s.pending and s.pending[-1].kind == "received"
    do(game, s, 1, "play", "shot_bolt")
    assert ids(game, s.items[1]) == ["shot_bolt"] and s.hands[1] == []
