"""Hidden information (SPEC 3.15): a hand only to its owner, face-down draws only to the
drawer, everything on the map public."""

from __future__ import annotations

from engine.core import Action
from engine.quest.game import Quest
from engine.quest.state import QuestState


def _ready(quest: Quest, seats: int, seed: int) -> QuestState:
    s = quest.new(seats, seed)
    for k in range(seats):
        quest.apply(s, Action(k, "ready"))
    return s


def test_hands_are_private(quest: Quest) -> None:
    # 001 F4 (R29): the hand is its owner's; others see a count
    s = _ready(quest, 3, 7)
    for seat in range(3):
        view = quest.view(s, seat).to_json()
        assert view["hand"] == s.hand[seat]
        assert [p["hand_size"] for p in view["seats"]] == [len(h) for h in s.hand]
        assert "hand" not in view["seats"][0]
    assert quest.view(s, None).to_json()["hand"] == []


def test_turn_draw_is_secret_to_others(quest: Quest) -> None:
    # 001 F18 (R37): the DxM drawn at the turn start goes to the hand unseen by the others
    s = quest.new(2, 8)
    quest.apply(s, Action(0, "ready"))
    events = quest.apply(s, Action(1, "ready"))
    draws = [e for e in events if e.kind == "draw"]
    assert draws
    drawer = draws[0].data["seat"]
    assert "cards" in draws[0].for_viewer(drawer)
    assert "cards" not in draws[0].for_viewer(1 - drawer)
    assert "cards" not in draws[0].for_viewer(None)


def test_the_map_is_public(quest: Quest) -> None:
    # SPEC 3.15: rooms, links, monsters, munchkins and items in play are everyone's
    s = _ready(quest, 2, 9)
    a, b = quest.view(s, 0).to_json(), quest.view(s, None).to_json()
    for key in ("rooms", "links", "monsters", "dropped", "tiles_left", "seats"):
        assert a[key] == b[key]
    assert "decks" in b and all(isinstance(v, int) for v in b["decks"].values())
