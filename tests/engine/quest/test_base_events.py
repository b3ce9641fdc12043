"""The new monster's base as the log tells it (001 R51): the Monster Die's colour where a
base of it is free, else a base the explorer picks (or the only one free). A base event that
is not the die's colour says the colour rolled, and a pick says who picked: played, "Monster
die: yellow" followed by "Candle Imp stands on the red base" read as a contradiction."""

from __future__ import annotations

from engine.core import Event, Rng
from engine.quest.content import COLOURS
from engine.quest.game import Quest


def _base_events(quest: Quest, seats: int, seed: int) -> list[tuple[str | None, Event]]:
    """Every base event of a heuristic playout, with the Monster Die's colour before it."""
    state = quest.new(seats, seed)
    rng = Rng(seed)
    rolled: str | None = None
    found: list[tuple[str | None, Event]] = []
    for _ in range(3000):
        deciders = sorted(quest.deciders(state))
        if quest.outcome(state) is not None or not deciders:
            break
        action = quest.ai_action(state, deciders[0], rng.fork(len(found)), "heuristic")
        for event in quest.apply(state, action):
            if event.kind == "monster_die" and event.data.get("why") == "base":
                rolled = str(event.data["colour"])
            elif event.kind == "base":
                found.append((rolled, event))
    return found


def test_a_base_not_of_the_die_s_colour_says_the_colour_rolled(quest: Quest) -> None:
    # 001 R51: "If no base of that colour is free, the explorer chooses the base"
    kinds = {"same": 0, "other": 0, "picked": 0}
    for seats, seed in ((2, 1), (3, 7), (4, 4), (2, 9)):
        for rolled, event in _base_events(quest, seats, seed):
            base = COLOURS[int(event.data["base"])]
            if base == rolled:
                assert "rolled" not in event.data and "seat" not in event.data, event
                kinds["same"] += 1
            else:
                assert event.data.get("rolled") == rolled, event
                kinds["other"] += 1
                kinds["picked"] += "seat" in event.data
    assert kinds["same"] and kinds["other"] and kinds["picked"], kinds  # every case reached
