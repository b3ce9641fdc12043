"""A journal of finished arena games, so that a long run can stop and carry on later.

A 400-game classic run at 200 ms is hours of CPU; a machine is not always given that in one go.
With ``--journal FILE``, every finished game is appended to ``FILE`` as one JSON line, and a run
started again with the same journal plays only the games it does not hold yet. Each line names
the setup it was played under; lines of another setup (another game, level, budget or seed) are
refused rather than mixed in, because a figure must come from one command.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


# What a journal line records: the setup a run plays (its key) and each game's result.
@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    seat_level: str
    field_level: str
    seed: int
    budget_ms: float
    iterations: int
    precons: tuple[str, ...]


@dataclass
class GameResult:
    index: int
    won: bool
    draw: bool
    precon: str | None
    think_ms: list[float] = field(default_factory=list)
    changed: int = 0
    error: str | None = None


class JournalMismatch(ValueError):
    """The journal holds games of another setup."""


def setup_key(setup: Setup) -> dict[str, Any]:
    key = asdict(setup)
    key["precons"] = list(setup.precons)
    return key


def load(path: Path, setup: Setup) -> list[GameResult]:
    """The games already in the journal; a half-written last line (a run killed mid-write)
    is ignored, so that game is simply played again."""
    if not path.exists():
        return []
    want = setup_key(setup)
    done: dict[int, GameResult] = {}
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if record.get("setup") != want:
            raise JournalMismatch(
                f"{path}:{number} was played under another setup ({record.get('setup')}); "
                "use another journal file for this command"
            )
        game = record["game"]
        done[game["index"]] = GameResult(
            index=game["index"],
            won=game["won"],
            draw=game["draw"],
            precon=game["precon"],
            think_ms=list(game["think_ms"]),
            changed=game["changed"],
            error=game["error"],
        )
    return [done[index] for index in sorted(done)]


def append(path: Path, setup: Setup, result: GameResult) -> None:
    game = asdict(result)
    game["think_ms"] = [round(ms, 2) for ms in result.think_ms]
    line = json.dumps({"setup": setup_key(setup), "game": game}, separators=(",", ":"))
    with path.open("a") as journal:
        journal.write(line + "\n")
