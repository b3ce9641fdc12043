"""The PostgreSQL ``LeagueRepository``: seasons, the league log and ratings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import asyncpg

from bot.storage.models import (
    LeagueSeat,
    LoggedMatch,
    MatchResult,
    PlayerRating,
    RecentResult,
    Season,
    SeasonConflict,
)
from bot.storage.postgres.database import Conn, Database

# The SQL of this module, named after the method that runs it.
_SEASON = "id, guild_id, name, started_at, ended_at"
_RATING = "user_id, mu, sigma, games, wins"
_KEY = "guild_id = $1 AND game = $2 AND season_id = $3"
SEASONS_SQL = f"SELECT {_SEASON} FROM seasons WHERE guild_id = $1 ORDER BY started_at DESC, id DESC"
OPEN_SEASON_SQL = f"SELECT {_SEASON} FROM seasons WHERE guild_id = $1 AND ended_at IS NULL"
SEASON_AT_SQL = (
    "SELECT id FROM seasons WHERE guild_id = $1 AND started_at <= $2"
    " AND (ended_at IS NULL OR ended_at > $2) ORDER BY started_at DESC LIMIT 1"
)
START_SEASON_SQL = (
    "INSERT INTO seasons (guild_id, name, started_at) VALUES ($1, $2, $3) RETURNING id"
)
END_SEASON_SQL = "UPDATE seasons SET ended_at = $1 WHERE id = $2"
IS_LOGGED_SQL = "SELECT EXISTS (SELECT 1 FROM league_matches WHERE match_id = $1)"
LOGGED_MATCH_SQL = (
    "SELECT match_id, guild_id, game, season_id, finished_at, voided FROM league_matches"
    " WHERE match_id = $1"
)
LOG_MATCH_SQL = (
    "INSERT INTO league_matches (match_id, guild_id, game, season_id, finished_at)"
    " VALUES ($1, $2, $3, $4, $5)"
)
LOG_SEATS_SQL = (
    "INSERT INTO league_seats (match_id, user_id, place, won, role) VALUES ($1, $2, $3, $4, $5)"
)
VOID_SQL = "UPDATE league_matches SET voided = 1 WHERE match_id = $1"
CLEAR_RATINGS_SQL = f"DELETE FROM ratings WHERE {_KEY}"
SEASON_RESULTS_SQL = (
    "SELECT m.match_id, s.user_id, s.place FROM league_matches m"
    " JOIN league_seats s ON s.match_id = m.match_id"
    " WHERE m.guild_id = $1 AND m.game = $2 AND m.season_id = $3 AND m.voided = 0"
    " AND m.match_id != $4 ORDER BY m.finished_at, m.match_id, s.user_id"
)
LAST_LOGGED_SQL = (
    f"SELECT finished_at, match_id FROM league_matches WHERE {_KEY}"
    " AND voided = 0 ORDER BY finished_at DESC, match_id DESC LIMIT 1"
)
# SQLite's json_extract gives 1/0 for true/false; here the text of the JSON value is compared.
UNLOGGED_FINISHED_SQL = (
    "SELECT m.id FROM matches m WHERE m.status = 'finished' AND m.updated_at > $1"
    " AND COALESCE(m.options_json::jsonb ->> 'ranked', 'true') NOT IN ('false', '0')"
    " AND NOT EXISTS (SELECT 1 FROM league_matches l WHERE l.match_id = m.id)"
    " AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id"
    " AND (s.user_id IS NULL OR (s.ai_level IS NOT NULL AND s.afk = 0)))"
    " ORDER BY m.updated_at, m.id"
)
RATINGS_OF_SQL = f"SELECT {_RATING} FROM ratings WHERE {_KEY} AND user_id = ANY($4::bigint[])"
LEADERBOARD_PAGE_SQL = (
    f"SELECT {_RATING}, count(*) OVER () FROM ratings WHERE {_KEY}"
    " ORDER BY provisional, ordinal DESC, user_id LIMIT $4 OFFSET $5"
)
LEADERBOARD_COUNT_SQL = f"SELECT count(*) FROM ratings WHERE {_KEY}"
RANK_OF_SQL = (
    f"SELECT count(*) FROM ratings WHERE {_KEY}"
    " AND (provisional < $4 OR (provisional = $4 AND (ordinal > $5"
    " OR (ordinal = $5 AND user_id < $6))))"
)
GAMES_RATED_SQL = (
    "SELECT game FROM ratings WHERE guild_id = $1 AND season_id = $2 AND user_id = $3"
    " ORDER BY games DESC, game"
)
RECENT_SQL = (
    "SELECT m.match_id, m.finished_at, s.place, s.won, s.role FROM league_seats s"
    " JOIN league_matches m ON m.match_id = s.match_id WHERE s.user_id = $1"
    " AND m.guild_id = $2 AND m.game = $3 AND m.season_id = $4 AND m.voided = 0"
    " ORDER BY m.finished_at DESC, m.match_id DESC LIMIT $5"
)
FAVOURITE_ROLE_SQL = (
    "SELECT s.role, count(*) AS n FROM league_seats s"
    " JOIN league_matches m ON m.match_id = s.match_id WHERE s.user_id = $1"
    " AND m.guild_id = $2 AND m.game = $3 AND m.season_id = $4 AND m.voided = 0"
    " AND s.role IS NOT NULL GROUP BY s.role ORDER BY n DESC, s.role LIMIT 1"
)
NAMES_SQL = (
    "SELECT DISTINCT ON (user_id) user_id, name FROM seats WHERE user_id = ANY($1::bigint[])"
    " ORDER BY user_id, match_id DESC"
)
UPSERT_RATINGS_SQL = (
    "INSERT INTO ratings (guild_id, game, season_id, user_id, mu, sigma, ordinal, games,"
    " wins, provisional) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
    " ON CONFLICT (guild_id, game, season_id, user_id) DO UPDATE SET mu = excluded.mu,"
    " sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games,"
    " wins = excluded.wins, provisional = excluded.provisional"
)


class LeagueStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    # seasons -------------------------------------------------------------------------------
    async def seasons(self, guild_id: int) -> list[Season]:
        return [_season(r) for r in await self.db.fetch(SEASONS_SQL, guild_id)]

    async def open_season(self, guild_id: int) -> Season | None:
        row = await self.db.fetchrow(OPEN_SEASON_SQL, guild_id)
        return _season(row) if row is not None else None

    async def season_at(self, guild_id: int, when: float) -> int:
        """The season running at ``when``; 0 when none was."""
        found = await self.db.fetchval(SEASON_AT_SQL, guild_id, when)
        return int(found) if found is not None else 0

    async def start_season(self, guild_id: int, name: str, now: float) -> Season:
        try:
            season_id = await self.db.fetchval(START_SEASON_SQL, guild_id, name, now)
        except asyncpg.UniqueViolationError:
            raise SeasonConflict(name) from None
        return Season(int(season_id), guild_id, name, now, None)

    async def end_season(self, season_id: int, now: float) -> None:
        await self.db.execute(END_SEASON_SQL, now, season_id)

    # the league log ------------------------------------------------------------------------
    async def is_logged(self, match_id: int) -> bool:
        return bool(await self.db.fetchval(IS_LOGGED_SQL, match_id))

    async def logged_match(self, match_id: int) -> LoggedMatch | None:
        row = await self.db.fetchrow(LOGGED_MATCH_SQL, match_id)
        if row is None:
            return None
        match, guild, game, season, finished_at, voided = row
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
            await conn.execute(LOG_MATCH_SQL, match_id, guild_id, game, season_id, finished_at)
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
            await conn.execute(VOID_SQL, match_id)
            await conn.execute(CLEAR_RATINGS_SQL, guild_id, game, season_id)
            await _upsert_ratings(conn, guild_id, game, season_id, ratings)

    async def replace_ratings(
        self, guild_id: int, game: str, season_id: int, ratings: Iterable[PlayerRating]
    ) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(CLEAR_RATINGS_SQL, guild_id, game, season_id)
            await _upsert_ratings(conn, guild_id, game, season_id, ratings)

    async def season_results(
        self, guild_id: int, game: str, season_id: int, *, without: int | None = None
    ) -> list[MatchResult]:
        """Every counted match of a season in the order it finished: the fold's input."""
        rows = await self.db.fetch(
            SEASON_RESULTS_SQL, guild_id, game, season_id, without if without is not None else -1
        )
        results: list[MatchResult] = []
        current: int | None = None
        places: list[tuple[int, int]] = []
        for match_id, user_id, place in rows:
            if match_id != current:
                if current is not None:
                    results.append(MatchResult(current, tuple(places)))
                current, places = int(match_id), []
            places.append((int(user_id), int(place)))
        if current is not None:
            results.append(MatchResult(current, tuple(places)))
        return results

    async def last_logged(
        self, guild_id: int, game: str, season_id: int
    ) -> tuple[float, int] | None:
        """The (finished_at, match id) that ends the season's fold so far."""
        row = await self.db.fetchrow(LAST_LOGGED_SQL, guild_id, game, season_id)
        return (float(row[0]), int(row[1])) if row is not None else None

    async def unlogged_finished(self, since: float) -> list[int]:
        """Ranked-looking matches finished after ``since`` that the league has not seen."""
        return [int(r[0]) for r in await self.db.fetch(UNLOGGED_FINISHED_SQL, since)]

    # ratings -------------------------------------------------------------------------------
    async def ratings_of(
        self, guild_id: int, game: str, season_id: int, users: Sequence[int]
    ) -> dict[int, PlayerRating]:
        rows = await self.db.fetch(RATINGS_OF_SQL, guild_id, game, season_id, list(users))
        return {int(r[0]): _rating(r) for r in rows}

    async def leaderboard(
        self, guild_id: int, game: str, season_id: int, *, limit: int, offset: int
    ) -> tuple[list[PlayerRating], int]:
        """One page, best first (established players above provisional ones), and the count."""
        key = (guild_id, game, season_id)
        rows = await self.db.fetch(LEADERBOARD_PAGE_SQL, *key, limit, offset)
        if rows:
            total = int(rows[0][5])
        else:
            total = int(await self.db.fetchval(LEADERBOARD_COUNT_SQL, *key))
        return [_rating(r) for r in rows], total

    async def rank_of(self, guild_id: int, game: str, season_id: int, rating: PlayerRating) -> int:
        above = await self.db.fetchval(
            RANK_OF_SQL,
            guild_id,
            game,
            season_id,
            int(rating.provisional),
            rating.ordinal,
            rating.user_id,
        )
        return int(above) + 1

    async def games_rated(self, guild_id: int, season_id: int, user_id: int) -> list[str]:
        rows = await self.db.fetch(GAMES_RATED_SQL, guild_id, season_id, user_id)
        return [str(r[0]) for r in rows]

    async def recent(
        self, guild_id: int, game: str, season_id: int, user_id: int, limit: int
    ) -> list[RecentResult]:
        rows = await self.db.fetch(RECENT_SQL, user_id, guild_id, game, season_id, limit)
        return [RecentResult(int(m), float(f), int(p), bool(w), r) for m, f, p, w, r in rows]

    async def favourite_role(
        self, guild_id: int, game: str, season_id: int, user_id: int
    ) -> str | None:
        row = await self.db.fetchrow(FAVOURITE_ROLE_SQL, user_id, guild_id, game, season_id)
        return str(row[0]) if row is not None else None

    async def names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each player last sat down with."""
        if not user_ids:
            return {}
        rows = await self.db.fetch(NAMES_SQL, list(user_ids))
        return {int(r[0]): str(r[1]) for r in rows}


async def _upsert_ratings(
    conn: Conn,
    guild_id: int,
    game: str,
    season_id: int,
    ratings: Iterable[PlayerRating],
) -> None:
    rows = [
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
    ]
    if rows:
        await conn.executemany(UPSERT_RATINGS_SQL, rows)


def _season(row: Any) -> Season:
    return Season(int(row[0]), int(row[1]), str(row[2]), row[3], row[4])


def _rating(row: Any) -> PlayerRating:
    return PlayerRating(
        int(row[0]), mu=float(row[1]), sigma=float(row[2]), games=int(row[3]), wins=int(row[4])
    )
