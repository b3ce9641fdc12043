"""Issue 26.4: a "none" in quest's state is ``None``, never a number that a seat, a card
instance or a colour could be (1.1: ``magic_double = 0`` doubled card instance 0 in every
fight). Snapshots saved before held ``-1`` there and still load; the views, events and action
arguments keep showing ``-1`` (``NOTHING``), so renderers and records are unchanged."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from engine.core import Action
from engine.core.moves import NOTHING, Move
from engine.quest.action_args import SHAPES
from engine.quest.game import Quest
from engine.quest.pieces import Mon
from engine.quest.scenario import build
from engine.quest.state import QuestState


def _fight(quest: Quest) -> QuestState:
    seats: list[Mapping[str, Any]] = [{"at": [1, 0], "level": 5}, {"at": [1, 0]}]
    setup = {
        "seats": 2,
        "rooms": [{"room": "r01a", "x": 1, "y": 0}],
        "monsters": [
            {"id": "cave_trollkin", "x": 1, "y": 0, "base": "green"},
            {"id": "moss_blob", "x": 1, "y": 0},
        ],
    }
    return build(quest, setup, seats)


def test_nobody_helping_no_base_and_no_roll_yet_are_none(quest: Quest) -> None:
    # 001 R113 (no helper), R51 (a base not yet picked), R16 (no Monster Die rolled yet)
    s = _fight(quest)
    assert s.fight is not None
    assert s.fight.helper is None and s.fight.bribe_item is None and s.fight.magic_double is None
    assert s.last_colour is None
    assert [m.base for m in s.mons] == [1, None]


def test_the_snapshot_keeps_the_minus_ones_it_always_held(quest: Quest) -> None:
    # a snapshot written now loads on the code before (a rolled-back deploy) and compares
    # equal to one written before (docs/reliability.md: a log replayed on new rules)
    data = _fight(quest).to_json()
    assert data["last_colour"] == -1 and data["mons"][1]["base"] == -1
    assert data["fight"]["helper"] == -1 and data["fight"]["bribe_item"] == -1


def test_a_snapshot_with_minus_ones_or_nulls_loads_as_none(quest: Quest) -> None:
    s = _fight(quest)
    old = s.to_json()
    nulls = QuestState.from_json(old).to_json()  # a deep copy, "none" written as null
    nulls["last_colour"] = None
    nulls["fight"]["helper"] = None
    nulls["fight"]["bribe_item"] = None
    nulls["mons"][1]["base"] = None
    for data in (old, nulls):
        back = QuestState.from_json(data)
        assert back.to_json() == old
        _loads_as_none(back, quest, s)


def _loads_as_none(back: QuestState, quest: Quest, s: QuestState) -> None:
    assert back.fight is not None and back.fight.helper is None and back.fight.bribe_item is None
    assert back.last_colour is None and back.mons[1].base is None
    for seat in (None, 0, 1):
        assert quest.view(back, seat).to_json() == quest.view(s, seat).to_json()
    assert quest.legal_actions(back, 0) == quest.legal_actions(s, 0)


def test_a_mate_copy_has_no_card_and_its_old_minus_one_loads() -> None:
    # 001 R106: a Mate copy is a monster with no card of its own
    old = {
        "serial": 3,
        "card": -1,
        "mdef": 2,
        "cell": [1, 0],
        "base": -1,
        "enh": [],
        "carried": [],
        "gotcha": False,
        "boss": False,
    }
    m = Mon.from_json(old)
    assert m.card is None and m.base is None
    assert Mon.from_json(m.to_json()) == m


def test_the_views_still_show_minus_one_for_nobody(quest: Quest) -> None:
    view = quest.view(_fight(quest), 0).to_json()
    assert view["fight"]["helper"] == -1
    assert [m["base"] for m in view["monsters"]] == [1, -1]
    assert view["last_colour"] is None  # it always showed no colour as null


def test_a_move_argument_that_names_nothing_reads_as_none() -> None:
    # the deal paid for by no card, the bribe of gold and no item (001 R59, R114)
    assert SHAPES["deal"].maybe(Action(0, "deal", (1, NOTHING)), "card") is None
    assert SHAPES["deal"].maybe(Action(0, "deal", (1, 0)), "card") == 0  # card 0 is a card
    assert SHAPES["ask"].maybe(Action(0, "ask", (1, 0, 100, NOTHING)), "item") is None
    assert SHAPES["offer"].maybe(Action(0, "offer", (1, 5, NOTHING, 0)), "get") is None
    with pytest.raises(KeyError):
        SHAPES["deal"].maybe(Action(0, "deal", (1, 0)), "deal")  # not declared: a real number
    assert Move(("card",)).nothing == ()
