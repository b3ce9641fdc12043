"""Replay an exported match offline and check that it ends as recorded.

    python -m engine.replay backstab-match-12.json [--data DIR] [--json]

The file is what ``/match export`` gives: the engine record (header with seed, seats, options
and decks; every action) plus the seats' names and the result the bot stored, and (format 2)
the card definitions the match was played on and its rules version. A file that carries its
cards replays on them whatever ``data/`` holds now; an older file replays on ``--data``. Exit
status 0 when the replay reaches the same result, 1 when it does not, 2 when the file cannot
be read or does not replay (a tampered action, other cards).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core import Game, IllegalAction, Outcome
from engine.core.errors import CardDataError
from engine.core.record import CardSetChanged, MatchRecord, replay
from engine.games import digest_of, from_definitions, load_game, rules_version

FORMAT: Literal["backstab-match/2"] = "backstab-match/2"


class ExportedSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int = Field(ge=0)
    name: str
    ai_level: str | None = None


class ExportedMatch(BaseModel):
    """A finished match as ``/match export`` writes it."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["backstab-match/1", "backstab-match/2"] = FORMAT
    match_id: int
    game: str
    seats: list[ExportedSeat]
    record: MatchRecord
    result: dict[str, Any] | None
    finished_at: float | None = None
    cards: dict[str, Any] | None = None  # the pinned definitions (engine.games.definitions)
    rules_version: int | None = None  # the game's RULES_VERSION it was played by


def game_of(exported: ExportedMatch, data_dir: Path | None = None) -> Game[Any, Any]:
    """The game the match was played on: its own card definitions when the file has them,
    else the cards in ``data_dir``."""
    game_id = exported.record.header.game
    if exported.cards is not None:
        return from_definitions(game_id, digest_of(exported.cards), exported.cards)
    return load_game(game_id, data_dir)


def replay_result(exported: ExportedMatch, data_dir: Path | None = None) -> Outcome | None:
    """The outcome the record reaches when folded again from its seed."""
    game = game_of(exported, data_dir)
    state = replay(game, exported.record)
    return game.outcome(state)


def check(exported: ExportedMatch, data_dir: Path | None = None) -> dict[str, Any]:
    replayed = replay_result(exported, data_dir)
    got = replayed.to_json() if replayed is not None else None
    return {
        "match": exported.match_id,
        "game": exported.game,
        "actions": len(exported.record.actions),
        "recorded": exported.result,
        "replayed": got,
        "same": got == exported.result,
        "rules_version": exported.rules_version,
        "rules_version_now": rules_version(exported.game),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.replay", description=__doc__)
    parser.add_argument("file", type=Path, help="a match file from /match export")
    parser.add_argument("--data", type=Path, default=None, help="card data folder")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    try:
        exported = ExportedMatch.model_validate(json.loads(args.file.read_text("utf-8")))
        summary = check(exported, args.data)
    except (OSError, ValueError, ValidationError, KeyError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    except (IllegalAction, CardSetChanged, CardDataError) as exc:
        print(f"{args.file} does not replay: {exc!r}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        verdict = "same result as recorded" if summary["same"] else "DIFFERENT result"
        print(
            f"match #{summary['match']} ({summary['game']}): {summary['actions']} actions"
            f" replayed; {verdict}: {summary['replayed']}"
        )
        was, now = summary["rules_version"], summary["rules_version_now"]
        if was is not None and was != now:
            print(f"note: played by rules version {was}, replayed on version {now}")
    return 0 if summary["same"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
