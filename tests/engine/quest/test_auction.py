"""The help auction when a bidder leaves the match (R114; the auction itself is OURS, see
docs/rules/quest.md): the bidding goes on among the seats still in it, never waiting on one
that conceded."""

from __future__ import annotations

from engine.core import CONCEDE, Action
from engine.quest.game import Quest
from engine.quest.scenario import build
from engine.quest.state import QuestState

SETUP = {
    "seats": 3,
    "rooms": [{"room": "r01a", "x": 1, "y": 0}],
    "monsters": [{"id": "cave_trollkin", "x": 1, "y": 0, "base": "green"}],
}


def _auction(quest: Quest) -> QuestState:
    s = build(quest, SETUP, [{"at": [1, 0]}, {"at": [1, 0]}, {"at": [1, 0]}])
    quest.apply(s, Action(0, "auction"))  # 001 F46 (R114): bidders 1 then 2
    assert quest.deciders(s) == frozenset({1})
    return s


def test_the_bidder_asked_concedes_and_the_next_one_is_asked(quest: Quest) -> None:
    s = _auction(quest)
    quest.apply(s, Action(1, CONCEDE))
    assert quest.deciders(s) == frozenset({2}) and s.pending[-1].kind == "bid"
    quest.apply(s, Action(2, "bid", (1,)))
    assert s.fight is not None and s.fight.helper == 2 and s.fight.bribe == 1


def test_a_queued_bidder_concedes_and_the_standing_bid_wins(quest: Quest) -> None:
    s = _auction(quest)
    quest.apply(s, Action(2, CONCEDE))
    quest.apply(s, Action(1, "bid", (2,)))
    assert not s.pending
    assert s.fight is not None and s.fight.helper == 1 and s.fight.bribe == 2


def test_the_standing_bidder_concedes_and_his_bid_lapses(quest: Quest) -> None:
    s = _auction(quest)
    quest.apply(s, Action(1, "bid", (2,)))
    quest.apply(s, Action(1, CONCEDE))
    quest.apply(s, Action(2, "no_bid"))
    assert not s.pending
    assert s.fight is not None and s.fight.helper is None
