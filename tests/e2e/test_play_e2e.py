"""End to end through SimCord: starting, playing through the buttons, conceding, private hands
(DM with the ephemeral fallback for error 50007) and stale buttons."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.words import error_texts, lobby_texts, play_texts
from tests.e2e.conftest import World, build_bot
from tests.e2e.helpers import action_ids, concede, embed_text, hand_dm, labels, message_in, note_of

DM_CLOSED = 50007


async def start_match(world: World, *players: simcord.MemberActor) -> tuple[int, int]:
    """Alice opens a lobby, ``players`` join, Alice starts. Returns (match id, table id)."""
    result = await world.alice.slash(world.channel, "match new", game="tiny")
    assert result.response is not None
    table_id = result.response.id
    for player in players:
        await player.click(message_in(world.channel, table_id), label="Join")
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    assert match.status == "live"
    return match.id, table_id


def dm_posts(world: World, member: simcord.MemberActor) -> int:
    """How many times the bot tried to post in ``member``'s DM channel."""
    path = f"/channels/{member.user.dm_channel.id}/messages"
    return sum(1 for r in world.env.http_requests if r.method == "POST" and r.path == path)


def last_dm(member: simcord.MemberActor) -> discord.Message:
    """The hand in ``member``'s DMs (the pings beside it carry no hand)."""
    return hand_dm(member)


async def test_three_players_start_and_concede_until_the_match_is_finished(world: World) -> None:
    match_id, table_id = await start_match(world, world.bob, world.carol)
    table = message_in(world.channel, table_id)
    assert labels(table) == [lobby_texts.BUTTON_HAND]  # nothing from a hand sits on the table
    assert "Pile: 0 of 21" in embed_text(table)

    result = await concede(world.bob, world.channel)
    assert result.response is not None and result.response.ephemeral
    assert (await world.bot.service.get(match_id)).status == "live"  # two players remain
    await concede(world.carol, world.channel)

    match = await world.bot.service.get(match_id)
    assert match.status == "finished"
    assert match.outcome is not None and match.outcome.winners == (0,)
    log = await world.bot.service.action_log(match_id)
    assert [(a.seat, a.kind) for a in log] == [(1, "concede"), (2, "concede")]
    table = message_in(world.channel, table_id)
    assert play_texts.TABLE_FINISHED.format(names="Alice") in embed_text(table)
    assert labels(table) == []  # a finished table has no buttons left


async def test_playing_the_tiny_game_to_a_winner_through_the_buttons(world: World) -> None:
    match_id, table_id = await start_match(world, world.bob)
    players = {0: world.alice, 1: world.bob}
    for _ in range(40):
        match = await world.bot.service.get(match_id)
        if match.status != "live":
            break
        _, view, _ = await world.bot.service.view(match_id, None)
        player = players[view.to_json()["turn"]]
        hand = await player.click(
            message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
        )
        assert hand.ephemeral and hand.response is not None
        [first, *_] = action_ids(hand.response)
        await player.click(hand.response, custom_id=first)
    match = await world.bot.service.get(match_id)
    assert match.status == "finished" and match.outcome is not None
    [winner] = match.outcome.winners
    name = ("Alice", "Bob")[winner]
    assert play_texts.TABLE_FINISHED.format(names=name) in embed_text(
        message_in(world.channel, table_id)
    )


async def test_a_click_from_someone_not_seated_is_refused_privately(world: World) -> None:
    _, table_id = await start_match(world, world.bob)
    result = await world.dave.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    # A spectator may look (the table, privately) but never touch: no hand, no buttons.
    assert result.ephemeral and result.response is not None
    assert note_of(result.response) == play_texts.SPECTATOR_NOTE
    assert "Pile: 0 of 21" in embed_text(result.response) and not labels(result.response)
    assert "Your cards" not in embed_text(result.response)
    result = await world.dave.slash(world.channel, "match hand")
    assert result.ephemeral and result.response is not None
    assert result.response.content == error_texts.NO_MATCH_HERE


async def test_hands_arrive_by_dm_and_a_turn_is_a_ping(world: World) -> None:
    match_id, table_id = await start_match(world, world.bob)
    await world.env.settle()
    assert dm_posts(world, world.alice) == 1 and dm_posts(world, world.bob) == 1
    bob_hand = last_dm(world.bob)
    assert "Your cards:" in embed_text(bob_hand) and not action_ids(bob_hand)
    # Alice plays through "My hand" instead (her hand moves to the channel).
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])
    await world.env.settle()
    # Bob's turn: a ping, not a second hand; his hand DM was redrawn with his moves.
    assert dm_posts(world, world.bob) == 2
    assert last_dm(world.bob).id == bob_hand.id
    last = world.bob.user.dm_channel.last_message
    assert last is not None and (last.content or "").startswith("Match #")
    before = await world.bot.service.get(match_id)
    bob_dm = last_dm(world.bob)
    await world.bob.user.click(bob_dm, custom_id=action_ids(bob_dm)[0])
    assert (await world.bot.service.get(match_id)).version > before.version


