"""# 004: Big Items: at most one Big item unless a power allows more; losing that power."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from tests.engine.classic.steps import Step, do, ids


def test_setup_never_leaves_a_seat_over_its_big_item_limit(game: Classic) -> None:
    # 004: Big Items (a single Big item unless a power allows more) and Setup (2): the
    # starting characters must obey it too.
    t = game.table
    over = []
    for seats in range(3, 7):
        for seed in range(200):
            s = game.new(seats, seed)
            over += [(seed, p) for p in range(seats) if t.big_count(s, p) > t.max_big(s, p)]
            assert all(len(s.items[p]) == 2 for p in range(seats))
    assert over == []


def test_losing_dwarf_may_correct_the_problem_with_another_dwarf(game: Classic) -> None:
    # 004: Big Items: after losing the power, "correct the problem immediately" or shed.
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [
            {
                "roles": ["role_dwarf"],
                "items": ["armor_plate", "big_ladder"],
                "hand": ["role_dwarf_2"],
            }
        ],
    )
    do(game, s, 0, "drop_role", "role_dwarf")
    assert find_action(game, s, {"seat": 0, "do": "play", "args": ["role_dwarf_2"]}) is not None


def test_no_step_raises_a_seat_over_its_big_item_limit(
    game: Classic, playouts: list[list[Step]]
) -> None:
    # 004: Big Items: nothing a player does may leave them carrying more Big items than they may
    # (a lost power owes a shed decision first, which is checked separately).
    t = game.table
    for steps in playouts:
        for before, action, _, after in steps:
            for p in range(after.seats):
                owed = any(x.kind == "shed" and x.seat == p for x in after.pending)
                grew = t.big_count(after, p) > max(t.big_count(before, p), t.max_big(after, p))
                assert not (grew and not owed), f"{action} put seat {p} over the Big limit"


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
    do(game, s, 1, "curse", "curse_roots", 0)
    assert s.pending and s.pending[-1].kind == "shed"
    do(game, s, 0, "play", "role_dwarf_2")
    assert not s.pending and ids(game, s.items[0]) == ["armor_plate", "big_ladder"]
