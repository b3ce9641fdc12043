"""Pings that matter (issue 27.3), through SimCord: a DM ping at the start of your turn, one
short line and a link button (no raw address); at most one a minute per player, by the
event loop's clock; ``/preferences pings:never`` stops them while the hand is still kept up to
date in place."""

from __future__ import annotations

from typing import Any

import simcord

from bot.words import play_texts, texts
from tests.e2e.conftest import World
from tests.e2e.helpers import action_ids, buttons, embed_text, hand_dm
from tests.e2e.test_live_hand_e2e import turn_of
from tests.e2e.test_play_e2e import dm_posts, start_match


def pings_of(member: simcord.MemberActor) -> list[Any]:
    return [m for m in member.user.dm_channel.history() if (m.content or "").startswith("Match #")]


async def _move(world: World, match_id: int) -> simcord.MemberActor:
    """Whoever's turn it is plays their first card from their hand DM; who played."""
    players = {0: world.alice, 1: world.bob}
    player = players[await turn_of(world, match_id)]
    hand = hand_dm(player)
    await player.user.click(hand, custom_id=action_ids(hand)[0])
    await world.env.settle()
    return player


async def test_a_turn_is_one_short_ping_with_a_link_button_at_most_one_a_minute(
    world: World,
) -> None:
    # issue 27.3
    match_id, _ = await start_match(world, world.bob)
    await world.env.settle()
    start = dm_posts(world, world.bob)
    assert await _move(world, match_id) is world.alice  # Bob's turn starts: a ping
    assert dm_posts(world, world.bob) == start + 1
    [ping] = pings_of(world.bob)
    first = ping.content.splitlines()[0]
    assert first.startswith(f"Match #{match_id} ") and first.endswith("waits on you.")
    assert "https://" not in ping.content and len(first) < 60
    [link] = [b for b in buttons(ping) if b.get("url")]
    assert link["label"] == play_texts.PING_OPEN_HAND and f"/{hand_dm(world.bob).id}" in link["url"]
    # Bob plays, Alice plays: Bob's turn again within the minute, no second ping; his hand
    # is redrawn in place all the same.
    await _move(world, match_id)
    await _move(world, match_id)
    assert await turn_of(world, match_id) == 1
    assert dm_posts(world, world.bob) == start + 1
    assert action_ids(hand_dm(world.bob))
    # A minute later his next turn pings again.
    await world.env.advance_time(61)
    await _move(world, match_id)
    await _move(world, match_id)
    assert dm_posts(world, world.bob) == start + 2


async def test_pings_never_sends_none_and_keeps_the_hand_current(world: World) -> None:
    # issue 27.3
    asked = await world.bob.slash(world.channel, "preferences", pings="never")
    assert asked.response is not None
    assert texts.PREFERENCES_PINGS["never"] in embed_text(asked.response)
    assert (await world.bot.service.players.get(world.bob.id)).pings == "never"
    match_id, _ = await start_match(world, world.bob)
    await world.env.settle()
    start = dm_posts(world, world.bob)
    for _ in range(3):
        await world.env.advance_time(61)
        await _move(world, match_id)
    assert dm_posts(world, world.bob) == start and not pings_of(world.bob)
    version = (await world.bot.service.get(match_id)).version
    assert all(f":{version}:" in i for i in action_ids(hand_dm(world.bob)))
