"""A match is its record: a header and the list of actions. Replaying the record reproduces
the state exactly; anything stored beside it (snapshots) is a cache of this fold."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engine import ENGINE_VERSION
from engine.core.actions import Action
from engine.core.protocol import Game, GameState, PlayerView

S = TypeVar("S", bound=GameState)
V = TypeVar("V", bound=PlayerView)


class RecordHeader(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    engine_version: str = ENGINE_VERSION
    game: str
    card_set_digest: str
    seed: int
    seats: int = Field(ge=1, le=8)
    options: dict[str, Any] = Field(default_factory=dict)


class MatchRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    header: RecordHeader
    actions: list[dict[str, Any]] = Field(default_factory=list)

    def action_list(self) -> list[Action]:
        return [Action.from_json(a) for a in self.actions]

    def append(self, action: Action) -> None:
        self.actions.append(action.to_json())


class CardSetChanged(Exception):
    """The record was played with other card definitions than the ones loaded now."""


def start_record(
    game: Game[Any, Any], seats: int, seed: int, options: dict[str, Any] | None = None
) -> MatchRecord:
    header = RecordHeader(
        game=game.id,
        card_set_digest=game.card_set_digest,
        seed=seed,
        seats=seats,
        options=dict(options or {}),
    )
    return MatchRecord(header=header)


def replay(
    game: Game[S, V], record: MatchRecord, *, upto: int | None = None, strict_cards: bool = True
) -> S:
    """Fold the record's actions over a new state. Every action is checked as it is applied,
    so a tampered record fails with ``IllegalAction`` at the first bad step."""
    header = record.header
    if header.game != game.id:
        raise ValueError(f"record is for {header.game!r}, not {game.id!r}")
    if strict_cards and header.card_set_digest != game.card_set_digest:
        raise CardSetChanged(header.card_set_digest)
    state = game.new(header.seats, header.seed, header.options)
    actions = record.action_list()
    for action in actions if upto is None else actions[:upto]:
        game.apply(state, action)
    return state
