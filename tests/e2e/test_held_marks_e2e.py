"""A crash while delivery marks are held (issue 29.5, docs/reliability.md "Delivery marks held
for the next write"): the table drawn and the hand sent after a move are held for the match's
next write, so a crash before it loses them. The restart then takes the table for behind and
the hand for lost, and redraws both: the same table message edited and the same hand DM, no
second one and nothing lost. A graceful stop writes them (``MatchService.close``)."""

from __future__ import annotations

from bot.words import play_texts
from tests.e2e.conftest import World, build_bot
from tests.e2e.helpers import action_ids, embed_text, is_hand, message_in
from tests.e2e.test_play_e2e import dm_posts, last_dm, start_match


async def test_marks_lost_in_a_crash_cost_a_redraw_and_nothing_more(world: World) -> None:
    match_id, table_id = await start_match(world, world.bob)
    # Three moves: Alice, Bob, Alice. The first two ping the next player (a new DM, whose
    # row is written at once); the third pings nobody (a ping a minute at most), so all it
    # delivered, the table and Bob's hand redrawn, is held.
    for player in (world.alice, world.bob, world.alice):
        await player.user.click(last_dm(player), custom_id=action_ids(last_dm(player))[0])
        await world.env.settle()
    old = world.bot
    moved = await old.service.get(match_id)
    held = old.service.held
    assert held.knows(match_id)  # the table drawn and Bob's hand sent, not written yet
    held.take()  # the crash: what was held never reaches the database
    assert await old.service.repo.table_version(match_id) != moved.version
    log = await old.service.action_log(match_id)
    channel_posts = len(world.channel.history())
    bob_dm = last_dm(world.bob)
    edits_before = _edits(world, table_id)
    await world.redeploy(build_bot(old.settings))
    await world.env.settle()
    service = world.bot.service
    assert await service.action_log(match_id) == log  # nothing lost: marks are no move
    # The restart's catch-up redrew the table (its mark was lost) and Bob's hand, in place.
    assert _edits(world, table_id) > edits_before
    assert len(world.channel.history()) == channel_posts  # no table posted again
    table = message_in(world.channel, table_id)
    assert play_texts.TABLE_VERSION.format(version=moved.version) in embed_text(table)
    hands = [m for m in world.bob.user.dm_channel.history() if is_hand(m)]
    assert [m.id for m in hands] == [bob_dm.id]  # the same hand DM, no second one
    assert action_ids(hands[0])  # Bob's turn, drawn as it stands
    # Now written: a second restart redraws nothing and sends nothing.
    await service.held.write_now()
    dms, edits = dm_posts(world, world.bob), _edits(world, table_id)
    again = world.bot
    await world.redeploy(build_bot(again.settings))
    await world.env.settle()
    assert (dm_posts(world, world.bob), _edits(world, table_id)) == (dms, edits)


def _edits(world: World, table_id: int) -> int:
    return sum(
        1
        for r in world.env.http_requests
        if r.method == "PATCH" and r.path.endswith(f"/messages/{table_id}")
    )
