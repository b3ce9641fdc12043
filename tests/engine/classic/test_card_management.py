"""# 004: Card Management: public tables, secret discards, decks rebuilt as they run out."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from tests.engine.classic.steps import Step, do


def test_cards_in_play_are_public_and_discards_show_only_their_top(game: Classic) -> None:
    # 004: Card Management (In Play: public; discards may not be looked through).
    s = build(
        game,
        {
            "seats": 3,
            "door_discard": ["mon_mold", "curse_dread"],
            "treasure_discard": ["hat_pot", "ring_bling"],
        },
        [{"roles": ["role_elf"], "items": ["hat_horns"], "curses": ["curse_jinx"]}],
    )
    data = game.view(s, 2).to_json()
    text = repr(data)
    for card in s.items[0] + s.roles[0] + s.curses[0]:
        assert str(card) in text
    hidden = {s.door_discard[0], s.treasure_discard[0]}  # under the top cards
    from engine.classic.invariants import visible_cards

    assert not visible_cards(data) & hidden


def test_cards_in_play_never_return_to_their_owners_hand(
    game: Classic, playouts: list[list[Step]]
) -> None:
    # 004: Card Management (a card on the table never goes back into its owner's hand).
    for steps in playouts:
        for before, action, _, after in steps:
            for p in range(after.seats):
                table = set(before.items[p]) | set(before.roles[p]) | set(before.curses[p])
                back = table & set(after.hands[p])
                assert not back, f"{action} returned {back} to seat {p}'s hand"


def test_an_item_leaves_the_table_only_by_a_rule(game: Classic, playouts: list[list[Step]]) -> None:
    # 004: Items (no throwing an item away for no reason): no action whose point is only
    # to throw away one's own item; an item that leaves its owner's table goes through a sale,
    # a trade or gift, a theft, a loss (Bad Stuff, curse), berserk fuel, a shed or death.
    allowed = {
        "sell", "offer", "accept", "lose", "berserk", "shed", "take_it", "set_die", "kick",
        "curse", "steal", "flee", "pass", "oneshot", "drop_role", "concede", "loot_body",
        "propose", "demand",
    }  # fmt: skip
    for steps in playouts:
        for before, action, _, after in steps:
            if action.kind not in allowed:
                for p in range(after.seats):
                    gone = set(before.items[p]) - set(after.items[p])
                    assert not gone, f"{action} took {gone} off seat {p}'s table"


def test_a_deck_is_rebuilt_the_moment_its_last_card_is_drawn(game: Classic) -> None:
    # 004: Card Management (the discards are shuffled back the moment a deck runs out).
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_mold"], "empty_decks": True},
        [{"level": 9}, {"hand": ["wander_in"]}],
    )
    assert s.door_discard  # every other Door card waits in the discards
    do(game, s, 0, "kick")  # draws the last Door card
    assert s.door and not s.door_discard
    assert find_action(game, s, {"seat": 1, "do": "wander", "args": ["wander_in"]}) is None
