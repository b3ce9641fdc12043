"""A server's caps (issue 30.3): how many lobbies and matches it may have open at once and how
many strong AI seats they may hold. Past a cap a member is refused and nothing changes; a
seat handed to the AI at the cap plays the heuristic instead (it must be played)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.service import MatchService, ServiceError
from bot.core.settings import ServerSettings, SettingsRefused
from bot.storage import Storage, open_storage
from engine.games import load_game
from tests.bot.test_service import Clock


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[tuple[Storage, MatchService]]:
    db = await open_storage(tmp_path / "c.sqlite3")
    service = MatchService(db, games=load_game, clock=Clock())
    await service.start()
    yield db, service
    await service.close()
    await db.close()


async def open_lobby(service: MatchService, guild_id: int = 1, host: int = 100) -> int:
    match = await service.create(
        guild_id=guild_id, channel_id=2, host_id=host, host_name="Ann", game="classic"
    )
    return match.id


def test_the_defaults_are_the_documented_ones() -> None:
    defaults = ServerSettings()
    assert (defaults.max_matches, defaults.max_strong_seats) == (200, 6)


async def test_a_server_at_its_cap_of_open_matches_opens_no_more(env: Any) -> None:
    db, service = env
    await service.settings.change(1, 100, max_matches=2)
    first = await open_lobby(service)
    await open_lobby(service, host=101)
    with pytest.raises(ServiceError) as refused:
        await open_lobby(service, host=102)
    assert refused.value.code == "too_many_matches" and refused.value.detail == {"most": 2}
    assert len(await db.matches.match_ids(statuses=("lobby", "live"), guild_id=1)) == 2
    await open_lobby(service, guild_id=2)  # another server has its own count
    await service.cancel(first, 100)  # a closed lobby frees its place
    await open_lobby(service, host=102)


async def test_two_lobbies_opened_at_once_never_pass_the_cap_together(env: Any) -> None:
    db, service = env
    await service.settings.change(1, 100, max_matches=1)
    results = await asyncio.gather(
        open_lobby(service, host=100), open_lobby(service, host=101), return_exceptions=True
    )
    assert sorted(type(r).__name__ for r in results) == ["ServiceError", "int"]
    assert len(await db.matches.match_ids(statuses=("lobby", "live"), guild_id=1)) == 1


async def test_strong_seats_past_the_servers_cap_are_refused(env: Any) -> None:
    _, service = env
    await service.settings.change(1, 100, max_strong_seats=2)
    one, two = await open_lobby(service), await open_lobby(service, host=101)
    await service.add_ai(one, 100, "strong")
    await service.add_ai(two, 101, "strong")  # the cap counts every open match of the server
    with pytest.raises(ServiceError) as refused:
        await service.add_ai(one, 100, "strong")
    assert refused.value.code == "too_many_strong" and refused.value.detail == {"most": 2}
    assert [s.ai_level for s in (await service.get(one)).seats] == [None, "strong"]
    await service.add_ai(one, 100, "heuristic")  # other levels are not capped
    await service.cancel(two, 101)
    await service.add_ai(one, 100, "strong")


async def test_a_seat_handed_to_the_ai_at_the_cap_plays_the_heuristic(env: Any) -> None:
    _, service = env
    await service.settings.change(1, 100, afk_ai_level="strong", max_strong_seats=0)
    match_id = await open_lobby(service)
    await service.join(match_id, 101, "Bob")
    await service.add_ai(match_id, 100, "random")
    await service.start_match(match_id, 100)
    update = await service.seat_to_ai(match_id, 101)
    assert [s.ai_level for s in update.match.seats] == [None, "heuristic", "random"]


async def test_caps_out_of_bounds_are_refused_and_the_rest_stored(env: Any) -> None:
    db, service = env
    for field, bad in (("max_matches", 0), ("max_matches", 501), ("max_strong_seats", -1)):
        with pytest.raises(SettingsRefused) as err:
            await service.settings.change(1, 100, **{field: bad})
        assert err.value.field == field
    await service.settings.change(1, 100, max_matches=7, max_strong_seats=0)
    assert await db.settings.load(1) == {"max_matches": 7, "max_strong_seats": 0}
