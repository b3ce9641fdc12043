"""What a quest hand says above its controls says one thing (issue 27, played as new users):
a builder's line in place of the decision it builds (the help ask and the trade terms once
repeated the fight's or the terms' usual line under their own), and a seat holding no answer
to a die window is told only that (its "Pass, or change the die" contradicted it)."""

from __future__ import annotations

from typing import Any

from bot.games.quest import help_ask, tableparts, words
from bot.plugins import plugin
from bot.render.model import Text
from bot.screens import render_hand
from bot.words import play_texts
from engine.core import Rng
from engine.games import load_game
from engine.quest.content import COLOURS
from tests.bot.render_support import make_match
from tests.bot.test_quest_help_ask import _asking_state
from tests.bot.test_quest_trade_terms import _terms_state


def _said(rendered: Any) -> str:
    return "\n".join(b.text for b in rendered.blocks if isinstance(b, Text))


def test_the_help_builder_shows_its_own_line_alone() -> None:
    game, state = _asking_state()
    view, actions = game.view(state, 0), game.legal_actions(state, 0)
    match = make_match("quest", 4)
    plain = _said(render_hand(match, view, actions))
    fighting = words.DECIDE_FIGHT.split(":")[0].split("{")[0]  # "You are fighting "
    assert fighting in plain  # the hand as it opens says what is fought
    seat = next(iter(help_ask.asks_of(actions))).seat
    building = _said(render_hand(match, view, actions, draft=help_ask.Ask(seat, "t0").key()))
    assert words.HA_LINE.split("{")[0] in building  # "Asking "
    assert words.HA_HOW in building
    assert fighting not in building


def test_the_trade_terms_builder_shows_its_own_line_alone() -> None:
    game, state = _terms_state()
    view, actions = game.view(state, 0), game.legal_actions(state, 0)
    said = _said(render_hand(make_match("quest", 4), view, actions))
    assert words.TT_HOW in said
    assert words.DECIDE_PENDING["terms"].split("{")[0] not in said  # "Name your trade terms"


def _idle_in_a_window() -> tuple[Any, Any, int]:
    """A quest die window and a person's seat whose only move is Pass."""
    game = load_game("quest")
    for seed in range(20):
        state = game.new(4, seed)
        thinkers = [Rng(seed).fork(k) for k in range(4)]
        for _ in range(2000):
            deciders = sorted(game.deciders(state))
            if game.outcome(state) is not None or not deciders:
                break
            if state.window is not None:
                for seat in deciders:
                    kinds = {a.kind for a in game.legal_actions(state, seat)}
                    if kinds <= {"pass", "concede"}:
                        return game, state, seat
            seat = deciders[0]
            game.apply(state, game.ai_action(state, seat, thinkers[seat], "heuristic"))
    raise AssertionError("no idle seat in a die window came up")


def test_a_seat_with_nothing_to_answer_is_not_asked_to_pass_or_change_the_die() -> None:
    game, state, seat = _idle_in_a_window()
    view, actions = game.view(state, seat), game.legal_actions(state, seat)
    said = _said(render_hand(make_match("quest", 4), view, actions))
    assert play_texts.HAND_NOTHING_TO_ANSWER in said
    assert words.DECIDE_DIE.split("(")[0] not in said  # "Pass, or change the die "


def test_a_die_window_on_the_table_says_what_was_rolled() -> None:
    game, state, _seat = _idle_in_a_window()
    window = state.window
    assert window is not None
    view = game.view(state, None)
    line = tableparts.die_window_line(plugin("quest").renderer.read(view))
    assert line is not None
    head = words.WINDOW_HEADS[window.what]
    colours = window.what in ("base", "monster_turn")
    faces = [COLOURS[d] if colours else str(d) for d in window.faces]
    assert line == words.WAIT_DIE.format(what=head, dice=", ".join(faces))
    assert "rolled " + faces[0] in line
