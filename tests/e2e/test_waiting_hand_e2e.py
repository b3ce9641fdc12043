"""A hand with nothing to do says whom the match waits for, in every game (docs/ux.md): a
duel's opening hand kept while the other player still chooses read "Not your move yet",
because the duel's view lists no deciders and the hands were drawn without the service's.
Found playing a duel at 400 px (2026-12-03)."""

from __future__ import annotations

import pytest

from bot.client import Backstab
from bot.config import Settings
from bot.words import play_texts
from tests.e2e.conftest import World
from tests.e2e.driver import choose_on, open_and_start
from tests.e2e.helpers import embed_text, message_in
from tests.e2e.test_games_e2e import start_games_bot


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    return await start_games_bot(settings, ["duel"])


async def test_a_kept_opening_hand_says_whom_it_waits_for(world: World) -> None:
    # 000 II (the opening: each player keeps their hand or draws a new one)
    match_id, table_id = await open_and_start(world, "duel", world.bob)
    opened = await world.alice.click(message_in(world.channel, table_id), label="My hand")
    assert opened.response is not None
    assert await choose_on(world.alice, opened.response, "keep", {"selects": 0, "pages": 0})
    await world.env.settle()
    service = world.bot.service
    assert service.deciders(match_id) == {1}  # Bob still chooses; Alice has nothing to do
    again = await world.alice.click(message_in(world.channel, table_id), label="My hand")
    assert again.response is not None
    text = embed_text(again.response)
    assert play_texts.HAND_WAITING_FOR.format(names="Bob") in text, text
    assert play_texts.HAND_NOT_YOUR_TURN not in text
