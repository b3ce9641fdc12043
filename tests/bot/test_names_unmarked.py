"""Names on surfaces that read no markdown (issue 30.7): a button label, a select option, the
fight picture and its alternative text show a name as it is ("Ask Mal_lory* for help"),
never with the markdown escapes a message needs; where markdown is read (the table's and the
hand's text) the name is still escaped."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from PIL import ImageDraw

from bot.games.classic import trade_builder
from bot.games.classic.cards_text import game
from bot.render.model import Rendered
from bot.render.names import shown_name
from bot.screens import render_hand, render_table
from engine.classic.scenario import build, find_action
from engine.classic.state import ClassicState
from tests.bot.render_support import make_match

ODD = "Mal_lory*"  # a display name with markdown in it
ESCAPED = shown_name(ODD)  # Mal\_lory\*


def _match() -> Any:
    match = make_match("classic", 3)
    seats = tuple(replace(s, name=ODD) if s.seat == 1 else s for s in match.seats)
    return replace(match, seats=seats)


def _fight() -> ClassicState:
    """Alice fights a monster she may ask Mal_lory* (seat 1) to help with."""
    s = build(
        game(),
        {"seats": 3, "phase": "kick", "door": ["mon_mold"]},
        [{"level": 1}, {"level": 5, "items": ["hat_pot"]}, {}],
    )
    kick = find_action(game(), s, {"seat": 0, "do": "kick"})
    assert kick is not None
    game().apply(s, kick)
    return s


def _text(rendered: Rendered) -> str:
    return "\n".join(getattr(b, "text", "") for b in rendered.blocks)


def test_a_button_label_shows_the_name_unescaped() -> None:
    s = _fight()
    view, actions = game().view(s, 0).to_json(), game().legal_actions(s, 0)
    hand = render_hand(_match(), view, actions)
    labels = [b.label for b in hand.buttons] + [
        o.label for sel in hand.selects for o in sel.options
    ]
    assert any(f"Ask {ODD} for help" in label for label in labels), labels
    assert not any("\\" in label for label in labels)


def test_a_select_option_shows_the_name_unescaped() -> None:
    s = build(
        game(),
        {"seats": 3, "phase": "kick"},
        [{}, {"items": ["feet_kickers"]}, {"items": ["hat_pot"]}],
    )
    view, actions = game().view(s, 2).to_json(), game().legal_actions(s, 2)
    hat = s.items[2][0]
    hand = render_hand(_match(), view, actions, draft=trade_builder.entry(hat))
    options = [o.label for sel in hand.selects for o in sel.options]
    assert f"Nothing from {ODD} (a gift)" in options, options
    assert not any("\\" in o for o in options)
    assert ESCAPED in _text(hand)  # the builder's line is markdown: still escaped


def test_the_fight_picture_and_its_alt_text_show_the_name_unescaped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(str(text))
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    s = _fight()
    for step in (
        {"seat": 0, "do": "ask", "args": [1]},
        {"seat": 0, "do": "propose", "args": [0, 0, 0]},
        {"seat": 1, "do": "accept"},
    ):  # Mal_lory* helps: the picture's bar and its alt text name the side
        action = find_action(game(), s, step)
        assert action is not None, step
        game().apply(s, action)
    table = render_table(_match(), game().view(s, None).to_json(), deciders=[0])
    assert table.pictures and table.pictures[0].description is not None
    alt = table.pictures[0].description
    assert ODD in alt and "\\" not in alt, alt
    assert any(ODD in line for line in drawn), drawn
    assert not any("\\" in line for line in drawn)
    assert ESCAPED in _text(table)  # the table's text reads markdown: still escaped
