"""A move reads its arguments by name (``engine/core/moves.py``). That every game's
``legal_actions`` lists only declared moves is the conformance kit's check
(``tests/games/test_conformance_rules.py``), run over every hosted game."""

from __future__ import annotations

import pytest

from engine.classic.moves import MOVES as CLASSIC_MOVES
from engine.core import Action
from engine.core.moves import Move
from engine.duel.moves import MOVES as DUEL_MOVES
from engine.quest.moves import MOVES as QUEST_MOVES


def test_a_move_reads_its_arguments_by_name() -> None:
    offer = Action(1, "accept", (12, -1, 0, 100))
    move: Move[None] = CLASSIC_MOVES["accept"]
    assert move.arg(offer, "seat") == 0 and move.get(offer, "gold") == 100
    assert move.get(Action(1, "accept"), "card") is None and move.fits(Action(1, "accept"))
    assert DUEL_MOVES["play"].named(Action(0, "play", (7, -1, 1))) == {
        "card": 7,
        "target": -1,
        "blood": 1,
    }
    with pytest.raises(KeyError):
        move.arg(offer, "monster")


def test_a_short_form_leaves_its_last_arguments_off() -> None:
    # R114: asking for help promises Treasures; the long form adds a bribe of gold or an item
    ask = QUEST_MOVES["ask"]
    short, long = Action(0, "ask", (2, 1)), Action(0, "ask", (2, 0, 0, 31))
    assert ask.fits(short) and ask.fits(long) and not ask.fits(Action(0, "ask", (2, 0, 0)))
    assert ask.get(short, "item") is None and ask.arg(long, "item") == 31
    assert not ask.fits(Action(0, "ask")) and ask.arg(short, "treasures") == 1


def test_a_many_move_reads_every_one_of_its_last_argument() -> None:
    # R131: the items sold together for one level; gold alone names none
    buy = QUEST_MOVES["buy_level"]
    assert buy.every(Action(0, "buy_level", (4, 9)), "card") == (4, 9)
    assert buy.every(Action(0, "buy_level"), "card") == ()
    assert DUEL_MOVES["play"].every(Action(0, "play", (7, -1, 1)), "target") == (-1,)
    with pytest.raises(KeyError):
        buy.every(Action(0, "buy_level"), "seat")
