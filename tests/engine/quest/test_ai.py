"""The AI seats (issue 16): every choice is legal; the heuristic prices fights with the dice
odds and beats random seats; it never names a card outside its own hand."""

from __future__ import annotations

from engine.core import Rng
from engine.quest.ai.odds import DISTS, p_beat
from engine.quest.game import Quest
from engine.simulate import run


def test_dice_odds_are_exact() -> None:
    # R97: a munchkin rolls one die, a monster as many as its card says; ties lose (R104)
    assert abs(sum(DISTS[2]) - 1.0) < 1e-9
    assert abs(p_beat(0, 1, 0, 0) - 1.0) < 1e-9  # any face beats nothing
    assert abs(p_beat(0, 1, 3, 0) - 0.5) < 1e-9  # 4, 5 or 6 beats 3
    assert abs(p_beat(0, 1, 0, 1) - 15 / 36) < 1e-9  # strictly higher of two dice
    assert abs(p_beat(0, 1, 0, 1, ties_win=True) - 21 / 36) < 1e-9  # the Warrior's tie


def test_every_ai_choice_is_legal(quest: Quest) -> None:
    for seed in range(3):
        state = quest.new(3, seed)
        rngs = [Rng(seed).fork(k) for k in range(3)]
        for _ in range(600):
            if quest.outcome(state) is not None:
                break
            seat = min(quest.deciders(state))
            level = "heuristic" if seat == 0 else "random"
            action = quest.ai_action(state, seat, rngs[seat], level)
            assert action in quest.legal_actions(state, seat)
            if action.kind in ("play", "curse", "levelup", "oneshot", "enhance"):
                card = action.args[0]
                assert card in state.hand[seat] or card in state.gear[seat]
            quest.apply(state, action)


def test_heuristic_beats_random_seats() -> None:
    summary = run("quest", 2, 12, 1, ["heuristic", "random"], check=True)
    assert summary.errors == 0 and summary.invariant_violations == 0
    assert summary.wins_by_seat[0] > summary.wins_by_seat[1]
    assert summary.wins_by_seat[0] >= 6
