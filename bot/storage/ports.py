"""The storage ports: what the bot may ask of storage, one ``Protocol`` per aggregate, and the
``Storage`` bundle that carries one implementation of each.

Everything above this file (service, league, decks, settings, history, cogs, benches) talks to
these protocols and the records of ``bot.storage.models``; only a backend package
(``bot/storage/sqlite/`` today) knows SQL, connections or threads. A second backend implements
the same protocols, builds a ``Storage`` and passes ``tests/storage/contract/``.

Writes to a match or its seats are optimistic where a player could race another: the ones that
take an ``expected_version`` raise ``VersionConflict`` when someone moved first.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.storage.bulk import BulkTables
from bot.storage.models import (
    ActionRow,
    DeckChoice,
    Delivered,
    LeagueSeat,
    LiveHand,
    LoggedMatch,
    MatchResult,
    MatchRow,
    PlayerRating,
    RecentResult,
    Season,
    SeatRow,
    SettingValue,
    StoredDeck,
    StoredMatch,
)

# (digest, game, definitions): a content-addressed card set a match is pinned to.
CardSet = tuple[str, str, dict[str, Any]]


class MatchReads(Protocol):
    async def match(self, match_id: int) -> MatchRow | None: ...

    async def seats(self, match_id: int) -> list[SeatRow]: ...

    async def match_with_seats(self, match_id: int) -> tuple[MatchRow, list[SeatRow]] | None:
        """The bot's most frequent read: an implementation should cache it, dropping the
        entry on every write to the match or its seats."""
        ...

    async def match_ids(
        self,
        *,
        statuses: Sequence[str],
        channel_id: int | None = None,
        guild_id: int | None = None,
        user_id: int | None = None,
    ) -> list[int]: ...

    async def actions(self, match_id: int) -> list[dict[str, Any]]: ...

    async def stored_matches(
        self,
        *,
        statuses: Sequence[str] | None = ("live",),
        match_id: int | None = None,
        log: bool = True,
    ) -> list[StoredMatch]:
        """Everything a restart needs (any status when ``statuses`` is None); an unreadable
        action or snapshot is named in ``damaged``, never raised. ``log`` False: each log's
        length and its unreadable actions only, and the actions after the snapshot's count
        (``StoredMatch.unread``, ``StoredMatch.tail``): a snapshot and its tail restore."""
        ...

    async def snapshot(self, match_id: int) -> tuple[int, dict[str, Any]] | None: ...

    async def deadlines(self, status: str) -> list[tuple[int, int, float]]:
        """(match, version, deadline_at) of every match in ``status`` with a deadline."""
        ...


class LobbyWrites(Protocol):
    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any],
    ) -> int: ...

    async def set_message(self, match_id: int, message_id: int, thread_id: int | None) -> None: ...

    async def add_seat(
        self, match_id: int, seat: int, user_id: int | None, name: str, ai_level: str | None
    ) -> None: ...

    async def remove_seat(
        self, match_id: int, seat: int, *, new_host: int | None, cancel: bool
    ) -> None: ...

    async def set_host(self, match_id: int, user_id: int) -> None: ...

    async def set_options(self, match_id: int, options: dict[str, Any]) -> None: ...

    async def set_deadline(
        self, match_id: int, deadline_at: float | None, kind: str | None
    ) -> None: ...

    async def set_status(self, match_id: int, status: str) -> None: ...


class SeatWrites(Protocol):
    async def hand_to_ai(self, match_id: int, seat: int, level: str) -> None: ...

    async def reclaim_seat(self, match_id: int, seat: int) -> None: ...

    async def mark_dm_closed(self, match_id: int, user_id: int) -> None: ...

    async def mark_hand_sent(self, match_id: int, user_id: int, version: int) -> None: ...

    async def unsent_hands(self) -> list[tuple[int, int, int | None]]:
        """(match, seat, hand_sent) of human seats of live matches owed a hand DM."""
        ...


class HandWrites(Protocol):
    """Each player's one live hand message per match (``LiveHand``): kept for the match's
    life, so a restart edits the same message instead of sending another."""

    async def save_live_hand(self, hand: LiveHand) -> None:
        """Insert or replace the player's live hand of that match."""
        ...

    async def live_hands(self, match_id: int) -> list[LiveHand]: ...

    async def drop_live_hand(self, match_id: int, user_id: int) -> None: ...

    async def record_delivery(self, marks: Delivered) -> None:
        """``mark_table_drawn``, ``mark_hand_sent`` and ``save_live_hand`` for everything in
        ``marks``, in one write transaction: all of them or none (issue 29.5)."""
        ...


