"""Trading and gifts between seats (001 F4, F13, F17, F18, F19: R28, R35, R95, R152): the
protocol's edges the scenario files do not reach, the AI's answers, the rules version and
snapshots saved before trading existed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, Rng
from engine.games import rules_version
from engine.quest import RULES_VERSION
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.state import QuestState


def _two(
    quest: Quest, a: list[str], b: list[str], gold: tuple[int, int] = (300, 300)
) -> QuestState:
    seats: list[Mapping[str, Any]] = [{"items": a, "gold": gold[0]}, {"items": b, "gold": gold[1]}]
    return build(quest, {"seats": 2}, seats)


def _card(quest: Quest, s: QuestState, seat: int, name: str) -> int:
    return next(i for i in s.gear[seat] if quest.content.name(i) == name)


def test_quest_registers_its_rules_version() -> None:
    # docs/reliability.md "A deploy under live matches": trading changed the legal moves
    assert RULES_VERSION >= 2 and rules_version("quest") == RULES_VERSION


def test_a_snapshot_from_before_trading_still_loads(quest: Quest) -> None:
    s = _two(quest, ["bucket_helm"], [])
    data = s.to_json()
    del data["traded"]
    back = QuestState.from_json(data)
    assert back.traded == [] and back.to_json()["gear"] == data["gear"]


def test_a_fight_saved_before_item_bribes_loads(quest: Quest) -> None:
    seats: list[Mapping[str, Any]] = [{"at": [1, 0], "level": 5}, {"at": [1, 0]}]
    setup = {
        "seats": 2,
        "rooms": [{"room": "r01a", "x": 1, "y": 0}],
        "monsters": [{"id": "cave_trollkin", "x": 1, "y": 0, "base": "green"}],
    }
    s = build(quest, setup, seats)
    data = s.to_json()
    for key in ("bribe_gold", "bribe_item"):
        del data["fight"][key]
    back = QuestState.from_json(data)
    assert back.fight is not None and back.fight.bribe_gold == 0 and back.fight.bribe_item is None


def test_offers_name_only_items_in_play_and_gold(quest: Quest) -> None:
    # R29: the hand is never traded; R28: never DxM cards
    s = build(quest, {"seats": 2}, [{"items": ["horned_cap"], "hand": ["bucket_helm"]}, {}])
    quest.apply(s, Action(0, "trade", (1,)))
    for a in quest.legal_actions(s, 0):
        if a.kind == "offer":
            give, get = int(a.args[1]), int(a.args[2])
            assert give < 0 or give in s.gear[0]
            assert get < 0 or get in s.gear[1]


def test_a_concession_ends_the_offer_made_to_another_seat(quest: Quest) -> None:
    s = _two(quest, ["bucket_helm"], [])
    quest.apply(s, Action(0, "trade", (1,)))
    quest.apply(s, Action(0, "offer", (1, _card(quest, s, 0, "bucket_helm"), -1, 0)))
    s.turn = 1  # the proposer is off turn: his concession must not leave a dangling offer
    quest.apply(s, Action(0, "concede"))
    assert not any(p.kind == "offer" for p in s.pending)


def _answer(quest: Quest, s: QuestState) -> str:
    return quest.ai_action(s, 1, Rng(1), "heuristic").kind


def test_the_heuristic_accepts_a_fair_trade(quest: Quest) -> None:
    s = _two(quest, ["chain_shirt"], [], gold=(0, 600))
    quest.apply(s, Action(0, "trade", (1,)))
    quest.apply(s, Action(0, "offer", (1, _card(quest, s, 0, "chain_shirt"), -1, -300)))
    assert _answer(quest, s) == "accept_trade"  # +2 armour worth 400 for 300 gold


def test_the_heuristic_refuses_a_bad_trade(quest: Quest) -> None:
    s = _two(quest, ["rusty_dagger"], ["pokey_pike"])
    quest.apply(s, Action(0, "trade", (1,)))
    dagger, pike = _card(quest, s, 0, "rusty_dagger"), _card(quest, s, 1, "pokey_pike")
    quest.apply(s, Action(0, "offer", (1, dagger, pike, 0)))
    assert _answer(quest, s) == "refuse_trade"  # a +1 dagger for a +3 pike


def test_the_heuristic_refuses_a_big_gift_that_costs_move(quest: Quest) -> None:
    s = _two(quest, ["great_cleaver"], ["barrel_armor"])
    quest.apply(s, Action(0, "trade", (1,)))
    quest.apply(s, Action(0, "offer", (1, _card(quest, s, 0, "great_cleaver"), -1, 0)))
    assert _answer(quest, s) == "refuse_trade"  # R151: a second Big item is −1 Move
