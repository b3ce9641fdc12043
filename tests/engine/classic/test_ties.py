"""# 004: Dealing With Ties: tied players roll until it is settled; dice changers apply."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from engine.core import Action, Event


def test_ties_between_players_roll_until_settled(game: Classic) -> None:
    # 004: Dealing With Ties: tied players roll; equal rolls roll again among themselves, and
    # every roll below 6 first lets its roller keep or change it (a die decision).
    from engine.classic.state import TIE_WIN, start_tie

    s = build(game, {"seats": 4, "dice": [3, 6, 3, 3, 2, 5, 4]}, [])
    events: list[Event] = []
    assert start_tie(s, [0, 1, 2, 3], [0, 0, 0, 0], TIE_WIN, [], events) is None
    assert [(p.kind, p.seat) for p in s.pending] == [
        ("tie", -1),
        ("die", 3),
        ("die", 2),
        ("die", 0),
    ]
    while s.pending:
        events += game.apply(s, Action(s.pending[-1].seat, "take_it"))
    rolls = [e.data for e in events if e.kind == "tie_roll"]
    assert rolls == [
        {"seats": [0, 1, 2, 3], "rolls": [3, 6, 3, 3]},
        {"seats": [0, 2, 3], "rolls": [2, 5, 4]},
    ]
    assert s.winners == [1]
    assert start_tie(s, [2], [0], TIE_WIN, [], events) == [2]
    # Distinct keys settle at once, highest first, without a roll.
    assert start_tie(s, [0, 1, 2], [3, 5, 4], TIE_WIN, [], events) == [1, 2, 0]


def test_tie_roll_can_be_changed_by_a_die_changer(game: Classic) -> None:
    # 004: Dealing With Ties: any card that can affect a die roll may be used on a tie roll.
    from engine.classic.state import TIE_WIN, start_tie

    s = build(game, {"seats": 3, "dice": [2, 5]}, [{}, {"hand": ["shot_knucklebone"]}])
    events: list[Event] = []
    assert start_tie(s, [1, 2], [0, 0], TIE_WIN, [], events) is None
    assert s.pending[-1].seat == 1
    fix = find_action(game, s, {"seat": 1, "do": "set_die", "args": ["shot_knucklebone"]})
    assert fix is not None
    game.apply(s, fix)
    assert s.hands[1] == [] and s.winners == []
    assert game.default_action(s, 2) == Action(2, "take_it")  # a timeout keeps the roll
    game.apply(s, Action(2, "take_it"))
    assert s.winners == [1]


def test_tied_lowest_roll_for_a_given_big_item(game: Classic) -> None:
    # 004: Dealing With Ties; Big Items: the tied lowest roll for an extra Big item, and the
    # item stays with the giver until the roll settles.
    s = build(
        game,
        {"seats": 3, "dice": [4, 3]},
        [{"level": 5, "items": ["big_ladder", "hand_greatsword"]}, {"level": 2}, {"level": 2}],
    )
    from engine.classic.pending import Pending

    s.pending.append(Pending("shed", 0))
    give = find_action(game, s, {"seat": 0, "do": "shed", "args": ["hand_greatsword"]})
    assert give is not None
    game.apply(s, give)
    assert [(p.kind, p.seat) for p in s.pending[-2:]] == [("die", 2), ("die", 1)]
    assert "hand_greatsword" in [game.table.defs[c].id for c in s.items[0]]
    game.apply(s, Action(1, "take_it"))
    game.apply(s, Action(2, "take_it"))
    assert [game.table.defs[c].id for c in s.items[1]] == ["hand_greatsword"]
    assert s.pending == []


def test_a_concession_during_a_tie_roll_settles_it(game: Classic) -> None:
    # 004: Dealing With Ties: a seat that leaves while owing its tie decision drops out of the
    # tie; the others' rolls settle it.
    from engine.classic.state import TIE_WIN, start_tie
    from engine.core import CONCEDE

    s = build(game, {"seats": 4, "dice": [2, 5, 3]}, [])
    events: list[Event] = []
    assert start_tie(s, [1, 2, 3], [0, 0, 0], TIE_WIN, [], events) is None
    game.apply(s, Action(1, CONCEDE))
    while s.pending:
        game.apply(s, Action(s.pending[-1].seat, "take_it"))
    assert s.winners == [2]  # 5 beats 3; seat 1 has left
