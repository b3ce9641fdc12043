"""# 004: Curses: what a curse takes, and whom it may be played on."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build
from tests.engine.classic.steps import do, ids


def test_butterfingers_takes_the_cheapest_item(game: Classic) -> None:
    # 004: Conflicts Between Cards and Rules (follow the card) and Curses (the victim decides
    # only among the items the curse can apply to); our card takes the least valuable item.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["curse_butter"]},
        [{"items": ["hat_pot", "hat_horns", "feet_kickers"]}],
    )
    do(game, s, 0, "kick")
    t = game.table
    losable = [t.defs[int(a.args[0])].id for a in game.legal_actions(s, 0) if a.kind == "lose"]
    # hat_pot (200) is the cheapest; a 400 item is not "the cheapest": either the victim is
    # offered only the pot, or the pot went at once and the 400-gold items stayed.
    kept = sorted(t.defs[c].id for c in s.items[0])
    assert losable == ["hat_pot"] or (losable == [] and kept == ["feet_kickers", "hat_horns"])


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
    do(game, s, 0, "curse", "curse_shrink", 1)
    assert s.levels[1] == 4
    do(game, s, 0, "curse", "curse_roots", 1)
    assert s.roles[1] == [] and s.dead[1]


def test_a_curse_takes_a_race_or_else_a_level(game: Classic) -> None:
    # 004: Curses (ignore what you lack, unless the card names an alternative).
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [{"hand": ["curse_roots", "curse_dropout"]}, {"level": 4}, {"level": 4}],
    )
    do(game, s, 0, "curse", "curse_roots", 1)
    assert s.levels[1] == 3  # no race: the alternative strikes
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [
            {"hand": ["curse_roots", "curse_dropout"]},
            {"level": 4, "roles": ["role_elf", "role_warrior"]},
        ],
    )
    do(game, s, 0, "curse", "curse_roots", 1)
    assert s.levels[1] == 4 and ids(game, s.roles[1]) == ["role_warrior"]
    do(game, s, 0, "curse", "curse_dropout", 1)
    assert s.roles[1] == []
