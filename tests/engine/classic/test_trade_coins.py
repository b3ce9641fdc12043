"""# 004: Items (Trading): coins as part of an item trade drafted on one's own turn."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.core import Action, Rng


def _offered(game: Classic, steps: list[str]) -> ClassicState:
    s = build(
        game,
        {"seats": 3, "phase": "kick"},
        [{"items": ["hat_pot"], "gold": 300}, {"items": ["feet_kickers"], "gold": 300}],
    )
    game.apply(s, Action(0, "deal", (1,)))
    for kind in steps:
        game.apply(s, Action(0, kind))
    offer = find_action(game, s, {"seat": 0, "do": "offer", "args": [1, "hat_pot", "feet_kickers"]})
    assert offer is not None
    game.apply(s, offer)
    return s


def test_coins_asked_in_a_trade_must_still_be_there(game: Classic) -> None:
    # 004: Items (Trading): the trade is carried out only as offered: if the partner's gold
    # has gone meanwhile, only a refusal is left.
    s = _offered(game, ["ask_gold", "ask_gold"])
    assert game.view(s, 1).data["offers"][-1]["gold"] == -200
    s.gold[1] = 100
    assert game.legal_actions(s, 1) == [Action(1, "decline")]
    game.apply(s, Action(1, "decline"))
    assert s.gold == [300, 100, 500] and s.pending == []


def test_gold_steps_are_bounded(game: Classic) -> None:
    # 004: Items (Trading): coins come in 100s up to the offerer's gold.
    s = build(game, {"seats": 3, "phase": "kick"}, [{"items": ["hat_pot"], "gold": 200}, {}])
    game.apply(s, Action(0, "deal", (1,)))
    for _ in range(2):
        game.apply(s, Action(0, "add_gold"))
    assert Action(0, "add_gold") not in game.legal_actions(s, 0)
    assert Action(0, "ask_gold") not in game.legal_actions(s, 0)


def test_random_trading_with_coins_keeps_the_gold_total(game: Classic) -> None:
    # 004: Coins: trading moves gold between players, never makes or loses any.
    for seed in range(20):
        s = game.new(3, seed)
        rng = Rng(seed)
        for _ in range(600):
            if game.outcome(s) is not None:
                break
            seat = min(game.deciders(s))
            before = sum(s.gold)
            action = game.ai_action(s, seat, rng, "random")
            game.apply(s, action)
            if action.kind in ("accept", "add_gold", "ask_gold") and s.combat is None:
                assert sum(s.gold) == before, action
