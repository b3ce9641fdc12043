"""The whole bot on PostgreSQL (issue 28.1): ``BACKSTAB_DATABASE_URL=postgresql://...`` picks
the PostgreSQL backend, and a classic match is played to a winner through SimCord on it, with a
restart in the middle that loses and repeats nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import Backstab
from bot.config import Settings, load_settings
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start, play_to_the_end
from tests.e2e.test_games_e2e import games_bot, start_games_bot
from tests.e2e.test_restart_quiet_e2e import clicks
from tests.support.postgres import InspectPg


@pytest.fixture
def settings(tmp_path: Path, postgres_url: str) -> Settings:
    return load_settings(
        {"BACKSTAB_DATABASE_URL": postgres_url, "BACKSTAB_DB": str(tmp_path / "unused.sqlite3")}
    )


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


async def test_a_classic_match_is_played_to_a_winner_on_postgresql(
    world: World, postgres_url: str, tmp_path: Path
) -> None:  # issue 28.1
    assert world.bot.storage.location == postgres_url
    match_id, table_id = await open_and_start(world, "classic", world.bob, seats=3)
    humans = {0: world.alice, 1: world.bob}
    await play_to_the_end(world, match_id, table_id, humans, until=clicks(6))
    await world.env.settle()
    old = world.bot
    await world.redeploy(games_bot(old.settings))
    await world.env.settle()
    await play_to_the_end(world, match_id, table_id, humans)
    match = await world.bot.service.get(match_id)
    assert match.status == "finished" and match.outcome is not None
    stored = InspectPg(postgres_url)
    record = await world.bot.service.record(match_id)
    assert stored.value("SELECT count(*) FROM actions WHERE match_id = $1", (match_id,)) == len(
        record.actions
    )
    assert not list(tmp_path.glob("*.sqlite3"))  # nothing went to SQLite
