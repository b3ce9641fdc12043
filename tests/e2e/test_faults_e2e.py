"""End to end through SimCord: the fault cases of issue 13 a player or moderator would meet
(item 8): every slash command is answered, buttons check the match's guild, a member who left
the server cannot play on, names cannot fake markdown or mentions."""

from __future__ import annotations

import sys
import threading

import discord
import pytest
import simcord

from bot.client import create_bot
from bot.delivery.components import build_view
from bot.games.duel import deck_words
from bot.words import error_texts
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.helpers import action_ids, answer_of, concede, embed_text, hand_dm, message_in
from tests.e2e.test_play_e2e import start_match


async def test_a_slash_command_that_fails_unexpectedly_is_answered_privately(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*_: object, **__: object) -> None:
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(world.bot.get_cog("Play"), "show_status", broken)
    result = await world.alice.slash(world.channel, "match status")
    # Never "The application did not respond", never a traceback in the reply.
    assert result.acknowledged and result.ephemeral
    assert result.response is not None and result.response.content == error_texts.GENERIC_ERROR
    assert "simulated bug" in caplog.text  # the traceback is in the log, for us
    [error] = world.env.errors  # (acknowledged: SimCord fails a test on unexpected ones)
    assert "simulated bug" in str(error)


async def test_a_failure_after_deferring_is_answered_in_a_followup(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    play = world.bot.get_cog("Play")

    async def defer_then_break(interaction: object, *_: object, **__: object) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # type: ignore[attr-defined]
        raise RuntimeError("simulated bug after the defer")

    monkeypatch.setattr(play, "concede", defer_then_break)
    result = await world.alice.slash(world.channel, "match concede")
    assert result.acknowledged
    # A deferred "thinking" reply is completed by the first follow-up.
    replies = [m for m in (result.response, *result.followups) if m is not None]
    assert [m.content for m in replies if m.content] == [error_texts.GENERIC_ERROR]
    assert result.ephemeral
    [error] = world.env.errors
    assert "after the defer" in str(error)


async def test_a_dm_refusal_other_than_50007_does_not_stop_the_later_hands(world: World) -> None:
    # 013 item 8: Alice (seat 0) is dealt first; a 403 with another code used to abort the
    # whole flush, so Bob and Carol never got their hands.
    refused = world.alice.user.dm_channel
    world.env.inject_error(
        "POST",
        f"/channels/{refused.id}/messages",
        status=403,
        code=50278,
        message="Cannot send messages to this user (no mutual guilds)",
        times=None,
    )
    match_id, _ = await start_match(world, world.bob, world.carol)
    for member in (world.bob, world.carol):
        assert member.user.dm_channel.last_message is not None, member.name
    match = await world.bot.service.get(match_id)
    assert not any(s.dm_closed for s in match.seats)  # only 50007 means "DMs closed"


async def test_a_start_refused_by_the_deck_check_keeps_no_ai_seat(world: World) -> None:
    # 013 item 8: the AI seats the start adds used to stay when a deck check refused it.
    duel = load_game("duel")
    warrior = duel.decks["warrior"]  # type: ignore[attr-defined]
    listing = "\n".join(
        [f"Hero: {duel.by_id[warrior.hero].name}"]  # type: ignore[attr-defined]
        + [f"{n}x {duel.by_id[card].name}" for card, n in warrior.cards.items()]  # type: ignore[attr-defined]
    )
    alice = world.alice
    await alice.slash(world.channel, "deck import", name="Mine", code=listing)
    await alice.slash(world.channel, "deck use", name="Mine")
    card = next(iter(warrior.cards))
    await alice.slash(world.channel, "deck remove", name="Mine", card=card, count=1)  # a draft
    old = world.bot
    await world.redeploy(create_bot(old.settings, games=["tiny", "duel"]))

    opened = await alice.slash(world.channel, "match new", game="duel")
    assert opened.response is not None
    [lobby] = await world.bot.service.matches_of_user(world.guild.id, alice.id)
    result = await alice.click(message_in(world.channel, opened.response.id), label="Start")
    [refusal] = result.followups
    assert refusal.ephemeral and refusal.content == error_texts.service_error(
        "deck_not_ready", {"player": "Alice", "deck": "Mine"}
    )
    after = await world.bot.service.get(lobby.id)
    assert after.status == "lobby"
    assert [s.name for s in after.seats] == ["Alice"]  # no AI seat was kept
    assert after.version == lobby.version


async def test_a_hostile_display_name_is_drawn_harmless(world: World) -> None:
    # 013 item 8: a fake header, a role mention, @everyone and a right-to-left override.
    guild = world.guild
    name = "# Staff \u202e<@&123456789012345678> @everyone **win**"
    mallory = guild.add_member(world.env.create_user("mallory", global_name=name))
    await world.env.settle()
    opened = await world.alice.slash(world.channel, "match new", game="tiny")
    assert opened.response is not None
    table_id = opened.response.id
    await mallory.click(message_in(world.channel, table_id), label="Join")
    shown = "\\# Staff <@\u200b&123456789012345678> @\u200beveryone \\*\\*win\\*\\*"
    for moment in ("lobby", "table"):
        text = embed_text(message_in(world.channel, table_id))
        assert shown in text, moment
        assert "\u202e" not in text and "@everyone" not in text and "<@&" not in text, moment
        if moment == "lobby":
            await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(guild.id, mallory.id)
    assert match.seats[1].name == name  # stored as written; only the drawing is cleaned
    # Every message the bot posted or edited asked Discord to ping nobody.
    sent = [
        r.json
        for r in world.env.http_requests
        if r.method in ("POST", "PATCH") and isinstance(r.json, dict)
    ]
    bodies = [body.get("data", body) for body in sent]
    posted = [b for b in bodies if isinstance(b, dict) and "embeds" in b]
    assert posted and all(b.get("allowed_mentions") == {"parse": []} for b in posted), posted


async def test_hand_and_concede_reach_either_of_two_matches_in_one_channel(world: World) -> None:
    # 013 item 8: /match hand and /match concede used to reach only the newest match.
    first, _ = await start_match(world, world.bob)
    opened = await world.alice.slash(world.channel, "match new", game="tiny")
    assert opened.response is not None
    await world.carol.click(message_in(world.channel, opened.response.id), label="Join")
    await world.alice.click(message_in(world.channel, opened.response.id), label="Start")
    second = max(
        m.id for m in await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    )
    choices = await world.alice.autocomplete(world.channel, "match hand", "match", "")
    assert sorted(c["value"] for c in choices) == [first, second]
    assert await world.bob.autocomplete(world.channel, "match concede", "match", "") == [
        {"name": c["name"], "value": c["value"]} for c in choices if c["value"] == first
    ]

    for match_id in (first, second):
        hand = await world.alice.slash(world.channel, "match hand", match=match_id)
        assert hand.ephemeral and hand.response is not None
        assert f"#{match_id}" in embed_text(hand.response)

    unsure = await world.alice.slash(world.channel, "match concede")
    assert unsure.ephemeral and unsure.response is not None
    assert unsure.response.content == error_texts.PICK_A_MATCH.format(
        matches=f"#{second}, #{first}"
    )
    assert (await world.bot.service.get(first)).status == "live"
    assert (await world.bot.service.get(second)).status == "live"

    stranger = await world.bob.slash(world.channel, "match hand", match=second)
    assert stranger.response is not None
    assert stranger.response.content == error_texts.NOT_YOUR_MATCH_HERE.format(match=second)

    await concede(world.alice, world.channel, match=first)  # the older one
    assert (await world.bot.service.get(first)).status == "finished"
    assert (await world.bot.service.get(second)).status == "live"


def moderator(world: World) -> simcord.MemberActor:
    guild = world.guild
    role = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(world.env.create_user("erin", global_name="Erin"), roles=[role])


async def test_a_lobby_button_from_another_server_or_a_dm_changes_nothing(world: World) -> None:
    # 013 item 8: lobby and My hand buttons check the match's guild. A copy of a lobby's
    # buttons on another server (or in a DM) must not reach the match.
    other = world.env.create_guild("Elsewhere")
    elsewhere = other.create_text_channel("games")
    bob = other.add_member(world.bob.user)
    await world.env.settle()
    opened = await world.alice.slash(world.channel, "match new", game="tiny")
    assert opened.response is not None
    [lobby] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    copy = world.bot.get_cog("Lobby").render(lobby)  # type: ignore[union-attr]
    view = build_view(copy)
    assert isinstance(view, discord.ui.View)  # a lobby is drawn with embeds, not a layout
    posted = await world.bot.get_channel(elsewhere.id).send(  # type: ignore[union-attr]
        embeds=list(copy.embeds), view=view
    )
    # Acknowledged before the guard reads the match (issue 29.3): refused in a follow-up.
    result = await bob.click(message_in(elsewhere, posted.id), label="Join")
    refused = answer_of(result)
    assert refused is not None and refused.ephemeral
    assert refused.content == error_texts.WRONG_SERVER
    dm = await (await world.bot.fetch_user(world.bob.id)).send(view=build_view(copy))
    result = await world.bob.user.click(message_in(world.bob.user.dm_channel, dm.id), label="Join")
    refused = answer_of(result)
    assert refused is not None and refused.content == error_texts.WRONG_SERVER
    after = await world.bot.service.get(lobby.id)
    assert [s.name for s in after.seats] == ["Alice"] and after.version == lobby.version
    # On its own server the same button works.
    await world.bob.click(message_in(world.channel, opened.response.id), label="Join")
    assert len((await world.bot.service.get(lobby.id)).seats) == 2


async def test_a_removed_member_cannot_play_and_a_moderator_gives_the_seat_to_the_ai(
    world: World,
) -> None:
    # 013 item 8: a member kicked or banned kept playing through the DM's buttons.
    match_id, _ = await start_match(world, world.bob)
    hand = await world.alice.slash(world.channel, "match hand")
    assert hand.response is not None
    await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])
    bob_hand = hand_dm(world.bob)  # his turn now: a hand with moves
    assert bob_hand is not None and action_ids(bob_hand)
    world.guild.remove_member(world.bob)
    await world.env.settle()
    before = await world.bot.service.get(match_id)
    for custom_id in action_ids(bob_hand):
        result = await world.bob.user.click(bob_hand, custom_id=custom_id)
        answer = answer_of(result)  # the move's click was acknowledged before the check
        assert answer is not None and answer.content == error_texts.LEFT_SERVER
    assert (await world.bot.service.get(match_id)).version == before.version

    refused = await world.carol.slash(world.channel, "match seat-to-ai", player=world.bob.user)
    assert refused.response is not None and refused.response.content == error_texts.SEAT_MODS_ONLY
    erin = moderator(world)
    await world.env.settle()
    done = await erin.slash(world.channel, "match seat-to-ai", player=world.bob.user)
    assert done.ephemeral
    replies = [m.content for m in (done.response, *done.followups) if m is not None and m.content]
    assert replies == [error_texts.SEAT_TO_AI_DONE.format(name="Bob", match=match_id)]
    after = await world.bot.service.get(match_id)
    assert after.seats[1].ai_level is not None and after.seats[1].afk
    assert after.version > before.version  # the AI played Bob's turn at once
    again = await erin.slash(world.channel, "match seat-to-ai", player=world.bob.user)
    replies = [m.content for m in (again.response, *again.followups) if m is not None and m.content]
    assert replies == [error_texts.service_error("already_ai")]
    # The match goes on: Alice plays against the AI on Bob's seat until it ends.
    for _ in range(40):
        match = await world.bot.service.get(match_id)
        if match.status != "live":
            break
        hand = await world.alice.slash(world.channel, "match hand")
        assert hand.response is not None
        ids = action_ids(hand.response)
        assert ids, embed_text(hand.response)
        await world.alice.click(hand.response, custom_id=ids[0])
    assert (await world.bot.service.get(match_id)).status == "finished"


