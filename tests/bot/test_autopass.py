"""Auto-pass asks the engine what answers a window (issue 27.2): alone with AI seats, a classic
bystander whose only moves besides Pass are gear, gold, trades and its race passes at once; one
holding a curse for the fighter is asked. And a window's close does not tell anew the seat that
was deciding before it opened (issue 27.1: no ping for a window)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.core.autopass import AutoPass
from bot.core.match_types import MatchInfo, SeatInfo
from bot.core.session import MatchSession, in_window
from engine.classic import Classic, factory
from engine.classic.scenario import build, find_action
from engine.core import PASS, Action
from engine.core.record import RecordHeader
from engine.games import load_game
from engine.quest.scenario import build as build_quest

DATA = Path(__file__).resolve().parents[2] / "data"


class _Players:
    async def get(self, user_id: int) -> Any:
        return type("Prefs", (), {"auto_pass": True})()


def _session(bystander: dict[str, object]) -> tuple[Classic, MatchSession, MatchInfo]:
    game = factory(DATA)
    s = build(
        game,
        {"seats": 3, "phase": "kick", "door": ["mon_mold"]},
        [{"level": 5}, {}, bystander],
    )
    kick = find_action(game, s, {"seat": 0, "do": "kick", "args": []})
    assert kick is not None
    game.apply(s, kick)
    header = RecordHeader(game="classic", card_set_digest=game.card_set_digest, seed=1, seats=3)
    session = MatchSession(game, s, header, 0, 1, {0: "normal", 1: "normal"})
    seats = (
        SeatInfo(0, None, "normal", "AI 1", False),
        SeatInfo(1, None, "normal", "AI 2", False),
        SeatInfo(2, 42, None, "Carol", False),
    )
    match = MatchInfo(1, 1, 1, None, None, "classic", "live", 42, 1, seats, {}, None, None)
    return game, session, match


def test_gear_gold_and_a_race_are_no_answer_so_auto_pass_passes_at_once() -> None:
    # issue 27.2: before, any move besides Pass counted as an answer (0 of 80 auto-passes)
    game, session, match = _session({"items": ["feet_kickers"], "roles": ["role_elf"]})
    assert len(game.legal_actions(session.state, 2)) > 1
    move = asyncio.run(AutoPass(_Players()).next_pass(session, match))  # type: ignore[arg-type]
    assert move == Action(2, PASS)


def test_a_curse_for_the_fighter_is_an_answer_so_the_seat_is_asked() -> None:
    _game, session, match = _session({"hand": ["curse_shrink"]})
    assert asyncio.run(AutoPass(_Players()).next_pass(session, match)) is None  # type: ignore[arg-type]


def test_whoever_decided_before_a_window_is_not_told_anew_when_it_closes() -> None:
    # issue 27.1: Alice searches on her turn; the search roll's die window asks everyone;
    # once both pass she decides again, and the update's ``before`` still names her, so the
    # hands send no ping for it (before, she was told anew after every die window).
    quest = load_game("quest")
    setup = {"seats": 2, "rooms": [{"room": "r01a", "x": 1, "y": 0}]}
    s = build_quest(quest, setup, [{"at": [1, 0]}, {"at": [0, 0]}])  # type: ignore[arg-type]
    header = RecordHeader(game="quest", card_set_digest=quest.card_set_digest, seed=1, seats=2)
    session = MatchSession(quest, s, header, 0, 0)
    step = session.play(Action(0, "search"))
    assert step.before == frozenset({0})
    session = session.after(step)
    assert session.in_window() and session.outside() == frozenset({0})
    while True:  # everyone passes (the search may roll up a monster and its base's window)
        step = session.play(Action(min(session.deciders()), PASS))
        if not in_window(quest, step.state):
            break
        session = session.after(step)
    assert quest.deciders(step.state) == {0} and step.before == {0}  # nobody to ping