class PlayWrites(Protocol):
    async def start_match(
        self,
        match_id: int,
        expected_version: int,
        *,
        header: dict[str, Any],
        ai_seed: int,
        state: dict[str, Any],
        deadline_at: float | None,
        deadline_kind: str | None = "turn",
        card_set: tuple[str, str, dict[str, Any] | None] | None = None,
        rules_version: int | None = None,
    ) -> None: ...

    async def record_action(
        self,
        match_id: int,
        expected_version: int,
        index: int,
        action: ActionRow,
        *,
        state: dict[str, Any] | None,
        outcome: dict[str, Any] | None,
        deadline_at: float | None,
        deadline_kind: str | None = "turn",
    ) -> None:
        """Append one action and replace the snapshot (``state`` None: keep it), all or
        nothing. Raises ``VersionConflict`` when the version moved, ``LogForked`` (nothing
        written) when ``index`` is not the stored log's length. Runs for every move: it must
        be one round trip to the database where the backend allows."""
        ...

    async def record_actions(
        self,
        match_id: int,
        expected_version: int,
        index: int,
        actions: Sequence[ActionRow],
        *,
        state: dict[str, Any] | None,
        outcome: dict[str, Any] | None,
        deadline_at: float | None,
        deadline_kind: str | None = "turn",
        delivered: Delivered | None = None,
        lapsed: frozenset[int] | None = None,
    ) -> None:
        """``record_action`` for a plan (issue 30.5) or a burst (a move and the replies that
        follow it): append ``actions`` at ``index`` on, in order, and replace the snapshot
        with ``state`` (the state after the last), in one transaction: all of them or none.
        ``state`` None leaves the snapshot where it is: the log is the truth, and the core
        writes a snapshot only every ``SNAPSHOT_EVERY`` actions (``bot.core.ledger``). The
        version moves on by one per action, as that many ``record_action`` calls would; so do
        the seats' timeout counts. ``delivered``: delivery marks of any match
        (``record_delivery``'s) written in the same transaction, none of them if it fails
        (``bot.core.held_marks``: they ride in the next move's write, issue 29.5).
        ``lapsed``: the seats whose lapse already counted in the turn the actions leave the
        match in (``MatchRow.lapsed``, the away rule's once a turn); None leaves it."""
        ...

    async def replace_snapshot(self, match_id: int, count: int, state: dict[str, Any]) -> None: ...


class PinWrites(Protocol):
    async def card_set(self, digest: str) -> dict[str, Any] | None: ...

    async def pin_match(
        self, match_id: int, *, card_set: CardSet | None, rules_version: int
    ) -> None: ...

    async def end_match(self, match_id: int, reason: str) -> bool: ...

    async def mark_table_drawn(self, match_id: int, version: int) -> None: ...

    async def table_version(self, match_id: int) -> int | None: ...

    async def last_alive(self) -> float | None: ...

    async def move_deadlines(self, by: float, running_at: float, now: float) -> list[int]: ...


class MatchRepository(
    MatchReads, LobbyWrites, SeatWrites, HandWrites, PlayWrites, PinWrites, Protocol
):
    """Matches, their seats, action logs, snapshots and card-set pins: one aggregate, since
    every write to any of them moves the match's version or its cached row."""


class DeckRepository(Protocol):
    async def decks_of(self, owner_id: int, game: str) -> list[StoredDeck]: ...

    async def find(self, owner_id: int, game: str, name: str) -> StoredDeck | None: ...

    async def by_id(self, deck_id: int) -> StoredDeck | None: ...

    async def create(
        self, owner_id: int, game: str, name: str, hero: str, cards: dict[str, int]
    ) -> StoredDeck:
        """Raises ``DeckNameTaken`` when the owner has a deck of that name (any case)."""
        ...

    async def save_cards(self, deck_id: int, cards: dict[str, int]) -> None: ...

    async def delete(self, deck_id: int) -> None:
        """Also forgets any player's choice of that deck."""
        ...

    async def count(self, owner_id: int) -> int: ...

    async def choice(self, user_id: int, game: str) -> DeckChoice | None: ...

    async def choose(
        self, user_id: int, game: str, *, deck_id: int | None, precon: str | None
    ) -> None: ...


