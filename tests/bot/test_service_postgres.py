"""The match service on PostgreSQL, where writers overlap (several connections at once), which
SQLite's one connection never shows."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.core.service import MatchService
from bot.storage import open_storage
from engine.games import load_game
from tests.bot.test_service import Clock


@pytest.fixture
async def service(postgres_url: str) -> AsyncIterator[MatchService]:
    storage = await open_storage(postgres_url)
    service = MatchService(storage, games=load_game, clock=Clock())
    await service.start()
    yield service
    await service.close()
    await storage.close()


async def _lobby(service: MatchService, host: int) -> int:
    match = await service.create(
        guild_id=1, channel_id=host, host_id=host, host_name=f"P{host}", game="classic"
    )
    await service.add_ai(match.id, host, "heuristic")
    await service.add_ai(match.id, host, "heuristic")
    return match.id


async def test_lobbies_started_at_once_on_a_new_card_set_all_start(
    service: MatchService,
) -> None:
    # The first start of a card set stores its definitions; a start overlapping it must not
    # take them as stored before that start commits (a foreign-key failure on PostgreSQL).
    lobbies = [await _lobby(service, host) for host in (100, 101, 102, 103)]
    await asyncio.gather(*(service.start_match(m, 100 + n) for n, m in enumerate(lobbies)))
    for match_id in lobbies:
        assert (await service.get(match_id)).status == "live"
