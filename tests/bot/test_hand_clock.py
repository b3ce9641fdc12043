"""A hand's clock line says which clock the seat is on (issue 27.1): in a response window the
window's close (nothing is asked of the seat: the bot passes for it then, and it is never
marked away), otherwise the turn's, as the table says it."""

from __future__ import annotations

from dataclasses import replace

from bot.delivery.hands import clock_line
from bot.words import play_texts
from tests.bot.render_support import make_match

WHEN = 1_900_000_000.0


def test_a_window_s_hand_shows_the_window_closing_not_the_turn_clock() -> None:
    match = replace(make_match("quest", 3), deadline_at=WHEN, deadline_kind="window")
    line = clock_line(match)
    assert line is not None and line.startswith(play_texts.WINDOW_CLOCK.split("{")[0])
    assert "Time runs out" not in line


def test_a_turn_s_hand_shows_the_turn_clock() -> None:
    match = replace(make_match("classic", 3), deadline_at=WHEN, deadline_kind="turn")
    line = clock_line(match)
    assert line is not None and line.startswith(play_texts.TURN_CLOCK.split("{")[0])


def test_no_clock_without_a_deadline_or_once_the_match_is_over() -> None:
    match = make_match("classic", 3)
    assert clock_line(replace(match, deadline_at=None, deadline_kind=None)) is None
    over = replace(match, status="finished", deadline_at=WHEN, deadline_kind="turn")
    assert clock_line(over) is None
