"""One live hand per player and match (issue 18), end to end through SimCord: the hand DM is
edited in place as the match moves and being asked to decide is a short DM ping; "My hand"
moves the live hand into the channel (the DM hand is retired) and stays live there, so the
next move needs no "My hand"; a press on an old hand re-shows the live hand in that message;
after a restart the same messages are edited again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.config import Settings
from bot.render import parse_custom_id
from bot.words import lobby_texts, play_texts
from tests.e2e.conftest import World, build_bot
from tests.e2e.helpers import action_ids, buttons, components, embed_text, message_in, note_of
from tests.e2e.test_play_e2e import dm_posts, start_match

EPHEMERAL = 1 << 6


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    # Turns of an hour: a test that lets 15 minutes pass sees no move made by the clock.
    return Settings(
        database=tmp_path / "backstab.sqlite3",
        playground_port=0,
        settle_heap=False,
        turn_seconds=3600,
    )


def hands_of(world: World, member: simcord.MemberActor, match_id: int) -> list[Any]:
    """The bot's messages only ``member`` sees (DM or ephemeral) carrying a control of the
    match, oldest first, as SimCord stores them."""
    backend = world.env.backend
    dm = backend.dm_channels.get(member.id)
    found = []
    for channel_id in (world.channel.id, *([dm] if dm is not None else [])):
        for message in backend.messages.get(channel_id, {}).values():
            private = channel_id == dm or (
                bool(message.flags & EPHEMERAL) and message.visible_to(member.id)
            )
            if message.author_id != backend.bot_user.id or not private:
                continue
            ids = [parse_custom_id(b.get("custom_id", "")) for b in _controls(message)]
            if any(p is not None and p.match_id == match_id for p in ids):
                found.append(message)
    return sorted(found, key=lambda m: m.id)


def _controls(message: Any) -> list[dict[str, Any]]:
    return [c for c in components(message) if c.get("type") in (2, 3)]


def hand_ids(world: World, member: simcord.MemberActor) -> list[int]:
    """Every hand message ``member`` sees (DM or ephemeral), live controls or not."""
    seen = [*member.user.dm_channel.history(), *world.channel.history(viewer=member)]
    return sorted(
        m.id
        for m in seen
        if m.flags.ephemeral or m.guild is None
        if embed_text(m).startswith("### Your hand") or "\n### Your hand" in embed_text(m)
    )


def live_hands(world: World, member: simcord.MemberActor, match_id: int) -> list[Any]:
    """The hand messages with an enabled control, as ``member`` sees them (to click)."""
    live = {
        m.id
        for m in hands_of(world, member, match_id)
        if any(not c.get("disabled") for c in _controls(m))
    }
    seen = [*member.user.dm_channel.history(), *world.channel.history(viewer=member)]
    return sorted((m for m in seen if m.id in live), key=lambda m: m.id)


def ephemeral(world: World, member: simcord.MemberActor, message_id: int) -> Any:
    """An ephemeral answer as ``member`` sees it in the channel."""
    return next(m for m in world.channel.history(viewer=member) if m.id == message_id)


def link_of(message: Any) -> str:
    """The address of a ping's one link button (issue 27.3: no raw address in its text)."""
    [url] = [b.get("url") or "" for b in buttons(message) if b.get("url")]
    assert "https://" not in (message.content or "")
    return str(url)


def dm_texts(member: simcord.MemberActor) -> list[str]:
    return [m.content or "" for m in member.user.dm_channel.history()]


async def turn_of(world: World, match_id: int) -> int:
    _, view, _ = await world.bot.service.view(match_id, None)
    return int(view.to_json()["turn"])


