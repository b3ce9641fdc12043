"""Leagues on a real SQLite file with real openskill, driving the tiny test game through the
match service (issue 6: leagues)."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot.core.errors import LeagueError
from bot.core.service import MatchService
from bot.features.league import PAGE_SIZE, League, is_ranked, placings, role_name
from bot.features.ratings import recompute
from bot.storage import Storage, open_storage
from bot.storage.models import PROVISIONAL_GAMES, MatchResult, PlayerRating
from engine.core import Game
from engine.games import load_game
from tests.support.tinygame import TwentyOne

TINY = TwentyOne()
GUILD = 1
USERS = (100, 101, 102, 103)


def games(game_id: str) -> Game[Any, Any]:
    if game_id != "tiny":
        raise KeyError(game_id)
    return TINY


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[tuple[MatchService, League]]:
    db: Storage = await open_storage(tmp_path / "league.sqlite3")
    service = MatchService(db, games=games)
    league = League(service, db.leagues)
    service.subscribe(league.on_update)
    await service.start()
    yield service, league
    await service.close()
    await db.close()


async def play(service: MatchService, winner: int, *others: int, guild: int = GUILD) -> int:
    """A tiny match won by ``winner``: everyone else concedes (a concession is a loss)."""
    match = await service.create(
        guild_id=guild, channel_id=2, host_id=winner, host_name=f"U{winner}", game="tiny"
    )
    for user in others:
        await service.join(match.id, user, f"U{user}")
    await service.start_match(match.id, winner)
    for user in others:
        await service.concede(match.id, user)
    info = await service.get(match.id)
    assert info.status == "finished"
    return match.id


async def stored(league: League, season: int = 0) -> dict[int, PlayerRating]:
    return await league.store.ratings_of(GUILD, "tiny", season, USERS)


async def test_a_ranked_match_rates_as_openskill_does_directly(env: Any) -> None:
    service, league = env
    await play(service, 100, 101, 102)
    model = PlackettLuce()
    # The winner placed first; both who conceded share last place.
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=[0, 1, 1])
    got = await stored(league)
    for user, (team,) in zip((100, 101, 102), expected, strict=True):
        assert got[user].mu == pytest.approx(team.mu)
        assert got[user].sigma == pytest.approx(team.sigma)
    assert (got[100].wins, got[101].wins, got[101].games) == (1, 0, 1)


async def test_a_match_with_an_ai_seat_is_not_ranked(env: Any) -> None:
    service, league = env
    match = await service.create(
        guild_id=GUILD, channel_id=2, host_id=100, host_name="A", game="tiny"
    )
    await service.add_ai(match.id, 100)
    await service.start_match(match.id, 100)
    await service.concede(match.id, 100)
    match_id = match.id
    assert (await service.get(match_id)).status == "finished"
    assert not await league.store.is_logged(match_id)
    assert await stored(league) == {}


async def test_ratings_follow_a_run_of_matches_in_order(env: Any) -> None:
    service, league = env
    results = []
    for n in range(6):
        winner, loser = USERS[n % 3], USERS[(n + 1) % 3]
        match_id = await play(service, winner, loser)
        results.append(MatchResult(match_id, ((winner, 0), (loser, 1))))
    assert await stored(league) == recompute(results)


async def test_void_and_recompute_equals_a_fresh_computation(env: Any, tmp_path: Path) -> None:
    service, league = env
    plan = [(100, 101), (101, 102), (102, 100), (100, 102), (101, 100), (103, 100)]
    ids = [await play(service, w, loser) for w, loser in plan]
    season, left = await league.void(GUILD, ids[2])
    assert (season, left) == (None, 5)
    voided = await stored(league)
    # A fresh database where the voided match was never played.
    db = await open_storage(tmp_path / "fresh.sqlite3")
    fresh_service = MatchService(db, games=games)
    fresh = League(fresh_service, db.leagues)
    fresh_service.subscribe(fresh.on_update)
    for index, (w, loser) in enumerate(plan):
        if index != 2:
            await play(fresh_service, w, loser)
    again = await fresh.store.ratings_of(GUILD, "tiny", 0, USERS)
    await db.close()
    assert voided.keys() == again.keys()
    for user in voided:
        assert voided[user].mu == pytest.approx(again[user].mu)
        assert voided[user].sigma == pytest.approx(again[user].sigma)
        assert (voided[user].games, voided[user].wins) == (again[user].games, again[user].wins)
    with pytest.raises(LeagueError) as err:
        await league.void(GUILD, ids[2])  # already voided: refused, nothing changes
    assert err.value.code == "not_rated"
    with pytest.raises(LeagueError):
        await league.void(GUILD + 1, ids[0])  # another server's match
    assert await stored(league) == voided


async def test_a_match_missed_by_a_crash_is_caught_up(env: Any) -> None:
    service, league = env
    service.ledger.listeners.clear()  # the league never hears of the next match
    match_id = await play(service, 101, 100)
    casual = await service.create(
        guild_id=GUILD,
        channel_id=2,
        host_id=102,
        host_name="C",
        game="tiny",
        options={"ranked": False},
    )
    await service.join(casual.id, 103, "D")
    await service.start_match(casual.id, 102)
    await service.concede(casual.id, 103)
    assert not await league.store.is_logged(match_id)
    assert await league.catch_up() == 1  # the casual match is never rated
    assert await league.catch_up() == 0
    assert (await stored(league))[101].wins == 1


async def test_seasons_start_and_end_and_hold_their_own_ratings(env: Any) -> None:
    service, league = env
    await play(service, 100, 101)  # open play, before any season
    assert await league.start_season(GUILD, "  Spring   Cup ") == "Spring Cup"
    for code, call in [
        ("season_open", league.start_season(GUILD, "Other")),
        ("bad_season_name", league.start_season(GUILD, " ")),
        ("no_such_season", league.leaderboard(GUILD, "tiny", "Winter")),
    ]:
        with pytest.raises(LeagueError) as err:
            await call
        assert err.value.code == code
    await play(service, 101, 100)
    season_id, name = await league.season(GUILD, None)
    assert name == "Spring Cup"
    assert (await stored(league, season_id))[101].wins == 1
    assert (await stored(league, 0))[100].wins == 1
    assert await league.end_season(GUILD) == "Spring Cup"
    with pytest.raises(LeagueError) as err:
        await league.end_season(GUILD)
    assert err.value.code == "no_open_season"
    with pytest.raises(LeagueError) as err:
        await league.start_season(GUILD, "spring cup")
    assert err.value.code == "season_name_taken"
    board = await league.leaderboard(GUILD, "tiny", "spring cup")
    assert [r.name for r in board.rows] == ["U101", "U100"]


async def test_leaderboard_pages_and_marks_provisional_players(env: Any) -> None:
    _, league = env
    ratings = [
        PlayerRating(1000 + n, mu=20.0 + n, sigma=3.0, games=PROVISIONAL_GAMES + (n % 2) - 1)
        for n in range(2 * PAGE_SIZE + 3)
    ]
    await league.store.replace_ratings(GUILD, "tiny", 0, ratings)
    first = await league.leaderboard(GUILD, "tiny", None, 0)
    assert (first.pages, len(first.rows)) == (3, PAGE_SIZE)
    last = await league.leaderboard(GUILD, "tiny", None, 99)  # past the end: the last page
    assert (last.page, len(last.rows)) == (2, 3)
    every = [
        r.rating for p in range(3) for r in (await league.board(GUILD, "tiny", 0, None, p)).rows
    ]
    assert [r.user_id for r in every] == [
        r.user_id for r in sorted(ratings, key=lambda r: (r.provisional, -r.ordinal, r.user_id))
    ]
    assert [r.rank for r in last.rows] == [21, 22, 23]
    assert not every[0].provisional and every[-1].provisional


async def test_profile_shows_rank_games_and_recent_matches(env: Any) -> None:
    service, league = env
    ids = [await play(service, 100, 101), await play(service, 101, 100, 102)]
    profile = await league.profile(GUILD, 100, None)
    [tiny] = profile.games
    assert (tiny.game, tiny.rating.games, tiny.rating.wins, tiny.players) == ("tiny", 2, 1, 3)
    assert tiny.recent == ((ids[1], False), (ids[0], True))
    board = await league.leaderboard(GUILD, "tiny", None)
    assert [r.rank for r in board.rows if r.rating.user_id == 100] == [tiny.rank]
    assert (await league.profile(GUILD, 999, None)).games == ()


async def test_export_is_a_csv_of_the_leaderboard(env: Any) -> None:
    service, league = env
    await play(service, 100, 101)
    text, count = await league.export_csv(GUILD, ["tiny", "classic"], None)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert count == 2 and [r["name"] for r in rows] == ["U100", "U101"]
    assert rows[0]["rank"] == "1" and rows[0]["provisional"] == "1" and rows[0]["game"] == "tiny"


HOSTILE_NAMES = {
    101: '=HYPERLINK("http://evil.example","click")',
    102: "+1+cmd|' /C calc'!A0",
    103: "-2+3",
    104: "@SUM(A1:A9)",
    105: "\t=1+1",
    106: "\r=1+1",
}


async def test_export_neutralises_names_that_a_spreadsheet_would_run(env: Any) -> None:
    # 013 item 7: a display name starting with = + - @ (or tab, CR) is never a live formula.
    service, league = env
    for user, name in HOSTILE_NAMES.items():
        match = await service.create(
            guild_id=GUILD, channel_id=2, host_id=100, host_name="Ann", game="tiny"
        )
        await service.join(match.id, user, name)
        await service.start_match(match.id, 100)
        await service.concede(match.id, user)
    text, count = await league.export_csv(GUILD, ["tiny"], None)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert count == 7
    names = {int(r["user_id"]): r["name"] for r in rows}
    for user, name in HOSTILE_NAMES.items():
        assert names[user] == "'" + name  # shown as text, exactly as the member wrote it
    assert names[100] == "Ann"
    # Numbers we write ourselves stay numbers, negative ones included.
    assert all(r["rating"].lstrip("-").replace(".", "").isdigit() for r in rows)
    assert any(r["rating"].startswith("-") for r in rows)


async def test_an_abandoned_seat_is_a_loss_even_when_its_ai_won(env: Any) -> None:
    service, league = env
    service.ledger.listeners.clear()
    match_id = await play(service, 100, 101)
    finished = await service.get(match_id)
    # Seat 0 (the winner) went AFK and the AI finished the match for them.
    afk = replace(finished.seats[0], ai_level="heuristic", afk=True)
    abandoned = replace(finished, seats=(afk, finished.seats[1]))
    assert is_ranked(abandoned) and placings(abandoned) == {0: 2, 1: 1}
    assert await league.record(abandoned)
    got = await stored(league)
    assert (got[100].wins, got[101].wins) == (0, 1)
    ai_seat = replace(finished.seats[1], ai_level="heuristic")
    assert not is_ranked(replace(finished, seats=(finished.seats[0], ai_seat)))


async def test_favourite_is_the_duel_hero_or_the_classic_class(tmp_path: Path) -> None:
    db = await open_storage(tmp_path / "real.sqlite3")
    service = MatchService(db)  # the real games
    league = League(service, db.leagues)
    service.subscribe(league.on_update)
    try:
        for game, players in (("duel", (100, 101)), ("classic", (100, 101, 102))):
            match = await service.create(
                guild_id=GUILD, channel_id=2, host_id=100, host_name="A", game=game
            )
            for user in players[1:]:
                await service.join(match.id, user, f"U{user}")
            await service.start_match(match.id, 100)
            for user in players[1:]:
                await service.concede(match.id, user)
        duel = (await league.profile(GUILD, 101, None)).games
        favourites = {g.game: g.favourite for g in duel}
        assert favourites["duel"] and role_name(favourites["duel"]) != favourites["duel"]
        classic = load_game("classic")
        held = favourites.get("classic")
        kinds = {c.id: c.kind for c in classic.cards}  # type: ignore[attr-defined]
        assert held is None or kinds[held] == "class"
    finally:
        await db.close()


async def test_the_classic_class_is_read_from_the_final_table(tmp_path: Path) -> None:
    db = await open_storage(tmp_path / "classic.sqlite3")
    service = MatchService(db)
    league = League(service, db.leagues)
    try:
        match = await service.create(
            guild_id=GUILD, channel_id=2, host_id=100, host_name="A", game="classic"
        )
        for user in (101, 102):
            await service.join(match.id, user, f"U{user}")
        await service.start_match(match.id, 100)
        # Roles hold instance ids (cards counted with their copies), not card positions: take
        # a class card whose instance id differs from its position in the card list.
        classic = load_game("classic")
        cards, defs = classic.cards, classic.table.defs  # type: ignore[attr-defined]
        iid, card = next(
            (i, d) for i, d in enumerate(defs) if d.kind == "class" and cards.index(d) != i
        )
        count, state = await service.repo.snapshot(match.id) or (0, {})
        state["roles"] = [[iid], [], []]
        await service.repo.replace_snapshot(match.id, count, state)
        assert await league._roles(match, None) == {0: card.id}
    finally:
        await db.close()
