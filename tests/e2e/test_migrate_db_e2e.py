"""A live match moved mid-fight from SQLite to PostgreSQL plays on (issue 28.4): the bot plays
a classic match on SQLite into a fight, stops, ``migrate-db`` copies its database, and a bot
started on PostgreSQL brings the match back exactly as it was (same version, log, deadline,
no message re-sent or redrawn) and plays it through the buttons to a winner."""

from __future__ import annotations

import pytest

from bot.client import Backstab
from bot.config import Settings
from bot.storage import move_database
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start, play_to_the_end
from tests.e2e.helpers import embed_text, message_in
from tests.e2e.test_games_e2e import dm_posts, games_bot, in_a_fight, start_games_bot


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


async def test_a_live_match_moved_mid_fight_to_postgresql_plays_on(
    world: World, postgres_url: str
) -> None:  # issue 28.4
    match_id, table_id = await open_and_start(world, "classic", world.bob, seats=3)
    humans = {0: world.alice, 1: world.bob}
    await play_to_the_end(world, match_id, table_id, humans, until=in_a_fight)
    before = await world.bot.service.get(match_id)
    assert before.status == "live" and before.deadline_kind == "window"
    log = await world.bot.service.action_log(match_id)
    shown = embed_text(message_in(world.channel, table_id))
    dms = dm_posts(world, world.alice) + dm_posts(world, world.bob)
    old = world.bot
    sqlite_file = old.settings.sqlite_file
    assert sqlite_file is not None and old.storage.location == str(sqlite_file)
    await old.release()  # stop: nothing writes the SQLite file any more
    copied = await move_database(f"sqlite:///{sqlite_file}", postgres_url)
    assert {t.table: t.rows for t in copied}["actions"] == len(log)
    moved = old.settings.model_copy(update={"database_url": postgres_url})
    edits = len(world.env.http_requests)
    await world.env.restart_bot(games_bot(moved))
    await world.env.settle()
    assert world.bot.storage.location == postgres_url
    after = await world.bot.service.get(match_id)
    assert (after.status, after.version, after.deadline_kind) == ("live", before.version, "window")
    assert after.deadline_at is not None and before.deadline_at is not None
    assert after.deadline_at >= before.deadline_at
    assert await world.bot.service.action_log(match_id) == log
    assert dm_posts(world, world.alice) + dm_posts(world, world.bob) == dms
    assert not [r for r in world.env.http_requests[edits:] if r.method == "PATCH"]
    assert embed_text(message_in(world.channel, table_id)) == shown
    await play_to_the_end(world, match_id, table_id, humans)
    done = await world.bot.service.get(match_id)
    assert done.status == "finished" and done.outcome is not None
    assert len(await world.bot.service.action_log(match_id)) > len(log)
