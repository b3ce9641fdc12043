"""# 004: Rewards: treasure face down after a solo kill, face up after a helped one."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build
from engine.classic.state import ClassicState
from engine.core import Event
from tests.engine.classic.steps import do


def _kill_events(game: Classic, helped: bool) -> tuple[ClassicState, list[Event]]:
    s = build(
        game,
        {
            "seats": 3,
            "phase": "kick",
            "door": ["mon_gelatin"],
            "treasure": ["hat_pot", "ring_bling"],
        },
        [{"level": 3}, {"level": 3}],
    )
    do(game, s, 0, "kick")
    if helped:
        do(game, s, 0, "ask", 1)
        do(game, s, 0, "propose", 0, 0, 0)
        do(game, s, 1, "accept")
    else:
        s.levels[0] = 5  # strong enough alone
    events: list[Event] = []
    for seat in range(3):
        events += do(game, s, seat, "pass")
    return s, events


def _named(events: list[Event], viewer: int | None) -> set[int]:
    """The cards the events name to ``viewer`` (under ``card`` or ``cards``)."""
    out: set[int] = set()
    for e in events:
        data = e.for_viewer(viewer)
        if isinstance(data.get("card"), int):
            out.add(data["card"])
        out.update(c for c in data.get("cards", []) if isinstance(c, int))
    return out


def test_treasure_from_a_solo_kill_is_drawn_face_down(game: Classic) -> None:
    # 004: Rewards (alone: only the killer sees what was drawn).
    s, events = _kill_events(game, helped=False)
    drawn = set(s.hands[0])
    assert len(drawn) == 2
    for viewer in (None, 1, 2):
        assert not drawn & _named(events, viewer)
    assert drawn <= _named(events, 0)


def test_treasure_from_a_helped_kill_is_drawn_face_up(game: Classic) -> None:
    # 004: Rewards (with a helper the whole table sees the treasure drawn).
    s, events = _kill_events(game, helped=True)
    drawn = set(s.hands[0]) | set(s.hands[1])
    assert len(drawn) == 2
    for viewer in (None, 2):
        assert drawn <= _named(events, viewer)
