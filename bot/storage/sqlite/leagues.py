"""The SQLite ``LeagueRepository``: seasons, the league log and ratings."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

import aiosqlite

from bot.storage.models import (
    LeagueSeat,
    LoggedMatch,
    MatchResult,
    PlayerRating,
    RecentResult,
    Season,
    SeasonConflict,
)
from bot.storage.sqlite.database import Database

# The SQL of this module, named after the method that runs it.
SEASONS_SQL = "SELECT * FROM seasons WHERE guild_id = ? ORDER BY started_at DESC, id DESC"
OPEN_SEASON_SQL = "SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL"
SEASON_AT_SQL = (
    "SELECT id FROM seasons WHERE guild_id = ? AND started_at <= ?"
    " AND (ended_at IS NULL OR ended_at > ?) ORDER BY started_at DESC LIMIT 1"
)
START_SEASON_SQL = "INSERT INTO seasons (guild_id, name, started_at) VALUES (?, ?, ?)"
END_SEASON_SQL = "UPDATE seasons SET ended_at = ? WHERE id = ?"
IS_LOGGED_SQL = "SELECT 1 FROM league_matches WHERE match_id = ?"
LOGGED_MATCH_SQL = (
    "SELECT match_id, guild_id, game, season_id, finished_at, voided FROM league_matches"
    " WHERE match_id = ?"
)
LOG_MATCH_SQL = (
    "INSERT INTO league_matches (match_id, guild_id, game, season_id, finished_at)"
    " VALUES (?, ?, ?, ?, ?)"
)
LOG_SEATS_SQL = (
    "INSERT INTO league_seats (match_id, user_id, place, won, role) VALUES (?, ?, ?, ?, ?)"
)
VOID_SQL = "UPDATE league_matches SET voided = 1 WHERE match_id = ?"
CLEAR_RATINGS_SQL = "DELETE FROM ratings WHERE guild_id = ? AND game = ? AND season_id = ?"
SEASON_RESULTS_SQL = (
    "SELECT m.match_id, s.user_id, s.place FROM league_matches m"
    " JOIN league_seats s ON s.match_id = m.match_id"
    " WHERE m.guild_id = ? AND m.game = ? AND m.season_id = ? AND m.voided = 0"
    " AND m.match_id != ? ORDER BY m.finished_at, m.match_id, s.user_id"
)
LAST_LOGGED_SQL = (
    "SELECT finished_at, match_id FROM league_matches WHERE guild_id = ? AND game = ?"
    " AND season_id = ? AND voided = 0 ORDER BY finished_at DESC, match_id DESC LIMIT 1"
)
UNLOGGED_FINISHED_SQL = (
    "SELECT m.id FROM matches m WHERE m.status = 'finished' AND m.updated_at > ?"
    " AND COALESCE(json_extract(m.options_json, '$.ranked'), 1) != 0"
    " AND NOT EXISTS (SELECT 1 FROM league_matches l WHERE l.match_id = m.id)"
    " AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id"
    " AND (s.user_id IS NULL OR (s.ai_level IS NOT NULL AND s.afk = 0)))"
    " ORDER BY m.updated_at, m.id"
)
LEADERBOARD_PAGE_SQL = (
    "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND season_id = ?"
    " ORDER BY provisional, ordinal DESC, user_id LIMIT ? OFFSET ?"
)
LEADERBOARD_COUNT_SQL = (
    "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game = ? AND season_id = ?"
)
RANK_OF_SQL = (
    "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game = ? AND season_id = ?"
    " AND (provisional < ? OR (provisional = ? AND (ordinal > ?"
    " OR (ordinal = ? AND user_id < ?))))"
)
GAMES_RATED_SQL = (
    "SELECT game FROM ratings WHERE guild_id = ? AND season_id = ? AND user_id = ?"
    " ORDER BY games DESC, game"
)
RECENT_SQL = (
    "SELECT m.match_id, m.finished_at, s.place, s.won, s.role FROM league_seats s"
    " JOIN league_matches m ON m.match_id = s.match_id WHERE s.user_id = ?"
    " AND m.guild_id = ? AND m.game = ? AND m.season_id = ? AND m.voided = 0"
    " ORDER BY m.finished_at DESC, m.match_id DESC LIMIT ?"
)
FAVOURITE_ROLE_SQL = (
    "SELECT s.role, COUNT(*) AS n FROM league_seats s"
    " JOIN league_matches m ON m.match_id = s.match_id WHERE s.user_id = ?"
    " AND m.guild_id = ? AND m.game = ? AND m.season_id = ? AND m.voided = 0"
    " AND s.role IS NOT NULL GROUP BY s.role ORDER BY n DESC, s.role LIMIT 1"
)
UPSERT_RATINGS_SQL = (
    "INSERT INTO ratings (guild_id, game, season_id, user_id, mu, sigma, ordinal, games,"
    " wins, provisional) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, game, season_id, user_id) DO UPDATE SET mu = excluded.mu,"
    " sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games,"
    " wins = excluded.wins, provisional = excluded.provisional"
)


class LeagueStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    # seasons -------------------------------------------------------------------------------
    async def seasons(self, guild_id: int) -> list[Season]:
        rows = await self._all(
            SEASONS_SQL,
            (guild_id,),
        )
        return [_season(r) for r in rows]

    async def open_season(self, guild_id: int) -> Season | None:
        rows = await self._all(OPEN_SEASON_SQL, (guild_id,))
        return _season(rows[0]) if rows else None

    async def season_at(self, guild_id: int, when: float) -> int:
        """The season running at ``when``; 0 when none was."""
        rows = await self._all(
            SEASON_AT_SQL,
            (guild_id, when, when),
        )
        return int(rows[0]["id"]) if rows else 0

    async def start_season(self, guild_id: int, name: str, now: float) -> Season:
        try:
            async with self.db.transaction() as conn:
                cursor = await conn.execute(
                    START_SEASON_SQL,
                    (guild_id, name, now),
                )
                season_id = int(cursor.lastrowid or 0)
        except sqlite3.IntegrityError:
            raise SeasonConflict(name) from None
        return Season(season_id, guild_id, name, now, None)

    async def end_season(self, season_id: int, now: float) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(END_SEASON_SQL, (now, season_id))

    # the league log ------------------------------------------------------------------------
    async def is_logged(self, match_id: int) -> bool:
        rows = await self._all(IS_LOGGED_SQL, (match_id,))
        return bool(rows)

    async def logged_match(self, match_id: int) -> LoggedMatch | None:
        rows = await self._all(
            LOGGED_MATCH_SQL,
            (match_id,),
            raw=True,
        )
        if not rows:
            return None
        match, guild, game, season, finished_at, voided = rows[0]
        return LoggedMatch(
            int(match), int(guild), str(game), int(season), finished_at, bool(voided)
        )

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
    ) -> None:
        """One ranked match into the log and its players' new ratings, all or nothing."""
        async with self.db.transaction() as conn:
            await conn.execute(
                LOG_MATCH_SQL,
                (match_id, guild_id, game, season_id, finished_at),
            )
            await conn.executemany(
                LOG_SEATS_SQL,
                [(match_id, s.user_id, s.place, int(s.won), s.role) for s in seats],
            )
            await _upsert_ratings(conn, guild_id, game, season_id, ratings)

    async def void_and_replace(
        self,
        match_id: int,
        guild_id: int,
        game: str,
        season_id: int,
        ratings: Iterable[PlayerRating],
    ) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(VOID_SQL, (match_id,))
            await conn.execute(
                CLEAR_RATINGS_SQL,
                (guild_id, game, season_id),
            )
            await _upsert_ratings(conn, guild_id, game, season_id, ratings)

    async def replace_ratings(
        self, guild_id: int, game: str, season_id: int, ratings: Iterable[PlayerRating]
    ) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                CLEAR_RATINGS_SQL,
                (guild_id, game, season_id),
            )
            await _upsert_ratings(conn, guild_id, game, season_id, ratings)

    async def season_results(
        self, guild_id: int, game: str, season_id: int, *, without: int | None = None
    ) -> list[MatchResult]:
        """Every counted match of a season in the order it finished: the fold's input."""
        rows = await self._all(
            SEASON_RESULTS_SQL,
            (guild_id, game, season_id, without if without is not None else -1),
            raw=True,
        )
        results: list[MatchResult] = []
        current: int | None = None
        places: list[tuple[int, int]] = []
        for match_id, user_id, place in rows:
            if match_id != current:
                if current is not None:
                    results.append(MatchResult(current, tuple(places)))
                current, places = match_id, []
            places.append((int(user_id), int(place)))
        if current is not None:
            results.append(MatchResult(current, tuple(places)))
        return results

    async def last_logged(
        self, guild_id: int, game: str, season_id: int
    ) -> tuple[float, int] | None:
        """The (finished_at, match id) that ends the season's fold so far."""
        rows = await self._all(
            LAST_LOGGED_SQL,
            (guild_id, game, season_id),
            raw=True,
        )
        return (float(rows[0][0]), int(rows[0][1])) if rows else None

    async def unlogged_finished(self, since: float) -> list[int]:
        """Ranked-looking matches finished after ``since`` that the league has not seen (a
        crash between the finishing move and the rating update): every seat a person (or an
        AFK seat), the lobby not marked casual."""
        rows = await self._all(
            UNLOGGED_FINISHED_SQL,
            (since,),
        )
        return [int(r["id"]) for r in rows]

    # ratings -------------------------------------------------------------------------------
    async def ratings_of(
        self, guild_id: int, game: str, season_id: int, users: Sequence[int]
    ) -> dict[int, PlayerRating]:
        marks = ",".join("?" for _ in users)
        rows = await self._all(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND season_id = ?"
            f" AND user_id IN ({marks})",
            (guild_id, game, season_id, *users),
        )
        return {int(r["user_id"]): _rating(r) for r in rows}

    async def leaderboard(
        self, guild_id: int, game: str, season_id: int, *, limit: int, offset: int
    ) -> tuple[list[PlayerRating], int]:
        """One page, best first (established players above provisional ones), and the count."""
        key = (guild_id, game, season_id)
        rows = await self._all(
            LEADERBOARD_PAGE_SQL,
            (*key, limit, offset),
        )
        total = await self._all(
            LEADERBOARD_COUNT_SQL,
            key,
        )
        return [_rating(r) for r in rows], int(total[0]["n"])

    async def rank_of(self, guild_id: int, game: str, season_id: int, rating: PlayerRating) -> int:
        provisional = int(rating.provisional)
        rows = await self._all(
            RANK_OF_SQL,
            (
                guild_id,
                game,
                season_id,
                provisional,
                provisional,
                rating.ordinal,
                rating.ordinal,
                rating.user_id,
            ),
        )
        return int(rows[0]["n"]) + 1

    async def games_rated(self, guild_id: int, season_id: int, user_id: int) -> list[str]:
        rows = await self._all(
            GAMES_RATED_SQL,
            (guild_id, season_id, user_id),
        )
        return [str(r["game"]) for r in rows]

    async def recent(
        self, guild_id: int, game: str, season_id: int, user_id: int, limit: int
    ) -> list[RecentResult]:
        rows = await self._all(
            RECENT_SQL,
            (user_id, guild_id, game, season_id, limit),
            raw=True,
        )
        return [RecentResult(int(m), float(f), int(p), bool(w), r) for m, f, p, w, r in rows]

    async def favourite_role(
        self, guild_id: int, game: str, season_id: int, user_id: int
    ) -> str | None:
        rows = await self._all(
            FAVOURITE_ROLE_SQL,
            (user_id, guild_id, game, season_id),
        )
        return str(rows[0]["role"]) if rows else None

    async def names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each player last sat down with."""
        if not user_ids:
            return {}
        marks = ",".join("?" for _ in user_ids)
        rows = await self._all(
            # SQLite takes a bare column from the row that holds the MAX.
            f"SELECT user_id, name, MAX(match_id) FROM seats WHERE user_id IN ({marks})"
            " GROUP BY user_id",
            tuple(user_ids),
        )
        return {int(r["user_id"]): str(r["name"]) for r in rows}

    async def _all(self, sql: str, params: Sequence[Any], *, raw: bool = False) -> list[Any]:
        async with self.db.exclusive() as conn:
            rows = await conn.execute_fetchall(sql, params)
        return [tuple(r) if raw else dict(r) for r in rows]


async def _upsert_ratings(
    conn: aiosqlite.Connection,
    guild_id: int,
    game: str,
    season_id: int,
    ratings: Iterable[PlayerRating],
) -> None:
    await conn.executemany(
        UPSERT_RATINGS_SQL,
        [
            (
                guild_id,
                game,
                season_id,
                r.user_id,
                r.mu,
                r.sigma,
                r.ordinal,
                r.games,
                r.wins,
                int(r.provisional),
            )
            for r in ratings
        ],
    )


def _season(row: dict[str, Any]) -> Season:
    return Season(
        int(row["id"]), int(row["guild_id"]), str(row["name"]), row["started_at"], row["ended_at"]
    )


def _rating(row: dict[str, Any]) -> PlayerRating:
    return PlayerRating(
        int(row["user_id"]),
        mu=float(row["mu"]),
        sigma=float(row["sigma"]),
        games=int(row["games"]),
        wins=int(row["wins"]),
    )
