"""# issue 27.2: what answers a fight's window is a card or ability that acts on the fight,
not the gear, gold, trades and role changes a bystander may also make while it waits."""

from __future__ import annotations

from engine.classic import Classic
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from engine.core import PASS, OpenWindow


def _fight(game: Classic, bystander: dict[str, object]) -> ClassicState:
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_mold"]},
        [{"level": 5}, bystander, {"items": ["feet_kickers"], "roles": ["role_elf"]}],
    )
    kick = find_action(game, s, {"seat": 0, "do": "kick", "args": []})
    assert kick is not None
    game.apply(s, kick)
    return s


def test_the_fight_is_the_window_the_engine_declares(game: Classic) -> None:
    # issue 27.1: the same declaration as every game's (Game.window)
    s = _fight(game, {})
    window = game.window(s)
    assert window == OpenWindow("combat", (0, 1, 2), frozenset())
    game.apply(s, next(a for a in game.legal_actions(s, 1) if a.kind == PASS))
    assert game.window(s) == OpenWindow("combat", (0, 1, 2), frozenset({1}))


def test_gear_gold_and_roles_are_no_answer(game: Classic) -> None:
    # issue 27.2: seat 2 may unequip, give gold, trade and give up its race in the window, and
    # none of that acts on the fight: it has nothing to answer with (auto-pass passes for it).
    s = _fight(game, {})
    kinds = {a.kind for a in game.legal_actions(s, 2)}
    assert {"unequip", "give_gold", "drop_role"} <= kinds
    assert game.window_answers(s, 2) == []


def test_a_curse_answers_only_on_a_side_of_the_fight(game: Classic) -> None:
    # issue 27.2: a curse on the fighter changes the fight; one on a bystander does not.
    s = _fight(game, {"hand": ["curse_shrink", "shot_firebomb"]})
    answers = game.window_answers(s, 1)
    curses = {a.args[1] for a in answers if a.kind == "curse"}
    assert curses == {0}
    assert any(a.kind == "oneshot" for a in answers)
    assert all(a.kind != PASS for a in answers)
    assert set(answers) <= set(game.legal_actions(s, 1))


def test_no_answers_outside_a_window(game: Classic) -> None:
    s = build(game, {"seats": 3, "phase": "trouble"}, [{"hand": ["curse_shrink"]}])
    assert game.window(s) is None
    assert game.window_answers(s, 0) == []
