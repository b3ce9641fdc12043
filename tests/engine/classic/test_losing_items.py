"""# 004: losing items to curses and Bad Stuff: which item goes, and who chooses."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from engine.core import Event
from tests.engine.classic.steps import do, ids


def test_losing_the_cheapest_item_never_takes_a_hireling(game: Classic) -> None:
    # 004: Attached: Items and Hirelings are told apart, so a card that takes the cheapest item
    # passes over a hireling worth nothing.
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["curse_butter"]},
        [{"items": ["hat_pot", "hireling_squire"]}],
    )
    do(game, s, 0, "kick")
    t = game.table
    kept = sorted(t.defs[c].id for c in s.items[0])
    assert kept == ["hireling_squire"]


def test_equally_cheap_items_leave_the_choice_to_the_victim(game: Classic) -> None:
    # 004: Conflicts Between Cards and Rules (the card names the cheapest) and Curses (the
    # victim decides among the items the curse can take).
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["curse_butter"]},
        [{"items": ["hat_horns", "hat_pot", "ring_bling"]}],
    )
    do(game, s, 0, "kick")
    losable = ids(game, [int(a.args[0]) for a in game.legal_actions(s, 0) if a.kind == "lose"])
    assert losable == ["hat_pot", "ring_bling"]


def test_slot_loss_with_two_hand_items_is_the_victims_choice(game: Classic) -> None:
    # 004: Curses: when several items fit a curse, the cursed player picks the one to lose.
    from engine.classic.cards import Effect
    from engine.classic.rules.effects import apply_effects

    s = build(game, {"seats": 3}, [{"items": ["hand_stick", "hand_buckler"]}])
    assert len(s.equipped[0]) == 2
    events: list[Event] = []
    apply_effects(game.table, s, 0, (Effect(op="lose_item", slot="hands"),), events)
    assert s.pending[-1].kind == "lose" and sorted(s.pending[-1].cards) == sorted(s.equipped[0])
    choice = find_action(game, s, {"seat": 0, "do": "lose", "args": ["hand_buckler"]})
    assert choice is not None
    game.apply(s, choice)
    assert [game.table.defs[c].id for c in s.items[0]] == ["hand_stick"]
