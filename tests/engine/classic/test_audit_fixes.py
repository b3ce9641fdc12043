"""Follow-ups to the audit (test_audit_rules.py): curses on the dead, a dead hireling looted
with its load, the curses that take a role or a held item or name an alternative, one-shots
used from the table, and ties among the cheapest items. Each test names the 004 rule."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.rules.effects import kill
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.core import Event


def _do(game: Classic, s: ClassicState, seat: int, kind: str, *args: object) -> list[Event]:
    action = find_action(game, s, {"seat": seat, "do": kind, "args": list(args)})
    assert action is not None, f"{kind} {args} is not legal for seat {seat}"
    return game.apply(s, action)


def _ids(game: Classic, cards: list[int]) -> list[str]:
    return sorted(game.table.defs[c].id for c in cards)


def test_curses_may_be_played_on_a_dead_player(game: Classic) -> None:
    # 004: Curses (on any player at any time) and You Are Dead! (the dead keep roles, level
    # and curses, so a curse still has something to bite).
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [
            {"hand": ["curse_shrink", "curse_roots"]},
            {"level": 5, "dead": True, "roles": ["role_elf"]},
        ],
    )
    _do(game, s, 0, "curse", "curse_shrink", 1)
    assert s.levels[1] == 4
    _do(game, s, 0, "curse", "curse_roots", 1)
    assert s.roles[1] == [] and s.dead[1]


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
    _do(game, s, 0, "arm_hireling", "hat_pot", "hireling_squire")
    s.turn = 1
    kill(game.table, s, 0, [])
    picks = _ids(game, [int(a.args[0]) for a in game.legal_actions(s, 1)])
    assert picks == ["hat_pot", "ring_bling"]  # the squire is not an Item: not laid out
    assert "hireling_squire" in _ids(game, s.treasure_discard)
    _do(game, s, 1, "loot_body", "hat_pot")
    assert _ids(game, s.hands[1]) == ["hat_pot"]
    assert s.items[0] == [] and s.hired[0] == []
    assert game.invariants(s) == []


def test_a_curse_takes_a_race_or_else_a_level(game: Classic) -> None:
    # 004: Curses (ignore what you lack, unless the card names an alternative).
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [{"hand": ["curse_roots", "curse_dropout"]}, {"level": 4}, {"level": 4}],
    )
    _do(game, s, 0, "curse", "curse_roots", 1)
    assert s.levels[1] == 3  # no race: the alternative strikes
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [
            {"hand": ["curse_roots", "curse_dropout"]},
            {"level": 4, "roles": ["role_elf", "role_warrior"]},
        ],
    )
    _do(game, s, 0, "curse", "curse_roots", 1)
    assert s.levels[1] == 4 and _ids(game, s.roles[1]) == ["role_warrior"]
    _do(game, s, 0, "curse", "curse_dropout", 1)
    assert s.roles[1] == []


def test_a_cursed_dwarf_may_play_another_dwarf_instead_of_shedding(game: Classic) -> None:
    # 004: Big Items ("correct the problem immediately", here right after a curse took the
    # Dwarf) and Curses.
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [
            {
                "roles": ["role_dwarf"],
                "items": ["armor_plate", "big_ladder"],
                "hand": ["role_dwarf_2"],
            },
            {"hand": ["curse_roots"]},
        ],
    )
    _do(game, s, 1, "curse", "curse_roots", 0)
    assert s.pending and s.pending[-1].kind == "shed"
    _do(game, s, 0, "play", "role_dwarf_2")
    assert not s.pending and _ids(game, s.items[0]) == ["armor_plate", "big_ladder"]


def test_a_one_shot_on_the_table_is_used_from_there(game: Classic) -> None:
    # 004: "One-Shot" Cards (from the hand or the table) and Charity (cards on the table do
    # not count toward the five).
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_troll"]},
        [{"hand": ["shot_bolt"]}],
    )
    _do(game, s, 0, "play", "shot_bolt")
    assert s.hands[0] == [] and _ids(game, s.items[0]) == ["shot_bolt"]
    assert s.items[0][0] not in s.equipped[0]  # a one-shot is never worn
    _do(game, s, 0, "kick")
    before = game.table.side_strength(s, s.combat) if s.combat else 0
    _do(game, s, 0, "oneshot", "shot_bolt", 0)
    assert s.items[0] == []
    assert s.combat is not None and game.table.side_strength(s, s.combat) == before + 5


def test_equally_cheap_items_leave_the_choice_to_the_victim(game: Classic) -> None:
    # 004: Conflicts Between Cards and Rules (the card names the cheapest) and Curses (the
    # victim decides among the items the curse can take).
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["curse_butter"]},
        [{"items": ["hat_horns", "hat_pot", "ring_bling"]}],
    )
    _do(game, s, 0, "kick")
    losable = _ids(game, [int(a.args[0]) for a in game.legal_actions(s, 0) if a.kind == "lose"])
    assert losable == ["hat_pot", "ring_bling"]


def test_a_looted_one_shot_may_be_put_on_the_table_at_once(game: Classic) -> None:
    # 004: You Are Dead! (looted items may be played at once) and "One-Shot" Cards (a
    # one-shot may be carried on the table like other items).
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [{"level": 2, "hand": ["shot_bolt"]}, {"level": 5}, {"level": 3}],
    )
    _do(game, s, 0, "play", "shot_bolt")
    kill(game.table, s, 0, [])
    _do(game, s, 1, "loot_body", "shot_bolt")
    assert s.pending and s.pending[-1].kind == "received"
    _do(game, s, 1, "play", "shot_bolt")
    assert _ids(game, s.items[1]) == ["shot_bolt"] and s.hands[1] == []
