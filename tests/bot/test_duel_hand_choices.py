"""A duel hand offers each choice a person can tell apart once (found playing at 400 px: two
copies of a card in hand gave four "Attack with Arena Bull Named Gerald fac…" options, the
gold that told them apart cut off at a phone's 40 characters). # 000 III.A.2.f: a fight is
started with a card from hand, face down, and any gold."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.plugins import renderer_for
from engine.core import Rng
from engine.games import load_game
from tests.bot.render_support import NAMES

SEEDS = range(8)


def _decisions() -> Iterator[tuple[Any, int]]:
    """Every (state, deciding seat) of seeded heuristic duels, state before the move."""
    game = load_game("duel")
    for seed in SEEDS:
        state = game.new(2, seed)
        rng = Rng(seed)
        for _ in range(400):
            if game.outcome(state) is not None or not game.deciders(state):
                break
            seat = min(game.deciders(state))
            yield state, seat
            game.apply(state, game.ai_action(state, seat, rng, "heuristic"))


def test_copies_of_a_card_are_one_choice_and_every_move_stays_reachable() -> None:
    game, renderer = load_game("duel"), renderer_for("duel")
    dropped = 0
    for state, seat in _decisions():
        actions = game.legal_actions(state, seat)
        view = renderer.read(game.view(state, seat))
        controls = renderer.controls(actions, view, NAMES[:2])
        shown = {(c.group, c.label, c.description) for c in controls}
        in_hand = {entry.iid for entry in view.players[seat].hand or ()}
        from_hand = [
            (c.group, c.label, c.description)
            for a, c in ((a, renderer.control(a, view, NAMES[:2])) for a in actions)
            if a.kind in ("fight", "play")
            and a.args[0] in in_hand
            and c.key in {k.key for k in controls}
        ]
        assert len(set(from_hand)) == len(from_hand), from_hand  # a card's copies: one choice
        keys = {c.key for c in controls}
        for action in actions:  # a left-out copy reads exactly like one that is shown
            control = renderer.control(action, view, NAMES[:2])
            assert control.key in keys or (control.group, control.label, control.description) in (
                shown
            )
            dropped += control.key not in keys
    assert dropped > 0  # the playouts met copies in hand


def test_a_fight_option_says_its_gold_before_the_card_and_face_down_below() -> None:
    game, renderer = load_game("duel"), renderer_for("duel")
    for state, seat in _decisions():
        fights = [a for a in game.legal_actions(state, seat) if a.kind == "fight"]
        if any(a.args[1] for a in fights):
            view = renderer.read(game.view(state, seat))
            for action in fights:
                control = renderer.control(action, view, NAMES[:2])
                gold = action.args[1]
                assert control.label.startswith(f"Fight, {gold} gold: "), control
                assert (control.description or "").startswith("Face down")
            return
    raise AssertionError("no fight with gold reached")


def test_squishing_comes_after_the_card_moves() -> None:
    game, renderer = load_game("duel"), renderer_for("duel")
    for state, seat in _decisions():
        actions = game.legal_actions(state, seat)
        if any(a.kind == "squish" for a in actions):
            view = renderer.read(game.view(state, seat))
            keys = [c.key for c in renderer.controls(actions, view, NAMES[:2])]
            squish = {a.key for a in actions if a.kind == "squish"}
            first = min(i for i, k in enumerate(keys) if k in squish)
            assert all(k in squish for k in keys[first:]), keys
            return
    raise AssertionError("no squish reached")


def test_a_defender_with_nothing_in_play_is_not_told_to_send_it_in() -> None:
    # 000 III.B (the defender may send in weapons and allies before the reveal); found playing:
    # "Send in weapons or allies you have in play" was said with none in play
    from bot.games.duel import words

    game, renderer = load_game("duel"), renderer_for("duel")
    said = {True: 0, False: 0}
    for state, seat in _decisions():
        view = renderer.read(game.view(state, seat))
        fight = view.fight
        if fight is None or fight.step != "ready" or seat != 1 - fight.attacker:
            continue
        actions = game.legal_actions(state, seat)
        lines = " ".join(renderer.hand_decision(view, actions, NAMES[:2]))
        alone = not any(a.kind == "commit" for a in actions)  # nothing it may send in
        assert (words.HAND_READY_ALONE in lines) == alone, lines
        assert ("Send in" in lines) == (not alone), lines
        said[alone] += 1
    assert said[True] and said[False]  # both reached