async def test_a_dm_refused_with_50007_falls_back_to_the_ephemeral_hand(world: World) -> None:
    closed = world.carol.user.dm_channel
    world.env.inject_error(
        "POST",
        f"/channels/{closed.id}/messages",
        status=403,
        code=DM_CLOSED,
        message="Cannot send messages to this user",
        times=None,
    )
    match_id, table_id = await start_match(world, world.bob, world.carol)
    match = await world.bot.service.get(match_id)
    carol = match.seats[match.seat_of(world.carol.id) or 0]
    assert carol.dm_closed  # remembered in the database for this match
    table = message_in(world.channel, table_id)
    assert play_texts.TABLE_DM_CLOSED.format(name="Carol") in embed_text(table)
    hand = await world.carol.click(table, label=lobby_texts.BUTTON_HAND)
    assert hand.ephemeral and hand.response is not None
    assert "Your cards:" in embed_text(hand.response)
    attempts = dm_posts(world, world.carol)
    assert attempts == 1
    # Play round the table until it is Carol's move: she is not DMed again this match.
    players = {0: world.alice, 1: world.bob, 2: world.carol}
    for _ in range(3):
        _, view, _ = await world.bot.service.view(match_id, None)
        player = players[view.to_json()["turn"]]
        hand = await player.click(
            message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
        )
        assert hand.response is not None
        await player.click(hand.response, custom_id=action_ids(hand.response)[0])
    assert dm_posts(world, world.carol) == attempts


async def test_status_and_hand_answer_privately(world: World) -> None:
    await start_match(world, world.bob)
    status = await world.bob.slash(world.channel, "match status")
    assert status.ephemeral and status.response is not None
    assert play_texts.TABLE_WAITING_FOR.format(names="Alice") in embed_text(status.response)
    assert "Your cards" not in embed_text(status.response)
    hand = await world.alice.slash(world.channel, "match hand")
    assert hand.ephemeral and hand.response is not None
    assert "Your cards:" in embed_text(hand.response) and action_ids(hand.response)
    spectator = await world.dave.slash(world.channel, "match status")
    assert spectator.ephemeral and spectator.response is not None  # anyone may look


async def test_a_restart_mid_match_keeps_the_table_and_dm_buttons_working(world: World) -> None:
    match_id, table_id = await start_match(world, world.bob)
    alice_dm = last_dm(world.alice)
    old = world.bot
    await world.redeploy(build_bot(old.settings))
    await world.alice.user.click(alice_dm, custom_id=action_ids(alice_dm)[0])
    match = await world.bot.service.get(match_id)
    assert match.version > 0 and match.status == "live"
    _, view, _ = await world.bot.service.view(match_id, None)
    assert view.to_json()["turn"] == 1
    table = message_in(world.channel, table_id)
    assert play_texts.TABLE_WAITING_FOR.format(names="Bob") in embed_text(table)
    hand = await world.bob.click(table, label=lobby_texts.BUTTON_HAND)
    assert hand.response is not None and action_ids(hand.response)


async def test_a_doubled_click_moves_once(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    # The same move pressed twice, on two hands drawn at the same moment: possible when the
    # older hand could not be retired (its interaction token had died; here at once).
    monkeypatch.setattr("bot.delivery.hand_messages.TOKEN_LIFE", 0.0)
    match_id, table_id = await start_match(world, world.bob)
    hands = [
        await world.alice.click(message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND)
        for _ in range(2)
    ]
    older, newer = (h.response for h in hands)
    assert older is not None and newer is not None
    move = action_ids(older)[0]
    assert move in action_ids(newer)
    first = await world.alice.click(older, custom_id=move)
    assert not first.followups
    version = (await world.bot.service.get(match_id)).version
    again = await world.alice.click(newer, custom_id=move)
    assert not again.followups  # answered in that same message: the table moved on
    shown = next(m for m in world.channel.history(viewer=world.alice) if m.id == newer.id)
    assert play_texts.STALE in note_of(shown)
    assert (await world.bot.service.get(match_id)).version == version
    assert len(await world.bot.service.action_log(match_id)) == 1


async def test_a_table_edit_lost_in_a_crash_is_redrawn_at_the_first_click(world: World) -> None:
    match_id, table_id = await start_match(world, world.bob)
    world.bot.get_cog("Play").publisher.active = False  # type: ignore[union-attr]
    _, _, actions = await world.bot.service.view(match_id, world.alice.id)
    version = (await world.bot.service.get(match_id)).version
    moved = await world.bot.service.act(match_id, world.alice.id, actions[0].key, version)
    await world.env.settle()
    table = message_in(world.channel, table_id)
    assert play_texts.TABLE_WAITING_FOR.format(names="Alice") in embed_text(table)  # stale
    old = world.bot
    await world.redeploy(build_bot(old.settings))
    await world.dave.click(message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND)
    table = message_in(world.channel, table_id)
    assert play_texts.TABLE_WAITING_FOR.format(names="Bob") in embed_text(table)
    assert play_texts.TABLE_VERSION.format(version=moved.match.version) in embed_text(table)


async def test_a_deleted_table_is_posted_again(world: World) -> None:
    match_id, table_id = await start_match(world, world.bob)
    # Deleted: an edit fails by its ids and through an interaction's token alike.
    for path in (f"/channels/{world.channel.id}/messages/{table_id}", f"/webhooks/*/{table_id}"):
        world.env.inject_error(
            "PATCH", path, status=404, code=10008, message="Unknown Message", times=None
        )
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])
    match = await world.bot.service.get(match_id)
    assert match.message_id is not None and match.message_id != table_id
    table = message_in(world.channel, match.message_id)
    assert play_texts.TABLE_WAITING_FOR.format(names="Bob") in embed_text(table)
    assert labels(table) == [lobby_texts.BUTTON_HAND]
