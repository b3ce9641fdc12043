"""The offline playground offers quest: the bot it builds hosts every registered game, and a
quest lobby opens there through ``/match new`` and starts with AI seats."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from bot.config import Settings
from bot.games.quest import words
from tests.e2e.conftest import World
from tests.e2e.helpers import embed_text, message_in

if TYPE_CHECKING:
    from bot.client import Backstab


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    from bot.client import create_bot
    from bot.playground import playground_settings, simulated_clock

    return create_bot(playground_settings(settings), clock=simulated_clock)


async def test_the_playground_offers_quest_and_starts_a_match(world: World) -> None:
    assert "quest" in world.bot.games
    result = await world.alice.slash(world.channel, "match new", game="quest")
    assert result.response is not None
    assert words.TITLE in embed_text(result.response)
    await world.alice.click(message_in(world.channel, result.response.id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    assert match.status == "live" and len(match.seats) == 2
    assert "Sunlit Gate" in embed_text(message_in(world.channel, result.response.id))  # legend
