"""# 004: Charity: the hand limit at the end of a turn and what goes to the lowest."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build
from engine.classic.state import ClassicState
from tests.engine.classic.steps import Step, do, ids


def test_every_turn_ends_with_five_cards_or_fewer(
    game: Classic, playouts: list[list[Step]]
) -> None:
    # 004: Your Hand / Charity: at the end of your turn, no more than five cards in hand.
    ended = 0
    for steps in playouts:
        for before, action, _, after in steps:
            if action.kind == "end_turn":
                ended += 1
                assert len(after.hands[before.turn]) <= 5
    assert ended > 0


def test_charity_excess_goes_only_to_the_lowest(game: Classic) -> None:
    # 004: Charity: a seat that is not lowest may not discard its excess, and only the lowest
    # seat is offered the cards.
    s = build(
        game,
        {"seats": 4, "phase": "charity"},
        [
            {
                "level": 4,
                "hand": [
                    "hat_pot",
                    "ring_bling",
                    "misc_sock",
                    "lvl_pep",
                    "lvl_nap",
                    "curse_dread",
                    "shot_glue",
                ],
            },
            {"level": 3},
            {"level": 2},
            {"level": 5},
        ],
    )
    kinds = {
        (a.kind, a.args[1] if a.kind == "charity_give" else None) for a in game.legal_actions(s, 0)
    }
    assert ("charity_give", 2) in kinds
    assert not {k for k in kinds if k[0] == "charity_give" and k[1] != 2}
    assert ("charity_discard", None) not in kinds and ("end_turn", None) not in kinds


def _charity_table(game: Classic, gift: str) -> ClassicState:
    """Seat 0 ends its turn with six cards; seat 1 is the lowest and receives the extra."""
    hand = ["mon_mold", "mon_gnat", "curse_shrink", "enh_grumpy", "enh_elder", gift]
    return build(
        game,
        {"seats": 3, "phase": "charity"},
        [{"level": 3, "hand": hand}, {"level": 1, "roles": ["role_elf"]}, {"level": 2}],
    )


def test_a_charity_item_may_be_played_at_once_off_turn(game: Classic) -> None:
    # 004: When You May Take Actions (a card just received may be played at once, even when it
    # would otherwise wait for its owner's turn) and Charity: seat 1 puts the ring
    # it was just given on the table during seat 0's turn.
    s = _charity_table(game, "ring_bling")
    do(game, s, 0, "charity_give", "ring_bling", 1)
    assert game.deciders(s) == {1}
    do(game, s, 1, "play", "ring_bling")
    assert ids(game, s.items[1]) == ["ring_bling"] and s.turn == 0
    assert game.deciders(s) == {0}
    assert game.invariants(s) == []


def test_a_charity_role_may_be_played_at_once_off_turn(game: Classic) -> None:
    # 004: Roles ("whenever you first get it") and When You May Take Actions: a class given
    # as charity may be played by a seat that has none, before its own turn.
    s = _charity_table(game, "role_thief")
    do(game, s, 0, "charity_give", "role_thief", 1)
    do(game, s, 1, "play", "role_thief")
    assert ids(game, s.roles[1]) == ["role_elf", "role_thief"]


def test_what_others_see_of_a_charity_card_does_not_depend_on_the_card(game: Classic) -> None:
    # 004: Card Management (the hand is not public) with the rule above: the recipient owes
    # the same decision whatever it got (a ring it may play or a Cheat it may not), so the
    # deciders, the free actors and every other seat's view are the same either way (both
    # are Treasures, so the decks look alike too; a Cheat needs an item seat 1 lacks).
    seen = []
    for gift in ("ring_bling", "cheat_permit"):
        s = _charity_table(game, gift)
        do(game, s, 0, "charity_give", gift, 1)
        views = [game.view(s, seat).to_json() for seat in (0, 2, None)]
        seen.append((game.deciders(s), game.free_actors(s), views[1:]))
        assert game.view(s, 1).to_json()["pending"]["cards"] == s.hands[1]
        do(game, s, 1, "keep")  # keeping the card is always possible
        assert game.deciders(s) == {0}
    assert seen[0] == seen[1]
