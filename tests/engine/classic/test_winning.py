"""# 004: Winning the Game: shared victory by default, the single-winner option."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build
from engine.classic.state import ClassicState
from engine.core import Action
from tests.engine.classic.steps import do


def _helped_kill_at_nine(
    game: Classic, single: bool, dice: list[int], helper_hand: tuple[str, ...] = ()
) -> ClassicState:
    """A level-9 fighter and a helper beat a troll: the fight for the win is over and, with a
    single winner, the roll-off is next."""
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_troll"], "dice": dice},
        [{"level": 9}, {"level": 3, "hand": list(helper_hand)}],
    )
    s.single_winner = single
    do(game, s, 0, "kick")
    do(game, s, 0, "ask", 1)
    do(game, s, 0, "propose", 0, 0, 0)
    do(game, s, 1, "accept")
    for seat in (0, 1, 2):
        do(game, s, seat, "pass")
    return s


def _fight_for_the_win(
    game: Classic, single: bool, dice: list[int], helper_hand: tuple[str, ...] = ()
) -> list[int]:
    s = _helped_kill_at_nine(game, single, dice, helper_hand)
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


def test_single_winner_roll_off_survives_a_concession(game: Classic) -> None:
    # 004: Special Rules (single winner); a contestant who concedes mid roll-off drops out.
    s = _helped_kill_at_nine(game, True, [1, 1, 1, 6])
    assert s.pending[-1].kind == "die" and s.pending[-1].seat == 0
    game.apply(s, Action(0, "take_it"))
    assert s.pending[-1].seat == 1
    game.apply(s, Action(1, "concede"))
    outcome = game.outcome(s)
    assert outcome is not None and list(outcome.winners) == [0]