async def test_the_dm_hand_is_one_message_edited_in_place_and_the_turn_is_a_ping(
    world: World,
) -> None:
    match_id, _ = await start_match(world, world.bob)
    await world.env.settle()
    players = {0: world.alice, 1: world.bob}
    [alice_hand] = hand_ids(world, world.alice)
    [bob_hand] = hand_ids(world, world.bob)
    for _ in range(4):
        player = players[await turn_of(world, match_id)]
        [hand] = live_hands(world, player, match_id)
        await player.user.click(hand, custom_id=action_ids(hand)[0])
        await world.env.settle()
        for member in (world.alice, world.bob):
            assert len(live_hands(world, member, match_id)) <= 1
    # Still the very first messages, edited in place: four moves sent no new hand.
    assert hand_ids(world, world.alice) == [alice_hand]
    assert hand_ids(world, world.bob) == [bob_hand]
    version = (await world.bot.service.get(match_id)).version
    [fresh] = live_hands(world, world.alice, match_id)
    assert all(parse_custom_id(i).version == version for i in action_ids(fresh))  # type: ignore[union-attr]
    # Asked to decide: one short ping with a link to the hand, never a second hand; the
    # previous ping is gone, so the DMs hold the hand and the last ping.
    pings = [m for m in world.bob.user.dm_channel.history() if m.content.startswith("Match #")]
    assert len(pings) == 1 and f"/{bob_hand}" in link_of(pings[0])
    assert len(world.bob.user.dm_channel.history()) == 2


async def test_my_hand_moves_the_live_hand_into_the_channel_and_retires_the_old_ones(
    world: World,
) -> None:
    match_id, table_id = await start_match(world, world.bob)
    await world.env.settle()
    [dm_hand] = live_hands(world, world.alice, match_id)
    opened = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert opened.response is not None and opened.ephemeral
    # The DM hand is retired: one live hand, in the channel.
    assert [m.id for m in live_hands(world, world.alice, match_id)] == [opened.response.id]
    assert dm_hand.id not in {m.id for m in world.alice.user.dm_channel.history()}
    hand_id = opened.response.id
    players = {0: world.alice, 1: world.bob}
    for _ in range(4):
        seat = await turn_of(world, match_id)
        if seat == 0:
            # Alice plays from the hand she already has: it was redrawn as the match moved.
            hand = ephemeral(world, world.alice, hand_id)
            await world.alice.click(hand, custom_id=action_ids(hand)[0])
        else:
            [bob_hand] = live_hands(world, world.bob, match_id)
            await world.bob.user.click(bob_hand, custom_id=action_ids(bob_hand)[0])
        await world.env.settle()
        # Her one hand message, live while she has a move (none while Bob decides).
        assert hand_ids(world, world.alice) == [hand_id]
    # Her ping links the table, where her hand is (an ephemeral message has no link).
    pings = [m for m in world.alice.user.dm_channel.history() if m.content.startswith("Match #")]
    assert len(pings) == 1 and f"/{table_id}" in link_of(pings[0])
    # My hand again: a new live hand; the previous one is deleted.
    again = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert again.response is not None
    assert [m.id for m in live_hands(world, world.alice, match_id)] == [again.response.id]
    assert hand_id not in {m.id for m in world.channel.history(viewer=world.alice)}
    del players


