"""Through SimCord, what a player sees while the bot's PostgreSQL server is down (issue 28.6):
a click and a slash command are answered privately with the "try again" words (never "The
application did not respond", never a traceback), nothing changes, and once the server is back
the same click plays. The server is the test's own (``tests/support/pg_outage.py``)."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from bot.config import Settings
from bot.words import error_texts
from tests.e2e.conftest import World
from tests.e2e.helpers import action_ids
from tests.e2e.test_play_e2e import start_match
from tests.support.pg_outage import OwnServer, outage_server, own_postgres
from tests.support.postgres import InspectPg, with_schema

__all__ = ["outage_server", "own_postgres"]  # the fixtures, for pytest
TRY_AGAIN = error_texts.SERVICE_ERRORS["unavailable"]


@pytest.fixture
def settings(tmp_path: Path, outage_server: OwnServer) -> Settings:
    name = f"e_{secrets.token_hex(4)}"
    InspectPg(outage_server.url).execute(f"CREATE SCHEMA {name}")
    return Settings(
        database_url=with_schema(outage_server.url, name), playground_port=0, settle_heap=False
    )


async def test_a_click_and_a_command_during_an_outage_are_told_to_try_again(
    world: World, outage_server: OwnServer
) -> None:
    match_id, _ = await start_match(world, world.bob)
    hand = await world.alice.slash(world.channel, "match hand")
    assert hand.response is not None and action_ids(hand.response)
    before = await world.bot.service.get(match_id)

    outage_server.stop()
    click = await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])
    assert click.acknowledged
    answers = [m for m in (click.response, *click.followups) if m is not None and m.content]
    assert [m.content for m in answers] == [TRY_AGAIN] and answers[0].ephemeral
    status = await world.alice.slash(world.channel, "match status")
    assert status.ephemeral and status.response is not None
    assert status.response.content == TRY_AGAIN
    assert world.env.errors == []  # answered, not failed: no traceback reached discord.py

    outage_server.start()
    assert (await world.bot.service.get(match_id)).version == before.version  # nothing changed
    again = await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])
    assert again.acknowledged
    assert (await world.bot.service.get(match_id)).version > before.version