class LeagueRepository(Protocol):
    async def seasons(self, guild_id: int) -> list[Season]: ...

    async def open_season(self, guild_id: int) -> Season | None: ...

    async def season_at(self, guild_id: int, when: float) -> int: ...

    async def start_season(self, guild_id: int, name: str, now: float) -> Season:
        """Raises ``SeasonConflict`` when the name is taken or a season is open."""
        ...

    async def end_season(self, season_id: int, now: float) -> None: ...

    async def is_logged(self, match_id: int) -> bool: ...

    async def logged_match(self, match_id: int) -> LoggedMatch | None: ...

    async def log_match(
        self,
        *,
        match_id: int,
        guild_id: int,
        game: str,
        season_id: int,
        finished_at: float,
        seats: Sequence[LeagueSeat],
        ratings: Iterable[PlayerRating],
    ) -> None: ...

    async def void_and_replace(
        self,
        match_id: int,
        guild_id: int,
        game: str,
        season_id: int,
        ratings: Iterable[PlayerRating],
    ) -> None: ...

    async def replace_ratings(
        self, guild_id: int, game: str, season_id: int, ratings: Iterable[PlayerRating]
    ) -> None: ...

    async def season_results(
        self, guild_id: int, game: str, season_id: int, *, without: int | None = None
    ) -> list[MatchResult]: ...

    async def last_logged(
        self, guild_id: int, game: str, season_id: int
    ) -> tuple[float, int] | None: ...

    async def unlogged_finished(self, since: float) -> list[int]: ...

    async def ratings_of(
        self, guild_id: int, game: str, season_id: int, users: Sequence[int]
    ) -> dict[int, PlayerRating]: ...

    async def leaderboard(
        self, guild_id: int, game: str, season_id: int, *, limit: int, offset: int
    ) -> tuple[list[PlayerRating], int]: ...

    async def rank_of(
        self, guild_id: int, game: str, season_id: int, rating: PlayerRating
    ) -> int: ...

    async def games_rated(self, guild_id: int, season_id: int, user_id: int) -> list[str]: ...

    async def recent(
        self, guild_id: int, game: str, season_id: int, user_id: int, limit: int
    ) -> list[RecentResult]: ...

    async def favourite_role(
        self, guild_id: int, game: str, season_id: int, user_id: int
    ) -> str | None: ...

    async def names(self, user_ids: Sequence[int]) -> dict[int, str]: ...


class SettingsRepository(Protocol):
    async def load(self, guild_id: int) -> dict[str, SettingValue]:
        """The settings a server has chosen, by name (unset ones left out)."""
        ...

    async def save(
        self, guild_id: int, values: Mapping[str, SettingValue | None], by_user: int
    ) -> None:
        """Set the given settings (``None`` resets one); ``ValueError`` for an unknown name."""
        ...


class PlayerRepository(Protocol):
    """A player's own preferences (``bot.core.preferences``), by Discord user whatever the
    server."""

    async def load(self, user_id: int) -> dict[str, SettingValue]:
        """The preferences a player has chosen, by name (unset ones left out)."""
        ...

    async def save(self, user_id: int, values: Mapping[str, SettingValue | None]) -> None:
        """Set the given preferences (``None`` resets one); ``ValueError`` for an unknown
        name, and then nothing is stored."""
        ...


class HistoryRepository(Protocol):
    async def finished_of(
        self, guild_id: int, user_id: int, *, limit: int, offset: int
    ) -> tuple[list[tuple[int, float]], int]: ...

    async def finished_at(self, match_id: int) -> float | None: ...


@dataclass(frozen=True)
class Storage:
    """One implementation of every port, opened once at start-up and handed to whoever needs
    a repository (``bot.storage.open_storage``)."""

    matches: MatchRepository
    decks: DeckRepository
    leagues: LeagueRepository
    settings: SettingsRepository
    history: HistoryRepository
    players: PlayerRepository
    # Every table whole, for moving the database to another location (``migrate-db``).
    tables: BulkTables
    # Where the data lives, for log lines and error messages (a path, later a URL).
    location: str
    closer: Callable[[], Awaitable[None]]

    async def close(self) -> None:
        await self.closer()