async def test_a_press_on_an_old_hand_re_shows_the_live_hand_in_that_message(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tokens that die at once: the bot can neither redraw nor retire an ephemeral hand, as
    # 15 minutes after it was shown.
    monkeypatch.setattr("bot.delivery.hand_messages.TOKEN_LIFE", 0.0)
    match_id, table_id = await start_match(world, world.bob)
    await world.env.settle()
    old = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert old.response is not None
    stale_id = action_ids(old.response)[0]
    # Alice opens a second hand and moves from it: the first could not be retired.
    second = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert second.response is not None
    await world.alice.click(second.response, custom_id=action_ids(second.response)[0])
    await world.env.settle()
    before = await world.bot.service.get(match_id)
    # The first hand still shows its old buttons; pressing one moves nothing and redraws
    # that same message with the hand as it stands.
    result = await world.alice.click(
        ephemeral(world, world.alice, old.response.id), custom_id=stale_id
    )
    assert result.followups == []
    assert (await world.bot.service.get(match_id)).version == before.version  # nothing moved
    redrawn = ephemeral(world, world.alice, old.response.id)
    assert play_texts.STALE in note_of(redrawn)
    assert "Your cards:" in embed_text(redrawn)
    ids = action_ids(redrawn)
    assert all(parse_custom_id(i).version == before.version for i in ids)  # type: ignore[union-attr]


async def test_after_a_restart_the_same_live_hands_are_edited(world: World) -> None:
    match_id, table_id = await start_match(world, world.bob)
    await world.env.settle()
    opened = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert opened.response is not None
    [bob_hand] = hand_ids(world, world.bob)
    old = world.bot
    await world.redeploy(build_bot(old.settings))
    await world.env.settle()
    posts = dm_posts(world, world.bob)
    # Alice plays from her channel hand: the new process finds both live hands again.
    hand = ephemeral(world, world.alice, opened.response.id)
    await world.alice.click(hand, custom_id=action_ids(hand)[0])
    await world.env.settle()
    version = (await world.bot.service.get(match_id)).version
    [bob_now] = live_hands(world, world.bob, match_id)
    assert bob_now.id == bob_hand  # his DM hand edited in place, not sent again
    assert all(parse_custom_id(i).version == version for i in action_ids(bob_now))  # type: ignore[union-attr]
    assert dm_posts(world, world.bob) == posts + 1  # the ping only
    assert hand_ids(world, world.alice) == [opened.response.id]
    # Bob moves; Alice's channel hand is redrawn through its stored token.
    await world.bob.user.click(bob_now, custom_id=action_ids(bob_now)[0])
    await world.env.settle()
    version = (await world.bot.service.get(match_id)).version
    alice_hand = ephemeral(world, world.alice, opened.response.id)
    assert all(parse_custom_id(i).version == version for i in action_ids(alice_hand))  # type: ignore[union-attr]
    assert buttons(alice_hand)


async def test_without_dms_the_turn_is_one_mention_in_the_channel(world: World) -> None:
    await world.bot.service.settings.change(
        world.guild.id, world.alice.id, hand_delivery="ephemeral"
    )
    match_id, table_id = await start_match(world, world.bob)
    await world.env.settle()
    assert dm_posts(world, world.alice) == dm_posts(world, world.bob) == 0
    players = {0: world.alice, 1: world.bob}
    for _ in range(3):
        player = players[await turn_of(world, match_id)]
        opened = await player.click(
            message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
        )
        assert opened.response is not None
        await player.click(opened.response, custom_id=action_ids(opened.response)[0])
        await world.env.settle()
    waiting = players[await turn_of(world, match_id)]
    mentions = [m for m in world.channel.history() if f"<@{waiting.id}>" in (m.content or "")]
    # One mention of whoever the match waits on; the earlier ones were deleted.
    everyone = [m for m in world.channel.history() if "waits on you" in (m.content or "")]
    assert len(mentions) == 1 and everyone == mentions
    assert f"#{match_id}" in mentions[0].content


async def test_a_hand_that_cannot_be_edited_comes_back_as_a_new_hand_dm(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, table_id = await start_match(world, world.bob)
    await world.env.settle()
    [bob_hand] = hand_ids(world, world.bob)
    # Bob deletes his hand DM: the bot can no longer edit it.
    world.env.backend.delete_message(world.bob.user.dm_channel.id, bob_hand)
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    # Alice's channel hand stops being editable too (its token dies, here at once).
    monkeypatch.setattr("bot.delivery.hand_messages.TOKEN_LIFE", 0.0)
    await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])
    await world.env.settle()
    # Bob's turn: his hand comes back as a new DM (the notification itself), with his moves.
    [again] = hand_ids(world, world.bob)
    assert again != bob_hand
    version = (await world.bot.service.get(match_id)).version
    [live] = live_hands(world, world.bob, match_id)
    assert live.id == again
    assert all(parse_custom_id(i).version == version for i in action_ids(live))  # type: ignore[union-attr]
    await world.bob.user.click(live, custom_id=action_ids(live)[0])
    await world.env.settle()
    # Alice's turn: her channel hand cannot be redrawn, so she too gets a new hand DM.
    assert any(m.guild is None for m in live_hands(world, world.alice, match_id))


async def test_an_ephemeral_hand_is_closed_before_its_token_dies(world: World) -> None:
    match_id, table_id = await start_match(world, world.bob)
    await world.env.settle()
    opened = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert opened.response is not None and action_ids(opened.response)
    # Discord lets the bot edit it for 15 minutes: a minute before, its controls go.
    await world.env.advance_time(15 * 60)
    closed = ephemeral(world, world.alice, opened.response.id)
    assert play_texts.HAND_CLOSED in embed_text(closed)
    assert not [c for c in _controls(closed) if not c.get("disabled")]
    assert not [m for m in live_hands(world, world.alice, match_id) if m.guild is not None]
