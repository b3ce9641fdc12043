"""Hands lost in a crash are dealt again after the restart (``seats.hand_sent``): a seat whose
turn began while its DM never went out gets a fresh hand once the bot is back; a restart that
lost nothing sends nothing."""

from __future__ import annotations

from tests.e2e.conftest import World, build_bot
from tests.e2e.helpers import action_ids, embed_text
from tests.e2e.test_play_e2e import dm_posts, last_dm, start_match
from tests.support.inspect_db import InspectDb


async def restart(world: World) -> None:
    old = world.bot
    await world.redeploy(build_bot(old.settings))
    await world.env.settle()


async def test_a_restart_that_lost_nothing_sends_no_hand(world: World) -> None:
    await start_match(world, world.bob)
    await world.env.settle()
    before = dm_posts(world, world.alice), dm_posts(world, world.bob)
    assert before == (1, 1)
    await restart(world)
    assert (dm_posts(world, world.alice), dm_posts(world, world.bob)) == before


async def test_a_hand_lost_in_a_crash_is_sent_after_the_restart(world: World) -> None:
    match_id, _ = await start_match(world, world.bob)
    await world.env.settle()
    # Alice moves, and the process dies after the move is stored but before anything reaches
    # Discord: the publisher is gone, so Bob's new turn never gets its DM.
    world.bot.get_cog("Play").publisher.close()  # type: ignore[union-attr]
    service = world.bot.service
    match = await service.get(match_id)
    _, _, actions = await service.view(match_id, world.alice.id)
    update = await service.act(match_id, world.alice.id, actions[0].key, match.version)
    assert update.match.seats[min(update.deciders)].user_id == world.bob.id
    assert dm_posts(world, world.bob) == 1

    await restart(world)
    assert dm_posts(world, world.bob) == 2, "Bob's lost hand is dealt again"
    assert dm_posts(world, world.alice) == 1, "Alice is not deciding and got hers"
    fresh = last_dm(world.bob)
    assert "Your cards:" in embed_text(fresh)
    await world.bob.user.click(fresh, custom_id=action_ids(fresh)[0])
    assert (await world.bot.service.get(match_id)).version > update.match.version


async def test_a_hand_dm_redrawn_by_its_own_click_counts_as_delivered(world: World) -> None:
    match_id, _ = await start_match(world, world.bob)
    await world.env.settle()
    alice_dm = last_dm(world.alice)
    await world.alice.user.click(alice_dm, custom_id=action_ids(alice_dm)[0])
    await world.env.settle()
    match = await world.bot.service.get(match_id)
    raw = InspectDb(world.bot.settings.database)
    [(sent,)] = raw.rows(
        "SELECT hand_sent FROM seats WHERE match_id = ? AND user_id = ?",
        (match_id, world.alice.id),
    )
    assert sent == match.version  # the redrawn DM shows the hand as it now stands


async def test_after_a_restart_my_hand_shows_the_awaited_player_s_clock(world: World) -> None:
    # issue 30.8: nothing is published after a restart until the match moves, and the hand
    # answered from the last published update showed no "Time runs out" line.
    match_id, _ = await start_match(world, world.bob)
    await world.env.settle()
    match = await world.bot.service.get(match_id)
    waiting = {s.user_id for s in match.seats if s.seat in world.bot.service.deciders(match_id)}
    await restart(world)
    for member in (world.alice, world.bob):
        result = await member.slash(world.channel, "match hand")
        assert result.response is not None
        shown = embed_text(result.response)
        assert ("Time runs out" in shown) == (member.id in waiting), shown
