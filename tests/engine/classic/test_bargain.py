"""# 004: Asking for Help: counter-offers (rules/bargain.py) beyond what scenario files check:
bounded haggling in random playouts, no hand cards in the terms, a helper conceding mid-bargain,
snapshots, the view."""

from __future__ import annotations

from typing import Any

from engine.classic import Classic
from engine.classic.rules.bargain import COUNTER_LIMIT
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.core import CONCEDE, Action, Rng

BARGAIN = ("offer", "help", "counter", "countered")


def _play(game: Classic, s: ClassicState, steps: list[dict[str, Any]]) -> None:
    for step in steps:
        action = find_action(game, s, step)
        assert action is not None, step
        game.apply(s, action)


def _countered(game: Classic) -> ClassicState:
    """Seat 0 fights a goblin, asks seat 1, who counters: seat 0 owes the answer."""
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_goblin"]},
        [{"level": 3, "gold": 500, "carried": ["hat_pot"], "hand": ["shot_bolt"]}, {"level": 3}],
    )
    _play(
        game,
        s,
        [
            {"seat": 0, "do": "kick"},
            {"seat": 0, "do": "ask", "args": [1]},
            {"seat": 0, "do": "propose", "args": [0, 0, 0]},
            {"seat": 1, "do": "counter"},
            {"seat": 1, "do": "demand_item", "args": ["hat_pot"]},
            {"seat": 1, "do": "demand", "args": [1, 1, 100]},
        ],
    )
    return s


def test_a_counter_names_only_table_items(game: Classic) -> None:
    # 004: Asking for Help: a helper may be paid in coins, items or treasure; a hand stays
    # secret, so no term of a bargain may name a card in a hand.
    for seed in range(60):
        s = game.new(4, seed)
        rng = Rng(seed)
        for _ in range(2000):
            if game.outcome(s) is not None:
                break
            seat = min(game.deciders(s))
            if s.pending and s.pending[-1].kind in ("offer", "counter"):
                hands = {c for h in s.hands for c in h}
                for a in game.legal_actions(s, seat):
                    if a.kind in ("propose", "demand"):
                        continue
                    if a.kind == "promise_card":  # the fighter's own card, named by choice
                        assert s.pending[-1].kind == "offer" and int(a.args[0]) in s.hands[seat]
                        continue
                    assert int(a.args[0]) not in hands or a.kind.endswith("gold"), a
            game.apply(s, game.ai_action(s, seat, rng, "random"))


def test_haggling_is_bounded_in_random_playouts(game: Classic) -> None:
    # 004: Asking for Help: each side counters at most COUNTER_LIMIT times per bargain, and
    # every random playout ends.
    seen = 0
    for seed in range(80):
        s = game.new(4, seed)
        rng = Rng(seed)
        for _ in range(6000):
            if game.outcome(s) is not None:
                break
            if s.combat is not None:
                counts = [s.combat.counters.count(p) for p in range(s.seats)]
                assert max(counts) <= 2 * COUNTER_LIMIT
                seen += sum(counts)
            seat = min(game.deciders(s))
            game.apply(s, game.ai_action(s, seat, rng, "random"))
        assert game.outcome(s) is not None, seed
    assert seen > 0  # counters did happen


def test_the_view_shows_a_pending_counter(game: Classic) -> None:
    # 004: Asking for Help: a deal is struck at the table, in the open.
    s = _countered(game)
    for seat in (None, 0, 1, 2):
        pending = game.view(s, seat).to_json()["pending"]
        assert pending["kind"] == "countered" and pending["seat"] == 0
        assert pending["with"] == 1 and pending["offer"] == [1, 1, 100, 0]
        assert [game.table.defs[c].id for c in pending["cards"]] == ["hat_pot"]


def test_a_counter_survives_a_snapshot(game: Classic) -> None:
    s = _countered(game)
    again = game.load_state(s.to_json())
    assert again.combat is not None and again.combat.counters == [1]
    assert game.legal_actions(again, 0) == game.legal_actions(s, 0)
    assert Action(0, "counter") in game.legal_actions(again, 0)


def test_old_snapshots_without_counters_load(game: Classic) -> None:
    s = _countered(game)
    data = s.to_json()
    del data["combat"]["counters"]
    again = game.load_state(data)
    assert again.combat is not None and again.combat.counters == []


def test_a_helper_conceding_while_the_fighter_weighs_a_counter(game: Classic) -> None:
    # The bargain lapses with the seat that left; the fighter is back in the fight alone.
    s = _countered(game)
    game.apply(s, Action(1, CONCEDE))
    assert not s.pending and s.combat is not None and s.combat.helper is None
    assert s.items[0] and game.legal_actions(s, 0)
    assert not game.invariants(s)


def test_the_heuristic_fighter_accepts_a_fair_counter(game: Classic) -> None:
    s = _countered(game)  # one of two treasures, helper first, 100 gold, a 100-gold hat
    action = game.ai_action(s, 0, Rng(1), "heuristic")
    assert action == Action(0, "accept")


