"""Real games and real positions for the strong AI's tests: positions come from matches the
heuristic plays against itself, every few moves, with more than one legal move to weigh."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from engine.classic.game import Classic
from engine.core import Game, Rng
from engine.duel.game import Duel
from engine.games import load_game
from engine.quest.game import Quest


@pytest.fixture(scope="session")
def classic() -> Classic:
    game = load_game("classic")
    assert isinstance(game, Classic)
    return game


@pytest.fixture(scope="session")
def quest() -> Quest:
    game = load_game("quest")
    assert isinstance(game, Quest)
    return game


@pytest.fixture(scope="session")
def duel() -> Duel:
    game = load_game("duel")
    assert isinstance(game, Duel)
    return game


def positions(
    game: Game[Any, Any],
    seeds: range,
    every: int,
    options: Sequence[Mapping[str, Any] | None] | None = None,
) -> Iterator[tuple[Any, int]]:
    """(state, deciding seat) pairs; the caller clones before changing a state."""
    for seed in seeds:
        opts = options[seed % len(options)] if options else None
        s = game.new(game.min_seats if game.min_seats > 2 else 2, seed, opts)
        if game.id == "classic":
            s = game.new(4, seed, opts)
        rng = Rng(seed).fork(11)
        step = 0
        while game.outcome(s) is None and step < 2000:
            seat = sorted(game.deciders(s))[0]
            if step % every == 0 and len(game.legal_actions(s, seat)) > 1:
                yield s, seat
            game.apply(s, game.ai_action(s, seat, rng, "normal"))
            step += 1
