"""The bot keeps no message cache (``max_messages=None``): it reads no cached message, and
discord.py scanned the cache (1,000 messages) on the event loop for every message edit the
gateway echoed back, each table edit among them."""

from __future__ import annotations

from bot.words import lobby_texts
from tests.e2e.conftest import World
from tests.e2e.helpers import action_ids, message_in
from tests.e2e.test_play_e2e import start_match


async def test_a_match_played_leaves_no_message_in_the_client_s_cache(world: World) -> None:
    _, table_id = await start_match(world, world.bob)
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])
    await world.env.settle()
    assert list(world.bot.cached_messages) == []
