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
