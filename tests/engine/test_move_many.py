"""``Move.many`` (engine/core/moves.py): the last argument name stands for any number of
arguments, none too, so quest's ``buy_level`` may name every item sold together for one level
(001 F25, R131; issue 26 1.4) and the move tables still check every legal action's arity."""

from __future__ import annotations

from engine.core import Action
from engine.core.moves import Move, undeclared
from engine.quest.moves import MOVES


def test_a_many_move_fits_any_number_of_its_last_argument() -> None:
    sale: Move[None] = Move(("card",), many=True)
    for args in [(), (4,), (4, 7, 9)]:
        assert sale.fits(Action(0, "buy_level", args))
    assert not Move(("card",)).fits(Action(0, "buy_level", (4, 7)))


def test_quest_declares_its_sales_and_stack_picks() -> None:
    actions = [
        Action(0, "buy_level", ()),
        Action(0, "buy_level", (1, 2)),
        Action(0, "pick", (3,)),
        Action(0, "pick_done", ()),
    ]
    assert undeclared(MOVES, actions) == []
