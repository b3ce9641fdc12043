"""Shared helpers for the render tests: a MatchInfo for a game and random legal playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from simcord.components import walk_components

from bot.core.service import MatchInfo, SeatInfo
from bot.delivery.layouts import is_layout
from bot.render.model import V2_MAX_TEXT, Rendered
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


def assert_fits_discord(rendered: Rendered) -> None:
    """``rendered`` as Discord would receive it passes Discord's checks, as SimCord applies
    them (Components V2: at most 40 components, 4000 characters of text, no content or
    embeds beside a layout; a legacy message: 5 rows, embed sizes)."""
    from simcord.components import validate_message_state

    from bot.delivery.components import message_parts

    parts = message_parts(rendered, "a note")
    components = parts["view"].to_components()
    flags = COMPONENTS_V2 if is_layout(rendered) else 0
    embeds = [e.to_dict() for e in parts["embeds"]]
    validate_message_state(components, flags=flags, content=parts["content"], embeds=embeds)
    texts = [c.get("content") or "" for c in walk_components(components)]
    assert sum(len(t) for t in texts) <= V2_MAX_TEXT


COMPONENTS_V2 = 1 << 15  # Discord's IS_COMPONENTS_V2 message flag
