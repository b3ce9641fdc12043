"""The typed values that cross the storage ports, and the errors a port may raise.

Every repository returns these frozen records, never a backend's row type, so a second backend
(PostgreSQL) returns the same values and the bot above the ports does not change. JSON columns
stay JSON text in the records that are cached and handed out often (``MatchRow``): decoding is
done by the accessor, so each caller gets its own fresh dict, as before.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.core.match_types import MatchInfo, SeatInfo
from engine.core import Outcome

# --- errors ------------------------------------------------------------------------------


class VersionConflict(Exception):
    """The optimistic ``WHERE version = ?`` matched no row: someone else moved first."""


class DeckNameTaken(Exception):
    """The owner already has a deck of that name (names ignore case)."""


class SeasonConflict(Exception):
    """A season of that name exists, or one is already open (see the unique indexes)."""


class DatabaseUnavailable(Exception):
    """The database cannot be opened or used; the message is one line for the operator."""

    def __init__(self, path: object, cause: BaseException) -> None:
        reason = " ".join(str(cause).split()) or type(cause).__name__
        super().__init__(f"cannot use the database {path}: {reason}")


class MigrationError(Exception):
    """The schema cannot be brought to the version this code knows."""


# --- matches -----------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatRow:
    """One seat of a match as stored (``hand_sent`` is read apart: see ``unsent_hands``)."""

    match_id: int
    seat: int
    user_id: int | None
    ai_level: str | None
    name: str
    dm_closed: bool
    timeouts: int
    afk: bool

    def info(self) -> SeatInfo:
        return SeatInfo(
            seat=self.seat,
            user_id=self.user_id,
            ai_level=self.ai_level,
            name=self.name,
            dm_closed=self.dm_closed,
            timeouts=self.timeouts,
            afk=self.afk,
        )


@dataclass(frozen=True)
class MatchRow:
    """One match as stored. The ``*_json`` columns stay text; the accessors decode them."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    thread_id: int | None
    game: str
    status: str
    host_id: int
    version: int
    options_json: str
    header_json: str | None
    ai_seed: int | None
    outcome_json: str | None
    deadline_at: float | None
    deadline_kind: str | None
    created_at: float
    updated_at: float
    card_set: str | None = None
    rules_version: int | None = None
    ended_reason: str | None = None

    @property
    def options(self) -> dict[str, Any]:
        value: dict[str, Any] = json.loads(self.options_json)
        return value

    @property
    def header(self) -> dict[str, Any] | None:
        """The engine record header once started (``RecordHeader`` JSON), else None."""
        if self.header_json is None:
            return None
        value: dict[str, Any] = json.loads(self.header_json)
        return value

    @property
    def outcome(self) -> dict[str, Any] | None:
        if self.outcome_json is None:
            return None
        value: dict[str, Any] = json.loads(self.outcome_json)
        return value


def match_info(row: MatchRow, seats: Sequence[SeatRow], deadline: float | None) -> MatchInfo:
    """What the service hands out for a stored match. ``deadline`` is ``row.deadline_at`` on
    the running loop's clock (the caller owns that clock)."""
    outcome = row.outcome_json
    return MatchInfo(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        message_id=row.message_id,
        thread_id=row.thread_id,
        game=row.game,
        status=row.status,
        host_id=row.host_id,
        version=row.version,
        seats=tuple(s.info() for s in seats),
        options=row.options,
        outcome=Outcome.from_json(json.loads(outcome)) if outcome else None,
        deadline=deadline,
        deadline_at=row.deadline_at,
        deadline_kind=row.deadline_kind,
        card_set=row.card_set,
        ended_reason=row.ended_reason,
    )


@dataclass(frozen=True)
class LiveHand:
    """Where a player's one live hand of a match is (issue 18), so it is found again after a
    restart: a DM (``place`` "dm": the DM channel and message) or an ephemeral answer in the
    game channel ("channel": the interaction ``token`` that may edit it, valid 15 minutes
    from ``token_at``, Unix seconds). ``ping_channel_id`` / ``ping_id``: the last "your move"
    DM ping, deleted when the next one goes."""

    match_id: int
    user_id: int
    place: str
    channel_id: int
    message_id: int
    token: str | None = None
    token_at: float | None = None
    ping_channel_id: int | None = None
    ping_id: int | None = None


@dataclass(frozen=True)
class ActionRow:
    """One action to append to a match's log."""

    seat: int
    action: dict[str, Any]
    by_timeout: bool = False
    by_ai: bool = False
    # A timeout that counts towards the AFK hand-over (a lapsed response window does not).
    afk: bool = True


@dataclass(frozen=True)
class StoredMatch:
    """A match as stored: its row, seats, action log and latest snapshot. Built whole by the
    adapter (frozen: a restart reads it, never edits it)."""

    row: MatchRow
    seats: tuple[SeatRow, ...]
    actions: tuple[dict[str, Any], ...]
    snapshot: tuple[int, dict[str, Any]] | None
    # Rows that could not be read (an action or the snapshot that is not JSON): the match is
    # quarantined, never half-restored; every other match restores as usual.
    damaged: tuple[str, ...] = field(default=())

    @property
    def id(self) -> int:
        return self.row.id


# --- settings ----------------------------------------------------------------------------

# One server setting's value as the settings repository keeps it: a number, a word, a yes/no or
# a list of game ids (``bot.core.settings.ServerSettings`` checks the values).
SettingValue = int | float | str | bool | tuple[str, ...]


# --- decks -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredDeck:
    id: int
    owner_id: int
    game: str
    name: str
    hero: str
    cards: dict[str, int]


@dataclass(frozen=True)
class DeckChoice:
    """The deck a player takes into their next match: one of theirs or a precon."""

    deck_id: int | None
    precon: str | None


# --- league ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Season:
    id: int
    guild_id: int
    name: str
    started_at: float
    ended_at: float | None


@dataclass(frozen=True)
class LeagueSeat:
    user_id: int
    place: int
    won: bool
    role: str | None


@dataclass(frozen=True)
class LoggedMatch:
    """A ranked match in the league log."""

    match_id: int
    guild_id: int
    game: str
    season_id: int
    finished_at: float
    voided: bool


@dataclass(frozen=True)
class RecentResult:
    """One line of a player's recent league matches."""

    match_id: int
    finished_at: float
    place: int
    won: bool
    role: str | None
