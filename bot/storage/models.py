"""The typed values that cross the storage ports, and the errors a port may raise.

Every repository returns these frozen records, never a backend's row type, so a second backend
(PostgreSQL) returns the same values and the bot above the ports does not change. JSON columns
stay JSON text in the records that are cached and handed out often (``MatchRow``): decoding is
done by the accessor, so each caller gets its own fresh dict, as before.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# --- errors ------------------------------------------------------------------------------


class VersionConflict(Exception):
    """The optimistic ``WHERE version = ?`` matched no row: someone else moved first."""


class LogForked(Exception):
    """A move was to be stored at another index than the stored log's length: the session
    that chose it is not the log's (issue 30.10). Nothing is written: a forked log is worse
    than a refused move."""

    def __init__(self, match_id: int, index: int, stored: int) -> None:
        super().__init__(f"match {match_id}: move at index {index}, the log holds {stored}")
        self.match_id = match_id
        self.index = index
        self.stored = stored


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


def seat_mask(seats: Iterable[int]) -> int:
    """Seats as the one integer ``matches.lapsed_seats`` holds: seat n is the bit 1 << n."""
    return sum(1 << seat for seat in set(seats))


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
    # The seats whose lapse already counted towards being away in the turn being played, a
    # bit per seat (``seat_mask``): the away rule counts a turn's lapses once, a restart too.
    lapsed_seats: int = 0

    @property
    def lapsed(self) -> frozenset[int]:
        mask = self.lapsed_seats
        return frozenset(seat for seat in range(mask.bit_length()) if mask >> seat & 1)

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


@dataclass(frozen=True)
class LiveHand:
    """Where a player's one live hand of a match is (issue 18), so it is found again after a
    restart: a DM (``place`` "dm": the DM channel and message) or an ephemeral answer in the
    game channel ("channel": the interaction ``token`` that may edit it, valid 15 minutes
    from ``token_at``, Unix seconds). ``ping_channel_id`` / ``ping_id``: the last "your move"
    DM ping, deleted when the next one goes. ``draft`` / ``page``: what it shows besides the
    match (a builder's parts, a page of cards)."""

    match_id: int
    user_id: int
    place: str
    channel_id: int
    message_id: int
    token: str | None = None
    token_at: float | None = None
    ping_channel_id: int | None = None
    ping_id: int | None = None
    # A builder half-way through and the page it shows, kept across a restart (issue 30.8).
    draft: str | None = None
    page: int = 0


@dataclass(frozen=True)
class Delivered:
    """What one publish delivered, written in one transaction (``HandWrites.record_delivery``,
    issue 29.5): tables drawn at (match, version), hand DMs sent at (match, user, version),
    and the live hands (re)placed. Marks only: none is part of a match's fold."""

    tables: tuple[tuple[int, int], ...] = ()
    hands_sent: tuple[tuple[int, int, int], ...] = ()
    live_hands: tuple[LiveHand, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.tables or self.hands_sent or self.live_hands)


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
    adapter (frozen: a restart reads it, never edits it). Read without its log
    (``logged`` False), ``actions`` is empty and ``count`` says how long the log is: a
    restart from snapshots needs no action parsed (issue 30.1)."""

    row: MatchRow
    seats: tuple[SeatRow, ...]
    actions: tuple[dict[str, Any], ...]
    snapshot: tuple[int, dict[str, Any]] | None
    # Rows that could not be read (an action or the snapshot that is not JSON): the match is
    # quarantined, never half-restored; every other match restores as usual.
    damaged: tuple[str, ...] = field(default=())
    # The log's length when it was not read (None: ``actions`` is the whole log).
    unread: int | None = None
    # Read without the log: the actions after the snapshot's count, in order (the snapshot
    # is written every few actions, so a restore replays these on it).
    tail: tuple[dict[str, Any], ...] = ()

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def logged(self) -> bool:
        return self.unread is None

    @property
    def count(self) -> int:
        """Actions in the stored log."""
        return len(self.actions) if self.unread is None else self.unread


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

# A player is shown as provisional until this many rated games: early ratings swing widely.
PROVISIONAL_GAMES = 5
# A fresh player's rating: openskill's Plackett-Luce defaults (bot.features.ratings builds its
# model on these, so a stored rating and the model agree on where everyone starts).
DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3


@dataclass(frozen=True, slots=True)
class PlayerRating:
    user_id: int
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative skill estimate the leaderboard sorts by (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One rated match: each player's placing (0 is first, equal numbers tie)."""

    match_id: int
    placements: tuple[tuple[int, int], ...]


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
