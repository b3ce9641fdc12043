"""The league through ``LeagueRepository``: seasons, the log, ratings and a player's record."""

from __future__ import annotations

import pytest

from bot.storage import Storage
from bot.storage.models import (
    ActionRow,
    LeagueSeat,
    LoggedMatch,
    MatchResult,
    PlayerRating,
    RecentResult,
    SeasonConflict,
)
from tests.storage.contract.test_matches import live

GUILD = 1


async def finished(storage: Storage) -> int:
    repo = storage.matches
    match_id = await live(repo)
    row = await repo.match(match_id)
    assert row is not None
    await repo.record_action(
        match_id,
        row.version,
        0,
        ActionRow(0, {"k": 1}),
        state={},
        outcome={"w": 0},
        deadline_at=None,
    )
    return match_id


async def log(storage: Storage, match_id: int, at: float, winner: int, loser: int) -> None:
    await storage.leagues.log_match(
        match_id=match_id,
        guild_id=GUILD,
        game="tiny",
        season_id=0,
        finished_at=at,
        seats=[LeagueSeat(winner, 0, True, "ranger"), LeagueSeat(loser, 1, False, None)],
        ratings=[
            PlayerRating(winner, mu=30.0, games=1, wins=1),
            PlayerRating(loser, mu=20.0, games=1),
        ],
    )


async def test_seasons_open_one_at_a_time_with_unique_names(storage: Storage) -> None:
    leagues = storage.leagues
    assert await leagues.open_season(GUILD) is None
    first = await leagues.start_season(GUILD, "Spring", 100.0)
    assert await leagues.open_season(GUILD) == first
    with pytest.raises(SeasonConflict):
        await leagues.start_season(GUILD, "Summer", 150.0)  # one is open
    await leagues.end_season(first.id, 200.0)
    with pytest.raises(SeasonConflict):
        await leagues.start_season(GUILD, "SPRING", 250.0)  # names ignore case
    second = await leagues.start_season(GUILD, "Summer", 300.0)
    assert [s.name for s in await leagues.seasons(GUILD)] == ["Summer", "Spring"]
    assert await leagues.season_at(GUILD, 150.0) == first.id
    assert await leagues.season_at(GUILD, 250.0) == 0
    assert await leagues.season_at(GUILD, 350.0) == second.id


async def test_the_log_ratings_and_a_player_s_record_round_trip(storage: Storage) -> None:
    leagues = storage.leagues
    one, two = await finished(storage), await finished(storage)
    assert await leagues.unlogged_finished(0.0) == []  # an AI seat: never ranked
    await log(storage, one, 10.0, 10, 11)
    await log(storage, two, 20.0, 11, 10)
    assert await leagues.is_logged(one)
    assert await leagues.logged_match(one) == LoggedMatch(one, GUILD, "tiny", 0, 10.0, False)
    assert await leagues.season_results(GUILD, "tiny", 0) == [
        MatchResult(one, ((10, 0), (11, 1))),
        MatchResult(two, ((10, 1), (11, 0))),
    ]
    assert await leagues.season_results(GUILD, "tiny", 0, without=one) == [
        MatchResult(two, ((10, 1), (11, 0)))
    ]
    assert await leagues.last_logged(GUILD, "tiny", 0) == (20.0, two)
    board, count = await leagues.leaderboard(GUILD, "tiny", 0, limit=10, offset=0)
    assert count == 2 and [r.user_id for r in board] == [11, 10]  # the last rating written
    assert await leagues.rank_of(GUILD, "tiny", 0, board[0]) == 1
    assert set(await leagues.ratings_of(GUILD, "tiny", 0, [10, 11])) == {10, 11}
    assert await leagues.games_rated(GUILD, 0, 10) == ["tiny"]
    assert await leagues.recent(GUILD, "tiny", 0, 10, 5) == [
        RecentResult(two, 20.0, 1, False, None),
        RecentResult(one, 10.0, 0, True, "ranger"),
    ]
    assert await leagues.favourite_role(GUILD, "tiny", 0, 10) == "ranger"
    assert await leagues.names([10]) == {10: "Ann"}


async def test_a_void_takes_the_match_out_and_replaces_the_ratings(storage: Storage) -> None:
    leagues = storage.leagues
    one = await finished(storage)
    await log(storage, one, 10.0, 10, 11)
    await leagues.void_and_replace(one, GUILD, "tiny", 0, [PlayerRating(10)])
    logged = await leagues.logged_match(one)
    assert logged is not None and logged.voided
    assert await leagues.season_results(GUILD, "tiny", 0) == []
    assert list(await leagues.ratings_of(GUILD, "tiny", 0, [10, 11])) == [10]
    await leagues.replace_ratings(GUILD, "tiny", 0, [])
    assert await leagues.leaderboard(GUILD, "tiny", 0, limit=5, offset=0) == ([], 0)
