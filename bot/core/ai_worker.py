"""Thinking for search-based AI seats (the ``strong`` level) in a pool of worker processes,
so that a search never runs on the event loop nor holds the bot process's GIL: other matches
keep answering while an AI thinks (issue 17).

A job carries only plain data: the game id, the digest of the match's cards, the match's
pinned card set when it is not the data folder's (a match plays on the cards it started with,
``engine.games.pin``), the state as JSON, the seat, the AI's random stream and the time
budget. The worker builds the game itself (cached per process and card set), refuses if its
cards are not the match's, and answers with the chosen action as JSON.

The pool (``bot.core.ai_pool``: fair queues, deadlines, replacing a worker that dies) starts
its workers on first use and spawns fresh interpreters (forking a process that runs the
database thread could copy a held lock). One decision keeps one core busy for its whole budget,
so the pool leaves the bot's event loop a core of its own (one worker fewer than the machine
has cores, at least one, at most two) and its workers run at a lower priority (``os.nice``):
when searches and the loop want the same core, the loop's answers to people come first and a
search gets what is left (``bench/load.py --ai strong``, docs/performance.md)."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from typing import Any

from engine import games as registry
from engine.core import Game, Rng
from engine.search import Budget
from engine.search.levels import has_strong, think

MOST_WORKERS = 2
NICENESS = 10  # added to the bot's own niceness in each worker (the kernel caps it at 19)
UNCAPPED = 1_000_000  # the time budget, not a count, ends a decision in the bot
SEARCH_SHARE = 0.9  # of the think time the search may start work in (the rest: its overrun)


def workers(cores: int | None) -> int:
    """How many searches run at once: one core stays the event loop's."""
    return max(1, min(MOST_WORKERS, (cores or 1) - 1))


def lower_priority() -> None:
    """Runs in each worker as it starts: the bot's loop outranks the searches."""
    nice = getattr(os, "nice", None)  # not on Windows: the worker count still spares a core
    if nice is not None:
        with contextlib.suppress(OSError):
            nice(NICENESS)


def warm() -> int:
    """Runs in a new worker before its first search (``bot.core.ai_pool``): loads the search
    and every game with a strong level, so no search is charged for them. Its process id."""
    for game_id in registry.available():
        with contextlib.suppress(Exception):
            has_strong(registry.load_game(game_id))
    return os.getpid()


def think_job(
    game_id: str,
    card_set_digest: str,
    pinned: tuple[str, dict[str, Any]] | None,
    state: dict[str, Any],
    seat: int,
    rng: list[int],
    budget_ms: float,
    *,
    clock: Callable[[], float] = time.perf_counter,
    sleep: Callable[[float], None] = time.sleep,
) -> dict[str, Any]:
    """Runs in a worker: the strong level's move for ``seat``, as ``Action.to_json()``, given
    once ``budget_ms`` has passed since the job began, however soon the search was done: a
    fixed think time (issue 30.2). A forced move is answered at once by the search and a sure
    one stops early, and both depend on the seat's hidden cards; the table waiting the same
    for every decision tells nothing of them. ``clock`` and ``sleep``: tests keep time."""
    began = clock()
    game = _game(game_id, pinned)
    if game.card_set_digest != card_set_digest:
        raise ValueError(f"{game_id}: the worker's cards are not the match's")
    # The search stops starting work a little early, so that its last playout's overrun
    # ends before the answer is due rather than after it (a longer wait for a choice).
    budget = Budget(UNCAPPED, SEARCH_SHARE * budget_ms / 1000, clock)
    report = think(game, game.load_state(state), seat, Rng.from_json(rng), budget)
    left = began + budget_ms / 1000 - clock()
    if left > 0:
        sleep(left)
    return report.action.to_json()


def _game(game_id: str, pinned: tuple[str, dict[str, Any]] | None) -> Game[Any, Any]:
    if pinned is None:
        return registry.load_game(game_id)
    return registry.from_definitions(game_id, pinned[0], pinned[1])
