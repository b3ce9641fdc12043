"""A restart while an AI seat is to move (issue 30.10): through the real bot, the AI answers
once the bot is back, and the person's next move lands on the state it left (it used to roll
back in memory, and every later move on the match was refused)."""

from __future__ import annotations

import json

from tests.e2e.conftest import World, build_bot
from tests.e2e.helpers import action_ids, message_in
from tests.e2e.test_play_e2e import last_dm
from tests.support.crash import dies_before_the_ai
from tests.support.inspect_db import InspectDb
from tests.support.snapshots import replayed_to
from tests.support.tinygame import TwentyOne


async def test_a_restart_while_the_ai_is_to_move_then_a_persons_move_lands(
    world: World,
) -> None:
    result = await world.alice.slash(world.channel, "match new", game="tiny")
    assert result.response is not None
    table_id = result.response.id
    await world.alice.click(message_in(world.channel, table_id), label="Add AI")
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    await world.env.settle()

    crash = dies_before_the_ai(world.bot.service.ledger)

    world.bot.service.ai.run = crash  # type: ignore[method-assign]
    hand = last_dm(world.alice)
    await world.alice.user.click(hand, custom_id=action_ids(hand)[0])
    await world.env.settle()
    raw = InspectDb(world.bot.settings.database)
    count = "SELECT COUNT(*) FROM actions WHERE match_id = ?"
    assert raw.value(count, (match.id,)) == 1, "the AI seat is to move"

    old = world.bot
    await world.redeploy(build_bot(old.settings))
    await world.bot.service.resumed()
    await world.env.settle()
    assert raw.value(count, (match.id,)) == 2, "the AI moved once the bot was back"

    before = await world.bot.service.get(match.id)
    hand = last_dm(world.alice)
    await world.alice.user.click(hand, custom_id=action_ids(hand)[0])
    await world.env.settle()
    after = await world.bot.service.get(match.id)
    assert after.version == before.version + 2, "Alice's move landed, and the AI answered"
    assert raw.value(count, (match.id,)) == 4
    record = await world.bot.service.record(match.id)
    [(done, state)] = raw.rows(
        "SELECT action_count, state_json FROM snapshots WHERE match_id = ?", (match.id,)
    )
    assert replayed_to(TwentyOne(), record, done) == json.loads(state)
