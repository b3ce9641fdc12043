"""The playground's deadlines read right (issue 18, item 7): SimCord's preview shows Discord's
relative timestamps against its own simulated clock, so the playground's bot sets deadlines by
that clock; by the system clock they read "in 47 weeks"."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from bot.config import Settings
from tests.e2e.conftest import World
from tests.e2e.helpers import embed_text

if TYPE_CHECKING:
    from bot.client import Backstab

TIMESTAMP = re.compile(r"<t:(\d+):R>")


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    from bot.client import create_bot
    from bot.playground import simulated_clock

    return create_bot(settings, games=[tiny_game], clock=simulated_clock)


async def test_a_lobby_deadline_is_set_by_the_simulated_clock(
    world: World, settings: Settings
) -> None:
    result = await world.alice.slash(world.channel, "match new", game="tiny")
    assert result.response is not None
    found = TIMESTAMP.search(embed_text(result.response))
    assert found is not None, embed_text(result.response)
    expected = world.env.now().timestamp() + settings.lobby_idle_seconds
    assert abs(int(found.group(1)) - expected) < 60  # not the system clock's "in 47 weeks"
