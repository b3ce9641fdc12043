"""Shared helpers for the render tests: a MatchInfo for a game and random legal playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bot.service import MatchInfo, SeatInfo
from engine.games import load_game

NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Finn")


def make_match(game: str, players: int, *, version: int = 7, status: str = "live") -> MatchInfo:
    return MatchInfo(
        id=42,
        guild_id=1,
        channel_id=2,
        message_id=3,
        thread_id=None,
        game=game,
        status=status,
        host_id=100,
        version=version,
        seats=tuple(
            SeatInfo(seat=n, user_id=100 + n, ai_level=None, name=NAMES[n], dm_closed=False)
            for n in range(players)
        ),
        options={},
        outcome=None,
        deadline=None,
    )


def playout(
    game_id: str, players: int, seed: int, steps: int, events: list[Any] | None = None
) -> Iterator[tuple[Any, Any]]:
    """(game, state) after each random legal step; the test's own random, never the engine's.
    ``events`` (when given) collects every step's events."""
    game = load_game(game_id)
    state = game.new(players, seed)
    chooser = random.Random(seed)
    yield game, state
    for _ in range(steps):
        deciders = sorted(game.deciders(state))
        if not deciders:
            return
        seat = chooser.choice(deciders)
        happened = game.apply(state, chooser.choice(game.legal_actions(state, seat)))
        if events is not None:
            events.extend(happened)
        yield game, state


def until(game_id: str, players: int, seed: int, wanted: Any, steps: int = 3000) -> tuple[Any, Any]:
    """The first position of a random playout where ``wanted(view_json)`` holds."""
    for game, state in playout(game_id, players, seed, steps):
        if wanted(game.view(state, None).to_json()):
            return game, state
    raise AssertionError(f"no position found for {game_id} seed {seed}")
