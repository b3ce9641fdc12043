"""Free actors: seats the match does not wait on, acting on anyone's turn.

# 004: When You May Take Actions"""

from __future__ import annotations

from typing import Any

import pytest

from engine.classic import Classic
from engine.classic.pending import Pending
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.core import CONCEDE, Action, IllegalAction, Reason
from engine.games import load_game


def _do(game: Classic, s: ClassicState, seat: int, do: str, *args: Any) -> None:
    action = find_action(game, s, {"seat": seat, "do": do, "args": list(args)})
    assert action is not None, (seat, do, args)
    game.apply(s, action)


def _kinds(game: Classic, s: ClassicState, seat: int) -> set[str]:
    return {a.kind for a in game.legal_actions(s, seat)}


def test_free_actors_are_the_live_seats_not_waited_on(game: Classic) -> None:
    # 004: When You May Take Actions: "at any time" cards are open to everyone, on any turn.
    s = game.new(4, 3)
    assert game.deciders(s) == {s.turn}
    assert game.free_actors(s) == set(range(4)) - {s.turn}
    out = (s.turn + 1) % 4
    game.apply(s, Action(out, CONCEDE))
    assert out not in game.free_actors(s)
    with pytest.raises(IllegalAction) as refused:
        game.check(s, Action(out, "drop_role", (s.roles[out][0] if s.roles[out] else 0,)))
    assert refused.value.reason == Reason.NOT_A_DECIDER


def test_free_actor_gets_only_optional_actions(game: Classic) -> None:
    # 004: When You May Take Actions: selling, buying levels and playing items stay on your
    # own turn; off-turn a seat may play any-time cards, re-equip and trade.
    s = build(
        game,
        {"seats": 3, "phase": "kick"},
        [{}, {"gold": 1000, "items": ["hat_pot"], "hand": ["ring_bling", "curse_shrink"]}],
    )
    kinds = _kinds(game, s, 1)
    assert {"curse", "unequip", "offer", "give_gold"} <= kinds
    assert not kinds & {"sell", "buy_level", "play", "kick", "listen", "end_turn"}
    with pytest.raises(IllegalAction) as refused:
        game.check(s, Action(1, "buy_level"))
    assert refused.value.reason == Reason.NOT_LEGAL_NOW


def test_no_free_actors_once_the_game_is_won(game: Classic) -> None:
    s = build(game, {"seats": 3, "phase": "kick"}, [{}, {"hand": ["curse_shrink"]}])
    s.winners, s.phase = [0], "over"
    assert game.free_actors(s) == frozenset()
    assert game.legal_actions(s, 1) == []


def test_a_free_play_in_a_fight_reopens_the_window(game: Classic) -> None:
    # 004: Combat: others may still act in the moment before a win resolves; any play there
    # gives everyone a new chance to answer.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_mold"]},
        [{"level": 5}, {"hand": ["curse_shrink"]}],
    )
    _do(game, s, 0, "kick")
    _do(game, s, 1, "pass")
    assert 1 in game.free_actors(s) and 1 not in game.deciders(s)
    _do(game, s, 1, "curse", "curse_shrink", 0)
    assert s.levels[0] == 4
    assert game.deciders(s) == {0, 1, 2}


def test_in_a_fight_only_bystanders_trade_and_a_trade_leaves_the_window_alone(
    game: Classic,
) -> None:
    # 004: When You May Take Actions: trading needs both sides out of combat, so bystanders of
    # a fight may; a bystander's gift does not change the fight, so nobody answers anew.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_mold"]},
        [{"level": 5, "items": ["hat_pot"]}, {"items": ["feet_kickers"]}],
    )
    _do(game, s, 0, "kick")
    fighter = _kinds(game, s, 0)
    assert not fighter & {"give_gold", "offer", "equip", "unequip"}
    to_fighter = [a for a in game.legal_actions(s, 1) if a.kind in ("offer", "give_gold")]
    assert to_fighter and all(a.args[0] != 0 for a in to_fighter)
    _do(game, s, 1, "pass")
    assert {"give_gold", "offer", "unequip"} <= _kinds(game, s, 1)
    _do(game, s, 1, "give_gold", 2)
    assert s.gold[1:] == [400, 600]
    assert game.deciders(s) == {0, 2}  # seat 1's pass still stands


def test_offturn_offer_never_blocks_and_lapses_when_the_turn_ends(game: Classic) -> None:
    s = build(
        game,
        {"seats": 3, "phase": "charity"},
        [{}, {"items": ["hat_pot"]}, {"items": ["feet_kickers"]}],
    )
    _do(game, s, 1, "offer", 2, "hat_pot", "feet_kickers")
    assert game.deciders(s) == {0} and not s.pending
    assert "accept" in _kinds(game, s, 2)
    _do(game, s, 0, "end_turn")
    assert "accept" not in _kinds(game, s, 2)  # a new turn: the offer has lapsed


def test_offer_cannot_be_accepted_once_its_item_is_gone(game: Classic) -> None:
    # 004: Items (Trading): only items on the table change hands.
    s = build(
        game,
        {"seats": 3, "phase": "kick"},
        [{}, {"items": ["hat_pot"]}, {"hand": ["curse_hat"]}],
    )
    _do(game, s, 1, "offer", 2, "hat_pot", -1)
    assert "accept" in _kinds(game, s, 2)
    _do(game, s, 2, "curse", "curse_hat", 1)  # the hat blows away before the answer
    assert "accept" not in _kinds(game, s, 2)


def test_a_decision_about_cards_that_are_gone_is_dropped(game: Classic) -> None:
    # 004: When You May Take Actions: a just-received item may be played at once; if a curse
    # empties the hand first, there is nothing left to decide.
    s = build(
        game,
        {"seats": 3, "phase": "kick"},
        [{}, {"hand": ["hat_pot"]}, {"hand": ["curse_drop"]}],
    )
    s.pending.append(Pending("received", 1, cards=list(s.hands[1])))
    assert game.deciders(s) == {1} and 0 in game.free_actors(s)
    _do(game, s, 2, "curse", "curse_drop", 1)
    assert not s.pending and game.deciders(s) == {0}


def test_duel_keeps_no_free_actors() -> None:
    duel = load_game("duel")
    s = duel.new(2, 1)
    assert duel.free_actors(s) == frozenset()


def test_a_clock_running_out_never_answers_an_open_offer(game: Classic) -> None:
    # The turn player's timeout plays the turn's safe move, not a refusal of an optional offer.
    s = build(
        game,
        {"seats": 3, "phase": "charity"},
        [{"items": ["feet_kickers"]}, {"items": ["hat_pot"]}],
    )
    _do(game, s, 1, "offer", 0, "hat_pot", "feet_kickers")
    assert "decline" in _kinds(game, s, 0)
    assert game.default_action(s, 0) == Action(0, "end_turn")
