"""Leagues: seasons per server, openskill ratings per server, game and season.

A ranked match (every seat human, finished by play or concession) enters the league log as it
finishes; ratings are the fold of that log (``bot.features.ratings``), updated one match at a
time and refolded from the log when a match is voided or arrives out of order. Refusals are
``LeagueError(code, **detail)``; ``bot.words.league_texts.league_error`` words them.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot import plugins
from bot.core.errors import LeagueError, ServiceError
from bot.core.service import MatchInfo, MatchService, Update
from bot.features.ratings import rate_match, recompute
from bot.plugins import FinalState
from bot.storage.models import LeagueSeat, MatchResult, PlayerRating, SeasonConflict
from bot.storage.ports import LeagueRepository

NO_SEASON = 0
PAGE_SIZE = 10
RECENT = 5
MAX_SEASON_NAME = 40
# A start looks this far back for ranked matches the league missed: a crash is followed by a
# restart within minutes, and casual matches are not re-read at every start for ever.
CATCH_UP_SECONDS = 7 * 24 * 3600.0


@dataclass(frozen=True)
class BoardRow:
    rank: int
    name: str
    rating: PlayerRating


@dataclass(frozen=True)
class Board:
    game: str
    season_id: int
    season_name: str | None  # None: open play, outside any season
    page: int
    pages: int
    rows: tuple[BoardRow, ...]


@dataclass(frozen=True)
class GameProfile:
    game: str
    rating: PlayerRating
    rank: int
    players: int
    favourite: str | None
    recent: tuple[tuple[int, bool], ...]  # (match id, won)


@dataclass(frozen=True)
class Profile:
    user_id: int
    season_id: int
    season_name: str | None
    games: tuple[GameProfile, ...]


def is_ranked(match: MatchInfo) -> bool:
    """Ranked: every seat taken by a person (an AFK seat the AI took over still counts as
    theirs), at least two, not switched off, and a result."""
    return (
        match.status == "finished"
        and match.outcome is not None
        and len(match.seats) >= 2
        and all(s.user_id is not None and (s.ai_level is None or s.afk) for s in match.seats)
        and match.options.get("ranked", True) is not False
    )


def placings(match: MatchInfo) -> dict[int, int]:
    """Each seat's place: the outcome's, except that a player who abandoned the match (the AI
    finished it for them) is placed below everyone, like one who conceded."""
    assert match.outcome is not None
    ranks = match.outcome.ranks
    last = max(ranks) + 1
    return {s.seat: last if s.afk else ranks[s.seat] for s in match.seats}


class League:
    def __init__(
        self,
        service: MatchService,
        store: LeagueRepository,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.service = service
        self.store = store
        self._clock = clock
        # One writer at a time, so an incremental update never interleaves with a refold.
        self._lock = asyncio.Lock()

    # the log -------------------------------------------------------------------------------
    async def on_update(self, update: Update) -> None:
        if update.match.status == "finished":
            await self.record(update.match)

    async def record(self, match: MatchInfo) -> bool:
        """Log a finished match and rate it if it is ranked; False when it is not ranked or
        already logged (a finishing move is published once, but catch-up may see it again)."""
        if not is_ranked(match) or match.outcome is None:
            return False
        async with self._lock:
            if await self.store.is_logged(match.id):
                return False
            row = await self.service.repo.match(match.id)
            if row is None:
                return False
            finished_at = row.updated_at
            season_id = await self.store.season_at(match.guild_id, finished_at)
            roles = await self._roles(match, row.header_json)
            places = placings(match)
            best = min(places.values())
            seats = [
                LeagueSeat(
                    int(s.user_id or 0), places[s.seat], places[s.seat] == best, roles.get(s.seat)
                )
                for s in match.seats
            ]
            result = MatchResult(match.id, tuple((s.user_id, s.place) for s in seats))
            key = (match.guild_id, match.game, season_id)
            last = await self.store.last_logged(*key)
            in_order = last is None or last < (finished_at, match.id)
            current = await self.store.ratings_of(*key, [s.user_id for s in seats])
            new = rate_match(current, result)
            await self.store.log_match(
                match_id=match.id,
                guild_id=match.guild_id,
                game=match.game,
                season_id=season_id,
                finished_at=finished_at,
                seats=seats,
                ratings=new.values(),
            )
            if not in_order:
                await self._refold(*key)
        return True

    async def _roles(self, match: MatchInfo, header_json: str | None) -> dict[int, str]:
        """What each seat played as, as the game's plugin reads it from the record's header and
        the final state; nothing for a game without roles or a record that cannot be read."""
        found = plugins.find(match.game)
        if found is None or found.league is None:
            return {}
        final: FinalState | None = None
        try:
            snapshot = await self.service.repo.snapshot(match.id)
            if snapshot is not None:
                final = FinalState(await self.service.game_of_match(match.id), snapshot[1])
        except ServiceError:
            pass
        try:
            header = json.loads(header_json) if header_json else {}
            return dict(found.league.roles(header, final))
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            return {}

    async def catch_up(self) -> int:
        """Log finished matches the league missed (a crash right after the last move)."""
        done = 0
        since = self._clock() - CATCH_UP_SECONDS
        for match_id in await self.store.unlogged_finished(since):
            try:
                done += await self.record(await self.service.get(match_id))
            except ServiceError:
                continue
        return done

    async def void(self, guild_id: int, match_id: int) -> tuple[str | None, int]:
        """Take a match out of the league and refold its season; (season name, matches left)."""
        async with self._lock:
            row = await self.store.logged_match(match_id)
            if row is None or row.guild_id != guild_id or row.voided:
                raise LeagueError("not_rated", match=match_id)
            key = (guild_id, row.game, row.season_id)
            results = await self.store.season_results(*key, without=match_id)
            # A big season folds for seconds: off the event loop, so the bot keeps answering.
            ratings = await asyncio.to_thread(recompute, results)
            await self.store.void_and_replace(match_id, *key, ratings.values())
        return await self.season_name(guild_id, key[2]), len(results)

    async def recompute(self, guild_id: int, game: str, season_id: int) -> dict[int, PlayerRating]:
        async with self._lock:
            return await self._refold(guild_id, game, season_id)

    async def _refold(self, guild_id: int, game: str, season_id: int) -> dict[int, PlayerRating]:
        results = await self.store.season_results(guild_id, game, season_id)
        ratings = await asyncio.to_thread(recompute, results)
        await self.store.replace_ratings(guild_id, game, season_id, ratings.values())
        return ratings

    # seasons -------------------------------------------------------------------------------
    async def start_season(self, guild_id: int, name: str) -> str:
        clean = " ".join(name.split())
        if not 1 <= len(clean) <= MAX_SEASON_NAME:
            raise LeagueError("bad_season_name")
        running = await self.store.open_season(guild_id)
        if running is not None:
            raise LeagueError("season_open", name=running.name)
        try:
            await self.store.start_season(guild_id, clean, self._clock())
        except SeasonConflict:
            raise LeagueError("season_name_taken", name=clean) from None
        return clean

    async def end_season(self, guild_id: int) -> str:
        running = await self.store.open_season(guild_id)
        if running is None:
            raise LeagueError("no_open_season")
        await self.store.end_season(running.id, self._clock())
        return running.name

    async def season(self, guild_id: int, name: str | None) -> tuple[int, str | None]:
        """A season by name, else the running one, else open play."""
        if name:
            for season in await self.store.seasons(guild_id):
                if season.name.lower() == name.strip().lower():
                    return season.id, season.name
            raise LeagueError("no_such_season", name=name.strip()[:MAX_SEASON_NAME])
        running = await self.store.open_season(guild_id)
        return (running.id, running.name) if running else (NO_SEASON, None)

    async def season_names(self, guild_id: int) -> list[str]:
        return [s.name for s in await self.store.seasons(guild_id)]

    async def season_name(self, guild_id: int, season_id: int) -> str | None:
        for season in await self.store.seasons(guild_id):
            if season.id == season_id:
                return season.name
        return None

    # reads ---------------------------------------------------------------------------------
    async def leaderboard(
        self, guild_id: int, game: str, season: str | None, page: int = 0
    ) -> Board:
        season_id, season_name = await self.season(guild_id, season)
        return await self.board(guild_id, game, season_id, season_name, page)

    async def board(
        self, guild_id: int, game: str, season_id: int, season_name: str | None, page: int
    ) -> Board:
        page = max(0, page)
        rows, total = await self.store.leaderboard(
            guild_id, game, season_id, limit=PAGE_SIZE, offset=page * PAGE_SIZE
        )
        pages = max(1, -(-total // PAGE_SIZE))
        if page >= pages and total:
            return await self.board(guild_id, game, season_id, season_name, pages - 1)
        names = await self.store.names([r.user_id for r in rows])
        board_rows = tuple(
            BoardRow(page * PAGE_SIZE + i + 1, names.get(r.user_id, str(r.user_id)), r)
            for i, r in enumerate(rows)
        )
        return Board(game, season_id, season_name, page, pages, board_rows)

    async def profile(self, guild_id: int, user_id: int, season: str | None) -> Profile:
        season_id, season_name = await self.season(guild_id, season)
        games = []
        for game in await self.store.games_rated(guild_id, season_id, user_id):
            key = (guild_id, game, season_id)
            rating = (await self.store.ratings_of(*key, [user_id]))[user_id]
            _, players = await self.store.leaderboard(*key, limit=0, offset=0)
            recent = await self.store.recent(*key, user_id, RECENT)
            games.append(
                GameProfile(
                    game,
                    rating,
                    await self.store.rank_of(*key, rating),
                    players,
                    await self.store.favourite_role(*key, user_id),
                    tuple((r.match_id, r.won) for r in recent),
                )
            )
        return Profile(user_id, season_id, season_name, tuple(games))

    async def export_csv(
        self, guild_id: int, games: list[str], season: str | None
    ) -> tuple[str, int]:
        """Every rated player of ``games`` in a season as CSV text, and how many rows."""
        season_id, _ = await self.season(guild_id, season)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(
            [
                "game",
                "rank",
                "user_id",
                "name",
                "rating",
                "mu",
                "sigma",
                "games",
                "wins",
                "provisional",
            ]
        )
        count = 0
        for game in games:
            rows, _ = await self.store.leaderboard(guild_id, game, season_id, limit=-1, offset=0)
            names = await self.store.names([r.user_id for r in rows])
            for rank, r in enumerate(rows, 1):
                row = [
                    game,
                    rank,
                    r.user_id,
                    names.get(r.user_id, ""),
                    f"{r.ordinal:.4f}",
                    f"{r.mu:.4f}",
                    f"{r.sigma:.4f}",
                    r.games,
                    r.wins,
                    int(r.provisional),
                ]
                writer.writerow([spreadsheet_safe(cell) for cell in row])
            count += len(rows)
        return out.getvalue(), count


def role_name(role: str) -> str:
    """The card name of a role the league remembers (a duel Hero, a classic class)."""
    for found in plugins.plugins():
        name = found.league.role_name(role) if found.league is not None else None
        if name is not None:
            return name
    return role


# A cell a spreadsheet would read as a formula (or, after a tab or carriage return, as the
# start of one): OWASP's "CSV injection". Display names are free text chosen by members.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def spreadsheet_safe(cell: object) -> object:
    """``cell`` as a spreadsheet shows it without evaluating anything: text that starts like a
    formula gets a leading apostrophe (shown as text, the apostrophe hidden); numbers we wrote
    ourselves (a negative rating) stay numbers."""
    if not isinstance(cell, str) or not cell.startswith(_FORMULA_START):
        return cell
    if _PLAIN_NUMBER.fullmatch(cell):
        return cell
    return "'" + cell
