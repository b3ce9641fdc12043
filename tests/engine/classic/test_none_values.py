"""Issue 26.4: a "none" in the classic state is ``None``, never a number a seat or a card could
be: nobody helping (# 004: Asking for Help), nothing attached to an item (# 004: Attached), no
card left to draw (# 004: Card Management). Snapshots keep the ``-1`` they have always held for
nobody helping (the frozen snapshots of tests/engine/snapshots load and save back unchanged)."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build
from engine.classic.state import Combat
from engine.core.nothing import NOTHING


def test_nobody_helping_is_none_and_saves_as_minus_one() -> None:
    # 004: Asking for Help: a fight with no helper has only the fighter on the players' side
    c = Combat(fighter=0, monsters=[5])
    assert c.helper is None and c.side == (0,) and c.to_json()["helper"] == NOTHING
    back = Combat.from_json(c.to_json())
    assert back.helper is None and back.to_json() == c.to_json()
    helped = Combat.from_json({**c.to_json(), "helper": 0})  # seat 0 is a seat
    assert helped.helper == 0 and helped.side == (0, 0)


def test_no_card_left_to_draw_is_none(game: Classic) -> None:
    # 004: Card Management: both the deck and its discards empty, nothing is drawn
    s = build(game, {"seats": 3}, [{}])
    s.treasure.clear()
    s.treasure_discard.clear()
    assert game.table.draw(s, False) is None


def test_an_item_with_nothing_attached_travels_alone(game: Classic) -> None:
    # 004: Attached: an item's Cheat and a hireling's carried item go with it; none here
    s = build(game, {"seats": 3}, [{"items": ["hat_horns"]}])
    card = s.items[0][0]
    assert game.table.take_item(s, 0, card) == (None, None)
