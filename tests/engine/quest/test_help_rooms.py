"""Where help may come from (R112, R113; SPEC 4.2.4: "the picture should mark rooms adjacent
to the fight"): the view names the rooms by ``may_help``'s own rule, the fight's room and
those joined to it by any link but a wall, none when the room or a monster forbids help, and
the seats that may be asked now."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Rng
from engine.quest.game import Quest
from engine.quest.rules import combat
from engine.quest.scenario import build
from engine.quest.state import QuestState

# Sunlit Gate (0,0) - Mossy Vestibule (1,0) | wall | Dripping Cave (2,0); Root Cellar (1,1)
# below the Vestibule through a hidden door. The fight is in the Vestibule.
ROOMS = [
    {"room": "r01a", "x": 1, "y": 0},
    {"room": "r03b", "x": 1, "y": 1},
    {"room": "r07b", "x": 2, "y": 0},
]
LINKS = [
    {"x": 2, "y": 0, "side": "W", "kind": "wall"},
    {"x": 1, "y": 1, "side": "N", "kind": "hidden"},
]


def _fight(quest: Quest, rooms: list[dict[str, Any]], monster: str = "lost_intern") -> Any:
    setup = {
        "seats": 4,
        "rooms": rooms,
        "links": LINKS,
        "monsters": [{"id": monster, "x": 1, "y": 0}],
    }
    seats: list[Mapping[str, Any]] = [
        {"at": [1, 0]},
        {"at": [1, 1]},
        {"at": [2, 0]},
        {"at": [0, 0]},
    ]
    state = build(quest, setup, seats)
    return state, quest.view(state, None).to_json()["fight"]


def test_help_comes_from_the_room_and_through_any_door_never_through_a_wall(quest: Quest) -> None:
    # R113: a helper next door comes through a passage or any kind of door; R41: not a wall
    _, fight = _fight(quest, ROOMS)
    assert fight["help_rooms"] == [[0, 0], [1, 0], [1, 1]]  # not the Dripping Cave (2,0)
    assert fight["may_help"] == [1, 3]  # Bo behind the hidden door, Di at the Gate


def test_no_help_room_marks_no_room(quest: Quest) -> None:
    # R112: a room may forbid help (the Muffled Vault): then no room is marked, nobody asked
    vault = [{"room": "r05a", "x": 1, "y": 0}, *ROOMS[1:]]
    _, fight = _fight(quest, vault)
    assert fight["help_rooms"] == [] and fight["may_help"] == []


def _fights(quest: Quest, seed: int) -> list[QuestState]:
    state = quest.new(4, seed)
    out = []
    for step in range(1500):
        if quest.outcome(state) is not None:
            break
        if state.fight is not None and state.fight.mons:
            out.append(state.clone())
        deciders = sorted(quest.deciders(state))
        seat = deciders[step % len(deciders)]
        quest.apply(state, quest.ai_action(state, seat, Rng(seed * 31 + step), "random"))
    return out


def test_the_marked_rooms_are_where_may_help_finds_helpers(quest: Quest) -> None:
    # R112, R113: along random games, a seat that may help stands in a marked room, and a
    # marked room is one from which the engine's nearness rule reaches the fight
    seen = 0
    for seed in (3, 5, 8):
        for state in _fights(quest, seed):
            f = state.fight
            assert f is not None
            fight = quest.view(state, None).to_json()["fight"]
            marked = {tuple(c) for c in fight["help_rooms"]}
            barred = combat.help_barred(state, quest.content, f)
            assert marked == (
                set() if barred else {r for r in state.rooms if combat.near(state, r, f.cell)}
            )
            for k in fight["may_help"]:
                assert tuple(state.pos[k]) in marked
                seen += 1
    assert seen > 0
