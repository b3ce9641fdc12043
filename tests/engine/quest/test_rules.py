"""Direct checks of rules the scenario files do not reach on their own."""

from __future__ import annotations

import pytest

from engine.core import Action, IllegalAction, Reason
from engine.quest.game import Quest
from engine.quest.rules.movement import SEARCH_TABLE


def test_search_table_matches_the_seed() -> None:
    # 001 F2 Search Table (R66): gold, Treasures and the token by total; 7 finds a monster
    assert SEARCH_TABLE[2] == (300, 0, 0) and SEARCH_TABLE[4] == (500, 0, 0)
    assert SEARCH_TABLE[5] == (100, 1, 1) and SEARCH_TABLE[8] == (500, 1, 1)
    assert SEARCH_TABLE[7] is None
    assert SEARCH_TABLE[9] == (0, 2, 2) and SEARCH_TABLE[10] == (500, 2, 2)


def test_two_to_four_seats(quest: Quest) -> None:
    # 001 F29 (R19): two to four can play
    for seats in (1, 5):
        with pytest.raises(IllegalAction) as err:
            quest.new(seats, 1)
        assert err.value.reason == Reason.BAD_ARGUMENTS


def test_options_are_checked(quest: Quest) -> None:
    # SPEC 3.13: move 3 (the rulebook) or 2 (the expansions' speed-up); SPEC 2.2: the quicker
    # game (`quick`) fights a Level 14 Boss (R121: 20) with no die windows outside fights
    assert quest.new(2, 1, {"move": 2}).move_base == 2
    quick = quest.new(2, 1, {"quick": True})  # the quicker game: a Level 14 Boss, fewer windows
    assert (quick.move_base, quick.boss_level, quick.die_windows) == (3, 14, 0)
    assert quest.new(2, 1, {"quick": True, "move": 2}).move_base == 2
    assert quest.new(2, 1).boss_level == 20
    with pytest.raises(IllegalAction):
        quest.new(2, 1, {"move": 5})
    with pytest.raises(IllegalAction):
        quest.new(2, 1, {"boss": 13})
    with pytest.raises(IllegalAction):
        quest.new(2, 1, {"moves": 3})
    # R16: the die windows outside fights are on unless a table turns them off
    assert quest.new(2, 1).die_windows == 1
    assert quest.new(2, 1, {"die_windows": 0}).die_windows == 0


def test_preparation_then_first_player(quest: Quest) -> None:
    # 001 F23 (R23, R24): cards into play before the first turn; then a roll-off starts play
    s = quest.new(2, 3)
    assert quest.deciders(s) == {0, 1} and s.phase == "prep"
    assert [len(h) for h in s.hand] == [6, 6]  # 3 Treasure + 3 DxM each (R22)
    quest.apply(s, Action(0, "ready"))
    with pytest.raises(IllegalAction):
        quest.apply(s, Action(0, "ready"))
    quest.apply(s, Action(1, "ready"))
    assert s.phase == "play" and s.turn_no == 1
    assert len(s.hand[s.turn]) == 7  # the turn's DxM draw (R37)


def test_refused_action_changes_nothing(quest: Quest) -> None:
    s = quest.new(2, 4)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        quest.apply(s, Action(0, "go", ("N",)))
    assert s.to_json() == before


def test_concede_leaves_the_other_seat_the_winner(quest: Quest) -> None:
    s = quest.new(2, 5)
    quest.apply(s, Action(1, "concede"))
    outcome = quest.outcome(s)
    assert outcome is not None and outcome.winners == (0,)