async def test_a_channel_the_bot_cannot_post_in_gets_a_clear_answer(world: World) -> None:
    # 013 item 8: the lobby is the interaction's reply, so it opened; the table then could
    # never be drawn and the match ran on unseen.
    guild = world.guild
    bot_member = guild.me
    assert bot_member is not None
    quiet = guild.create_text_channel(
        "quiet", overwrites={bot_member: discord.PermissionOverwrite(send_messages=False)}
    )
    await world.env.settle()
    result = await world.alice.slash(quiet, "match new", game="tiny")
    assert result.ephemeral and result.response is not None
    assert result.response.content == error_texts.BOT_CANNOT_POST.format(perms="Send Messages")
    assert await world.bot.service.matches_of_user(guild.id, world.alice.id) == []
    opened = await world.alice.slash(world.channel, "match new", game="tiny")  # elsewhere: fine
    assert opened.response is not None and not opened.ephemeral


async def test_the_widest_draft_exports_and_imports_back_through_discord(world: World) -> None:
    # 013 item 8: every deck the bot keeps must come back from its own export. The widest
    # one (99 different cards) has a list longer than a message: it comes as a file.
    duel = load_game("duel")
    longest = sorted((c for c in duel.by_id.values() if c.type != "hero"), key=lambda c: -len(c.id))  # type: ignore[attr-defined]
    wide = {c.id: 1 for c in longest[:99]}
    listing = "\n".join(["Hero: Brunhild Axebiter"] + [f"1x {duel.by_id[c].name}" for c in wide])  # type: ignore[attr-defined]
    made = await world.alice.slash(
        world.channel, "deck import", name="Wide", file=("wide.txt", listing.encode())
    )
    assert made.response is not None and deck_words.DECK_IMPORTED.format(name="Wide") in (
        made.response.content or ""
    )
    exported = await world.alice.slash(world.channel, "deck export", name="Wide")
    assert exported.ephemeral and exported.response is not None
    assert len(exported.response.content or "") <= 2000
    code = next(w.strip("`") for w in (exported.response.content or "").split() if "bs1-" in w)
    [attachment] = exported.response.attachments
    back = await attachment.read()
    for name, source in (("ByCode", {"code": code}), ("ByFile", {"file": ("deck.txt", back)})):
        await world.alice.slash(world.channel, "deck import", name=name, **source)
    book = world.bot.get_cog("Decks").book  # type: ignore[union-attr]
    for name in ("ByCode", "ByFile"):
        assert dict((await book.get(world.alice.id, name)).cards) == wide, name


async def test_a_replay_step_is_drawn_off_the_event_loop(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 013 item 8: the replay's table (with its picture) was drawn on the event loop.
    history = sys.modules["cogs.history"]  # as discord.py loaded the extension

    match_id, _ = await start_match(world, world.bob)
    await concede(world.bob, world.channel)
    drawn_in: list[int] = []
    real = history.render_replay_step

    def noted(*args: object) -> object:
        drawn_in.append(threading.get_ident())
        return real(*args)

    monkeypatch.setattr(history, "render_replay_step", noted)
    replay = await world.carol.slash(world.channel, "match replay", id=match_id)
    assert replay.ephemeral and replay.response is not None
    assert drawn_in and threading.get_ident() not in drawn_in
