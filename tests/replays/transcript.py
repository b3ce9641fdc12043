"""Readable transcripts of whole seeded matches: the record (who did what, as stored) beside
what people read of it (the action's label and the table's event lines).

A transcript is a golden file: a change to legal-action generation, to the AI's choices, to
labels or to event wording shows up as a diff a reviewer can read. Regenerate them on purpose
with ``pytest tests/replays --update-transcripts`` and read the diff before committing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot import plugins
from bot.screens.table import public_event_lines
from engine.core import Action, Rng
from engine.games import load_game
from tests.bot.render_support import make_match


@dataclass(frozen=True)
class Case:
    """One seeded match: the game, its table, its options, and how far to play it."""

    game: str
    seats: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    max_actions: int = 400

    @property
    def name(self) -> str:
        extra = "".join(f"_{v}" for key, value in self.options.items() for v in _flat(key, value))
        return f"{self.game}_{self.seats}p_seed{self.seed}{extra}"


def _flat(key: str, value: Any) -> list[str]:
    if value is True:
        return [key]
    return [str(v) for v in value] if isinstance(value, list | tuple) else [f"{key}{value}"]


def transcript(case: Case) -> str:
    """Play ``case`` with the normal AI in every seat, as ``engine.simulate`` schedules it
    (a scheduler stream picks who answers a window; free actors are asked after each move)."""
    game = load_game(case.game)
    state = game.new(case.seats, case.seed, dict(case.options))
    match = make_match(case.game, case.seats)
    renderer = plugins.renderer_for(case.game)
    names = [seat.name for seat in match.seats]
    scheduler = Rng(case.seed).fork(7919)
    thinkers = [Rng(case.seed).fork(1000 + seat) for seat in range(case.seats)]
    free_thinkers = [Rng(case.seed).fork(5000 + seat) for seat in range(case.seats)]
    lines = [
        f"# {plugins.title(case.game)}: {case.seats} seats ({', '.join(names)}), seed {case.seed}",
        f"# options {dict(case.options)}; every seat is the normal AI",
        "",
    ]

    moves = 0

    def step(action: Action) -> None:
        nonlocal moves
        moves += 1
        view = renderer.read(game.view(state, action.seat))
        label = renderer.control(action, view, names).label
        lines.append(f"{moves:>4} {names[action.seat]}: {label}  [{action.key}]")
        for line in public_event_lines(match, game.apply(state, action)):
            lines.append(f"       {line}")

    for _ in range(case.max_actions):
        if game.outcome(state) is not None:
            break
        deciders = sorted(game.deciders(state))
        seat = deciders[scheduler.below(len(deciders))]
        step(game.ai_action(state, seat, thinkers[seat], "normal"))
        for other in range(case.seats):
            if other in game.free_actors(state):
                extra = game.ai_free_action(state, other, free_thinkers[other], "normal")
                if extra is not None:
                    step(extra)
    outcome = game.outcome(state)
    if outcome is None:
        lines.append(f"# stopped after {case.max_actions} moves, the match goes on")
    else:
        winners = ", ".join(names[s] for s in sorted(outcome.winners)) or "nobody"
        lines.append(f"# the match is over: won by {winners}")
    return "\n".join(lines) + "\n"
