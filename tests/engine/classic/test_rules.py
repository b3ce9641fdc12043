"""Rules easier to check in Python than in a scenario file."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from engine.core import Action, Event


def _fight_for_the_win(
    game: Classic, single: bool, dice: list[int], helper_hand: tuple[str, ...] = ()
) -> list[int]:
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_troll"], "dice": dice},
        [{"level": 9}, {"level": 3, "hand": list(helper_hand)}],
    )
    s.single_winner = single
    steps = [
        {"seat": 0, "do": "kick"},
        {"seat": 0, "do": "ask", "args": [1]},
        {"seat": 0, "do": "propose", "args": [0, 0, 0]},
        {"seat": 1, "do": "accept"},
        {"seat": 0, "do": "pass"},
        {"seat": 1, "do": "pass"},
        {"seat": 2, "do": "pass"},
    ]
    for step in steps:
        action = find_action(game, s, step)
        assert action is not None, step
        game.apply(s, action)
    while s.pending and s.pending[-1].kind == "die":  # the roll-off: change a die, or keep it
        seat = s.pending[-1].seat
        legal = game.legal_actions(s, seat)
        game.apply(s, legal[-1])  # a die-changing card when held, else keeping the roll
    outcome = game.outcome(s)
    assert outcome is not None
    return list(outcome.winners)


def test_shared_victory_by_default(game: Classic) -> None:
    # 004: Winning the Game (Sharing Victory)
    assert _fight_for_the_win(game, False, []) == [0, 1]


def test_single_winner_roll_off(game: Classic) -> None:
    # 004: Special Rules (single winner): two dice each plus combat strength, highest wins.
    # Fighter 10 + 1 + 1 = 12, helper 3 + 6 + 6 = 15.
    assert _fight_for_the_win(game, True, [1, 1, 6, 6]) == [1]


def test_single_winner_roll_off_die_can_be_changed(game: Classic) -> None:
    # 004: Special Rules (single winner): a card that affects a die roll may be used on it.
    # Fighter 10 + 1 + 1 = 12; helper 3 + 1 + 6 = 10, or 3 + 6 + 6 = 15 when the helper's
    # die-changing one-shot turns the 1 into a 6.
    assert _fight_for_the_win(game, True, [1, 1, 1, 6]) == [0]  # 12 vs 10 without a card
    assert _fight_for_the_win(game, True, [1, 1, 1, 6], ("shot_pebble",)) == [1]


def test_single_winner_tie_goes_to_wealth(game: Classic) -> None:
    # 004: Special Rules: a tie on the roll-off is settled by items' value plus coins.
    # 10 + 1 + 1 = 12 vs 3 + 6 + 3 = 12; the fighter has 800 gold after the kill's coins.
    assert _fight_for_the_win(game, True, [1, 1, 6, 3]) == [0]


def test_single_winner_option_recorded_in_state(game: Classic) -> None:
    s = game.new(4, 1, {"single_winner": True})
    assert s.single_winner
    assert game.load_state(s.to_json()).single_winner


def test_dead_player_cannot_be_levelled(game: Classic) -> None:
    # 004: You Are Dead! (Coming Back To Life): no levels while dead.
    s = build(game, {"seats": 3, "phase": "kick"}, [{"hand": ["lvl_bribe"]}, {"dead": True}])
    legal = game.legal_actions(s, 0)
    assert not any(a.kind == "levelup" and a.args[1] == 1 for a in legal)
    assert any(a.kind == "levelup" and a.args[1] == 2 for a in legal)


def test_odd_coins_remainder_discarded(game: Classic) -> None:
    # 004: You Are Dead!: coins split evenly among the others, the remainder discarded.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_lich"], "dice": [1]},
        [{"gold": 500}],
    )
    for step in [
        Action(0, "kick"),
        Action(0, "pass"),
        Action(1, "pass"),
        Action(2, "pass"),
    ]:
        game.apply(s, step)
    game.apply(s, game.legal_actions(s, 0)[0])  # flee: caught
    game.apply(s, Action(0, "take_it"))
    assert s.dead[0]
    assert s.gold == [0, 700, 700]


def test_listen_only_in_phase_one(game: Classic) -> None:
    # 004: Turn Phases
    s = build(game, {"seats": 3, "phase": "kick"}, [])
    assert not any(a.kind == "listen" for a in game.legal_actions(s, 0))


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
    from engine.classic.state import Pending

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


def test_slot_loss_with_two_hand_items_is_the_victims_choice(game: Classic) -> None:
    # 004: Curses: when several items fit a curse, the cursed player picks the one to lose.
    from engine.classic.cards import Effect
    from engine.classic.rules.effects import apply_effects

    s = build(game, {"seats": 3}, [{"items": ["hand_stick", "hand_buckler"]}])
    assert len(s.equipped[0]) == 2
    events: list[Event] = []
    apply_effects(game.table, s, 0, (Effect(op="lose_item", slot="hands"),), events)
    assert s.pending[-1].kind == "lose" and sorted(s.pending[-1].cards) == sorted(s.equipped[0])
    choice = find_action(game, s, {"seat": 0, "do": "lose", "args": ["hand_buckler"]})
    assert choice is not None
    game.apply(s, choice)
    assert [game.table.defs[c].id for c in s.items[0]] == ["hand_stick"]


def test_single_winner_roll_off_survives_a_concession(game: Classic) -> None:
    # 004: Special Rules (single winner); a contestant who concedes mid roll-off drops out.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_troll"], "dice": [1, 1, 1, 6]},
        [{"level": 9}, {"level": 3}],
    )
    s.single_winner = True
    steps = [
        {"seat": 0, "do": "kick"},
        {"seat": 0, "do": "ask", "args": [1]},
        {"seat": 0, "do": "propose", "args": [0, 0, 0]},
        {"seat": 1, "do": "accept"},
        {"seat": 0, "do": "pass"},
        {"seat": 1, "do": "pass"},
        {"seat": 2, "do": "pass"},
    ]
    for step in steps:
        action = find_action(game, s, step)
        assert action is not None, step
        game.apply(s, action)
    assert s.pending[-1].kind == "die" and s.pending[-1].seat == 0
    game.apply(s, Action(0, "take_it"))
    assert s.pending[-1].seat == 1
    game.apply(s, Action(1, "concede"))
    outcome = game.outcome(s)
    assert outcome is not None and list(outcome.winners) == [0]


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
