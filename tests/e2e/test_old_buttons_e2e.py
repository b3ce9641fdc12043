"""Buttons drawn before lobby keys held a '-': an old lobby's Join / Add AI / Start still work,
and an old bare ``cancel`` (classic's action kind now) is answered in words, changing nothing
it should not."""

from __future__ import annotations

from bot.words import error_texts
from tests.e2e.conftest import World
from tests.e2e.helpers import message_in
from tests.fuzz.test_custom_ids import bot_message_with


async def test_old_lobby_buttons_still_join_and_start(world: World) -> None:
    result = await world.alice.slash(world.channel, "match new", game="tiny")
    assert result.response is not None
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    old_join = f"bs:{match.id}:{match.version}:join"
    message = await bot_message_with(world, old_join)
    await world.bob.click(message_in(world.channel, message.id), custom_id=old_join)
    joined = await world.bot.service.get(match.id)
    assert joined.seat_of(world.bob.id) is not None
    old_start = f"bs:{match.id}:{joined.version}:start"
    message = await bot_message_with(world, old_start)
    await world.alice.click(message_in(world.channel, message.id), custom_id=old_start)
    assert (await world.bot.service.get(match.id)).status == "live"


async def test_an_old_bare_cancel_is_answered_and_changes_nothing(world: World) -> None:
    result = await world.alice.slash(world.channel, "match new", game="tiny")
    assert result.response is not None
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    old_cancel = f"bs:{match.id}:{match.version}:cancel"
    message = await bot_message_with(world, old_cancel)
    clicked = await world.alice.click(message_in(world.channel, message.id), custom_id=old_cancel)
    assert clicked.acknowledged
    # The click's own message is only acknowledged; the answer is a private line in words.
    replies = [r for r in clicked.followups if r.id != message.id]
    assert [r.content for r in replies] == [error_texts.service_error("wrong_status")]
    assert all(r.ephemeral for r in replies)
    after = await world.bot.service.get(match.id)
    assert after.status == "lobby" and after.version == match.version