def test_the_heuristic_helper_counters_an_empty_offer(game: Classic) -> None:
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_goblin"]},
        [{"level": 3}, {"level": 3}],
    )
    _play(
        game,
        s,
        [
            {"seat": 0, "do": "kick"},
            {"seat": 0, "do": "ask", "args": [1]},
            {"seat": 0, "do": "propose", "args": [0, 0, 0]},
        ],
    )
    rng = Rng(1)
    assert game.ai_action(s, 1, rng, "heuristic") == Action(1, "counter")
    game.apply(s, Action(1, "counter"))
    demand = game.ai_action(s, 1, rng, "heuristic")
    assert demand == Action(1, "demand", (1, 1, 0))  # half of two treasures, picking first
    game.apply(s, demand)
    assert game.ai_action(s, 0, rng, "heuristic") == Action(0, "accept")


def test_a_timed_out_draft_closes_with_the_plainest_terms(game: Classic) -> None:
    # A seat that lets the clock run out gives nothing away item by item.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_goblin"]},
        [{"level": 3, "carried": ["hat_pot"]}, {"level": 3}],
    )
    _play(game, s, [{"seat": 0, "do": "kick"}, {"seat": 0, "do": "ask", "args": [1]}])
    assert game.default_action(s, 0) == Action(0, "propose", (0, 0, 0))
    _play(game, s, [{"seat": 0, "do": "propose", "args": [0, 0, 0]}])
    assert game.default_action(s, 1) == Action(1, "decline")
    _play(game, s, [{"seat": 1, "do": "counter"}])
    assert game.default_action(s, 1) == Action(1, "demand", (0, 0, 0))
    _play(game, s, [{"seat": 1, "do": "demand", "args": [1, 1, 0]}])
    assert game.default_action(s, 0) == Action(0, "decline")


def _promised_level_up(game: Classic, helper_level: int, monster: str) -> ClassicState:
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": [monster], "treasure": ["hat_pot"]},
        [{"level": 1, "hand": ["lvl_bribe"]}, {"level": helper_level}],
    )
    _play(
        game,
        s,
        [
            {"seat": 0, "do": "kick"},
            {"seat": 0, "do": "ask", "args": [1]},
            {"seat": 0, "do": "promise_card", "args": ["lvl_bribe"]},
            {"seat": 0, "do": "propose", "args": [0, 0, 0]},
            {"seat": 1, "do": "accept"},
        ],
    )
    return s


def test_a_promised_level_up_is_only_listed_to_the_fighter(game: Classic) -> None:
    # 004: Asking for Help: the fighter may offer to play a hand card (a level-up) on the
    # helper; only the fighter is offered the choice, and never to the winning level.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_mold"]},
        [{"level": 1, "hand": ["lvl_bribe"]}, {"level": 9, "hand": ["lvl_cheat_sheet"]}],
    )
    _play(game, s, [{"seat": 0, "do": "kick"}, {"seat": 0, "do": "ask", "args": [1]}])
    assert not [a for a in game.legal_actions(s, 0) if a.kind == "promise_card"]  # level 9
    s.levels[1] = 8
    assert [a.kind for a in game.legal_actions(s, 0) if a.kind == "promise_card"] == [
        "promise_card"
    ]
    assert all(a.kind != "promise_card" for p in (1, 2) for a in game.legal_actions(s, p))


def test_a_promised_level_up_is_not_paid_to_the_winning_level(game: Classic) -> None:
    # 004: Asking for Help; Other Treasures: the promise is kept only while it is legal: a
    # helper who reached level 9 meanwhile is not raised, and the card stays in the hand.
    s = _promised_level_up(game, 8, "mon_mold")
    s.levels[1] = 9
    _play(
        game, s, [{"seat": 0, "do": "pass"}, {"seat": 1, "do": "pass"}, {"seat": 2, "do": "pass"}]
    )
    assert s.combat is None and s.levels[1] == 9
    assert [game.table.defs[c].id for c in s.hands[0]].count("lvl_bribe") == 1


def test_a_promised_level_up_is_kept_if_the_fight_is_lost(game: Classic) -> None:
    # 004: Asking for Help: a promise for a win is paid only for a win.
    s = _promised_level_up(game, 1, "mon_goblin")
    _play(
        game, s, [{"seat": 0, "do": "pass"}, {"seat": 1, "do": "pass"}, {"seat": 2, "do": "pass"}]
    )
    assert s.levels == [1, 1, 1] and s.combat is not None  # lost: running away is owed
    assert [game.table.defs[c].id for c in s.hands[0]] == ["lvl_bribe"]


def test_the_heuristic_fighter_promises_a_level_up_for_help(game: Classic) -> None:
    # 004: Asking for Help: with nothing to share, a level-up buys help; the helper takes it.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_goblin"]},
        [{"level": 3, "hand": ["lvl_bribe"]}, {"level": 3}],
    )
    _play(game, s, [{"seat": 0, "do": "kick"}, {"seat": 0, "do": "ask", "args": [1]}])
    rng = Rng(1)
    promise = game.ai_action(s, 0, rng, "heuristic")
    assert promise.kind == "promise_card"
    game.apply(s, promise)
    propose = game.ai_action(s, 0, rng, "heuristic")
    assert propose == Action(0, "propose", (0, 0, 0))
    game.apply(s, propose)
    assert game.ai_action(s, 1, rng, "heuristic") == Action(1, "accept")
