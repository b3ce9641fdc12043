"""Rules fidelity, round two (issue 14): the deviations an outside reading of 004 found.
Each test names the 004 rule it checks and failed before its fix."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.core import Event


def _do(game: Classic, s: ClassicState, seat: int, kind: str, *args: object) -> list[Event]:
    action = find_action(game, s, {"seat": seat, "do": kind, "args": list(args)})
    assert action is not None, f"{kind} {args} is not legal for seat {seat}"
    return game.apply(s, action)


def _legal(game: Classic, s: ClassicState, seat: int, kind: str, *args: object) -> bool:
    return find_action(game, s, {"seat": seat, "do": kind, "args": list(args)}) is not None


def _ids(game: Classic, cards: list[int]) -> list[str]:
    return sorted(game.table.defs[c].id for c in cards)


def test_each_overachiever_allows_one_more_role_of_its_type(game: Classic) -> None:
    # 004: Super Munchkin: more than two Roles of a type with the right cards, one
    # Overachiever per extra Role; the card's own text must not promise just a second one.
    text = game.table.defs[game.table.by_id["super_role"]].text
    assert "second" not in text and "one more" in text
    s = build(
        game,
        {"seats": 3, "phase": "trouble"},
        [{"roles": ["role_warrior", "super_role", "role_wizard"], "hand": ["role_cleric"]}],
    )
    s.hands[0].append(next(c for c in s.door if game.table.defs[c].id == "super_role"))
    s.door.remove(s.hands[0][-1])
    assert not _legal(game, s, 0, "play", "role_cleric")  # two classes, one Overachiever
    _do(game, s, 0, "attach", "super_role", "role_wizard")
    _do(game, s, 0, "play", "role_cleric")
    assert game.table.roles_of_type(s, 0, "class") == (3, 2)
    assert game.invariants(s) == []


def _charity_table(game: Classic, gift: str) -> ClassicState:
    """Seat 0 ends its turn with six cards; seat 1 is the lowest and receives the extra."""
    hand = ["mon_mold", "mon_gnat", "curse_shrink", "enh_grumpy", "enh_elder", gift]
    return build(
        game,
        {"seats": 3, "phase": "charity"},
        [{"level": 3, "hand": hand}, {"level": 1, "roles": ["role_elf"]}, {"level": 2}],
    )


def test_a_charity_item_may_be_played_at_once_off_turn(game: Classic) -> None:
    # 004: When You May Take Actions ("play a card that you have just received, even if
    # normally you would have to wait for your own turn") and Charity: seat 1 puts the ring
    # it was just given on the table during seat 0's turn.
    s = _charity_table(game, "ring_bling")
    _do(game, s, 0, "charity_give", "ring_bling", 1)
    assert game.deciders(s) == {1}
    _do(game, s, 1, "play", "ring_bling")
    assert _ids(game, s.items[1]) == ["ring_bling"] and s.turn == 0
    assert game.deciders(s) == {0}
    assert game.invariants(s) == []


def test_a_charity_role_may_be_played_at_once_off_turn(game: Classic) -> None:
    # 004: Roles ("whenever you first get it") and When You May Take Actions: a class given
    # as charity may be played by a seat that has none, before its own turn.
    s = _charity_table(game, "role_thief")
    _do(game, s, 0, "charity_give", "role_thief", 1)
    _do(game, s, 1, "play", "role_thief")
    assert _ids(game, s.roles[1]) == ["role_elf", "role_thief"]


def test_what_others_see_of_a_charity_card_does_not_depend_on_the_card(game: Classic) -> None:
    # 004: Card Management (the hand is not public) with the rule above: the recipient owes
    # the same decision whatever it got (a ring it may play or a Cheat it may not), so the
    # deciders, the free actors and every other seat's view are the same either way (both
    # are Treasures, so the decks look alike too; a Cheat needs an item seat 1 lacks).
    seen = []
    for gift in ("ring_bling", "cheat_permit"):
        s = _charity_table(game, gift)
        _do(game, s, 0, "charity_give", gift, 1)
        views = [game.view(s, seat).to_json() for seat in (0, 2, None)]
        seen.append((game.deciders(s), game.free_actors(s), views[1:]))
        assert game.view(s, 1).to_json()["pending"]["cards"] == s.hands[1]
        _do(game, s, 1, "keep")  # keeping the card is always possible
        assert game.deciders(s) == {0}
    assert seen[0] == seen[1]
