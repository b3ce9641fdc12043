"""# 004: Items (Trading): coins as part of an item trade drafted on one's own turn."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.core import Action, Rng
from tests.engine.classic.steps import do, ids, legal


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
    assert game.view(s, 1).offers[-1].gold == -200
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


def _coins_table(game: Classic) -> ClassicState:
    return build(
        game,
        {"seats": 3, "phase": "kick"},
        [
            {"gold": 500, "items": ["hat_pot"]},
            {"gold": 2500, "items": ["ring_bling"]},
            {"gold": 0, "items": ["feet_kickers"]},
        ],
    )


def test_coins_are_given_in_any_amount_any_number_of_times(game: Classic) -> None:
    # 004: Coins ("give coins to any player at any time (except in combat!)"): off-turn,
    # seat 1 hands seat 2 twenty-five coins, one at a time (docs/rules/classic.md: a gift is
    # a coin per action, as often as wanted); on its own turn seat 0 gives without a deal.
    s = _coins_table(game)
    for _ in range(25):
        do(game, s, 1, "give_gold", 2)
    assert s.gold == [500, 0, 2500]
    assert not legal(game, s, 1, "give_gold", 0)  # nothing left to give
    do(game, s, 0, "give_gold", 1)
    do(game, s, 0, "give_gold", 1)
    assert s.gold == [300, 200, 2500] and game.deciders(s) == {0}


def test_no_coins_change_hands_with_anyone_in_combat(game: Classic) -> None:
    # 004: When You May Take Actions ("trade Items or coins ... the other player may not be
    # in combat, either") and Coins ("except in combat"): the fighter neither gives nor
    # receives; two bystanders may.
    s = _coins_table(game)
    s.door.append(game.table.by_id["mon_mold"])
    s.door_discard.clear()
    do(game, s, 0, "kick")
    assert s.combat is not None
    assert not legal(game, s, 0, "give_gold", 1)
    assert not legal(game, s, 1, "give_gold", 0)
    do(game, s, 1, "give_gold", 2)
    assert s.gold[1:] == [2400, 100]


def test_an_off_turn_trade_may_carry_coins(game: Classic) -> None:
    # 004: Items (Trading) ("Coins may be included in a trade") at any time outside combat:
    # seat 1 offers its ring for seat 2's boots and adds 300 gold, off-turn; seat 2 accepts
    # those terms (the answer names them, so an answer given to older terms is refused).
    s = _coins_table(game)
    do(game, s, 1, "offer", 2, "ring_bling", "feet_kickers")
    old_terms = ("ring_bling", "feet_kickers", 1, 0)
    assert legal(game, s, 2, "accept", *old_terms)
    for _ in range(3):
        do(game, s, 1, "add_gold", 2)
    assert not legal(game, s, 2, "accept", *old_terms)
    assert not legal(game, s, 1, "ask_gold", 2)  # coins go one way in a trade
    offer = game.view(s, None).to_json()["offers"]
    assert offer == [
        {"from": 1, "to": 2, "give": s.items[1][0], "take": s.items[2][0], "gold": 300}
    ]
    do(game, s, 2, "accept", "ring_bling", "feet_kickers", 1, 300)
    assert s.gold == [500, 2200, 300]
    assert ids(game, s.items[1]) == ["feet_kickers"] and ids(game, s.items[2]) == ["ring_bling"]
    assert game.deciders(s) == {0}


def test_an_off_turn_sale_asks_coins_of_the_partner(game: Classic) -> None:
    # 004: Items (Trading): seat 2 offers its boots to seat 1 for 200 gold, off-turn.
    s = _coins_table(game)
    do(game, s, 2, "offer", 1, "feet_kickers", -1)
    do(game, s, 2, "ask_gold", 1)
    do(game, s, 2, "ask_gold", 1)
    do(game, s, 1, "accept", "feet_kickers", -1, 2, -200)
    assert s.gold == [500, 2300, 200]
    assert ids(game, s.items[1]) == ["feet_kickers", "ring_bling"]


def test_coins_in_an_own_turn_deal_are_not_capped_below_what_the_payer_has(
    game: Classic,
) -> None:
    # 004: Coins (any amount): a trade drafted on one's own turn may carry more than 1,000.
    s = _coins_table(game)
    s.gold[0] = 1500
    do(game, s, 0, "deal", 1)
    for _ in range(15):
        do(game, s, 0, "add_gold")
    assert not legal(game, s, 0, "add_gold")
    do(game, s, 0, "offer", 1, "hat_pot", "ring_bling")
    do(game, s, 1, "accept")
    assert s.gold[:2] == [0, 4000]


def test_a_snapshot_with_old_open_offers_loads_with_no_coins_on_them(game: Classic) -> None:
    # A match saved before coins could ride on off-turn offers keeps its open offer.
    s = _coins_table(game)
    do(game, s, 1, "offer", 2, "ring_bling", "feet_kickers")
    data = s.to_json()
    data["offers"] = data.pop("open_offers")[:5]
    loaded = game.load_state(data)
    assert loaded.open_offers == s.open_offers
    assert legal(game, loaded, 2, "accept", "ring_bling", "feet_kickers", 1, 0)


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
