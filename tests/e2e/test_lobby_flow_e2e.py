"""End to end through SimCord: the host's tools (remove a seat, hand the host role over, AI
levels), table size with AI filling, idle lobbies closing by SimCord's clock, server settings."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import discord
import pytest
import simcord
from simcord.backend.errors import SetupError

from bot.words import error_texts, lobby_texts, texts
from tests.e2e.conftest import World
from tests.e2e.driver import play_to_the_end
from tests.e2e.helpers import buttons, embed_text, labels, message_in
from tests.fuzz.test_custom_ids import bot_message_with

TABLE_TURNS = 500  # short waits the publisher may take to draw a started table (its picture
# is drawn in a thread, so counting event-loop turns alone raced it on a fresh CI run)


def selects(message: discord.Message | simcord.ResponseMessage) -> list[dict[str, Any]]:
    found = []
    for row in message.components:
        data: dict[str, Any] = row if isinstance(row, dict) else dict(row.to_dict())
        found += [c for c in data.get("components", []) if c.get("type") == 3]
    return found


def select_id(message: discord.Message | simcord.ResponseMessage, key: str) -> str:
    return next(str(s["custom_id"]) for s in selects(message) if str(s["custom_id"]).endswith(key))


def admin(world: World) -> simcord.MemberActor:
    guild = world.guild
    role = guild.create_role("Hosts", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(world.env.create_user("erin", global_name="Erin"), roles=[role])


async def open_lobby(world: World, **options: object) -> tuple[int, int]:
    result = await world.alice.slash(world.channel, "match new", game="tiny", **options)
    assert result.response is not None and not result.ephemeral
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    return match.id, result.response.id


async def test_the_host_removes_a_seat_and_hands_the_host_role_over(world: World) -> None:
    match_id, lobby_id = await open_lobby(world)
    for player in (world.bob, world.carol):
        await player.click(message_in(world.channel, lobby_id), label="Join")
    refused = await world.bob.click(message_in(world.channel, lobby_id), label="Host tools")
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == error_texts.service_error("not_host")

    tools = await world.alice.click(message_in(world.channel, lobby_id), label="Host tools")
    assert tools.ephemeral and tools.response is not None
    assert labels(tools.response) == [
        lobby_texts.BUTTON_AI_RANDOM,
        lobby_texts.BUTTON_AI_HEURISTIC,
        lobby_texts.BUTTON_AI_STRONG,
        lobby_texts.BUTTON_MAKE_CASUAL,
    ]
    remove = select_id(tools.response, "seat-remove")
    result = await world.alice.select(tools.response, ["1"], custom_id=remove)  # Bob's seat
    assert result.acknowledged
    text = embed_text(message_in(world.channel, lobby_id))
    assert "Bob" not in text and "Carol" in text
    match = await world.bot.service.get(match_id)
    assert [s.user_id for s in match.seats] == [world.alice.id, world.carol.id]

    tools = await world.alice.click(message_in(world.channel, lobby_id), label="Host tools")
    assert tools.response is not None
    await world.alice.click(tools.response, label=lobby_texts.BUTTON_AI_HEURISTIC)
    give = select_id(tools.response, "host-give")
    await world.alice.select(tools.response, [str(world.carol.id)], custom_id=give)
    match = await world.bot.service.get(match_id)
    assert match.host_id == world.carol.id and match.seats[-1].ai_level == "heuristic"
    assert "Host: Carol" in embed_text(message_in(world.channel, lobby_id))
    # Alice is no longer host: Start is Carol's now.
    result = await world.alice.click(message_in(world.channel, lobby_id), label="Start")
    [refusal] = result.followups
    assert refusal.content == error_texts.service_error("not_host")


async def test_the_host_makes_the_lobby_casual_and_the_match_keeps_it(world: World) -> None:
    from bot.core.service import ServiceError
    from bot.features.league import is_ranked

    match_id, lobby_id = await open_lobby(world)
    await world.bob.click(message_in(world.channel, lobby_id), label="Join")
    assert lobby_texts.LOBBY_RANKED in embed_text(message_in(world.channel, lobby_id))
    tools = await world.alice.click(message_in(world.channel, lobby_id), label="Host tools")
    assert tools.response is not None
    await world.alice.click(tools.response, label=lobby_texts.BUTTON_MAKE_CASUAL)
    assert lobby_texts.LOBBY_CASUAL in embed_text(message_in(world.channel, lobby_id))
    with pytest.raises(ServiceError):  # only the host may
        await world.bot.service.set_ranked(match_id, world.bob.id, True)
    tools = await world.alice.click(message_in(world.channel, lobby_id), label="Host tools")
    assert tools.response is not None and lobby_texts.BUTTON_MAKE_RANKED in labels(tools.response)
    await world.alice.click(message_in(world.channel, lobby_id), label="Start")
    match = await world.bot.service.get(match_id)
    assert match.status == "live" and match.options["ranked"] is False
    players = {0: world.alice, 1: world.bob}
    await play_to_the_end(world, match_id, lobby_id, players)
    match = await world.bot.service.get(match_id)
    assert match.status == "finished" and not is_ranked(match)  # the league does not rate it
    ranked = dataclasses.replace(match, options={**match.options, "ranked": True})
    assert is_ranked(ranked)  # the same match, ranked, would have been


async def test_a_lone_host_starts_and_ai_fills_the_table_size_asked_for(world: World) -> None:
    match_id, lobby_id = await open_lobby(world, seats=4)
    assert lobby_texts.LOBBY_FILL.format(seats=4) in embed_text(message_in(world.channel, lobby_id))
    await world.alice.click(message_in(world.channel, lobby_id), label="Start")
    match = await world.bot.service.get(match_id)
    assert match.status in ("live", "finished") and len(match.seats) == 4
    assert [s.ai_level for s in match.seats[1:]] == ["heuristic"] * 3


async def test_an_idle_lobby_closes_by_the_clock(world: World) -> None:
    match_id, lobby_id = await open_lobby(world)
    await world.env.advance_time(world.bot.service.settings.defaults.lobby_idle_seconds - 10)
    assert (await world.bot.service.get(match_id)).status == "lobby"
    await world.bob.click(message_in(world.channel, lobby_id), label="Join")  # a touch restarts
    await world.env.advance_time(world.bot.service.settings.defaults.lobby_idle_seconds - 10)
    assert (await world.bot.service.get(match_id)).status == "lobby"
    await world.env.advance_time(20)
    assert (await world.bot.service.get(match_id)).status == "cancelled"
    lobby = message_in(world.channel, lobby_id)
    assert lobby_texts.LOBBY_CANCELLED in embed_text(lobby) and labels(lobby) == []


async def test_settings_are_refused_to_members_without_manage_server(world: World) -> None:
    # Discord hides /settings from members without Manage Server...
    with pytest.raises(SetupError, match="not visible"):
        await world.bob.slash(world.channel, "settings", turn_seconds=30)
    # ...and when a server shows it to them anyway, the bot still refuses.
    commands = await world.bot.tree.fetch_commands()
    command = next(c for c in commands if c.name == "settings")
    world.guild.set_command_permissions(command, {world.bob: True})
    result = await world.bob.slash(world.channel, "settings", turn_seconds=30)
    assert result.ephemeral and result.response is not None
    assert result.response.content == texts.SETTINGS_NOT_ADMIN
    rules = await world.bot.service.settings.get(world.guild.id)
    assert rules.turn_seconds == 120


async def test_an_admin_changes_settings_and_new_lobbies_follow_them(world: World) -> None:
    erin = admin(world)
    result = await erin.slash(world.channel, "settings", turn_seconds=5)
    assert (
        result.response is not None
        and result.response.content == (texts.SETTINGS_BAD["turn_seconds"])
    )
    result = await erin.slash(
        world.channel, "settings", turn_seconds=45, ranked_default=False, hand_delivery="ephemeral"
    )
    assert result.ephemeral and result.response is not None
    assert result.response.content == texts.SETTINGS_SAVED
    assert "Turn timer: 45s" in embed_text(result.response)
    match_id, lobby_id = await open_lobby(world)
    assert not (await world.bot.service.get(match_id)).ranked
    assert lobby_texts.LOBBY_CASUAL in embed_text(message_in(world.channel, lobby_id))
    result = await erin.slash(world.channel, "settings", allowed_games="chess")
    assert result.response is not None and "tiny" in (result.response.content or "")
    await erin.slash(world.channel, "settings", allowed_games="tiny")
    result = await erin.slash(world.channel, "settings", reset=True)
    assert result.response is not None and result.response.content == texts.SETTINGS_RESET_DONE
    assert (await world.bot.service.settings.get(world.guild.id)).turn_seconds == 120


async def test_a_late_lobby_redraw_never_lands_on_the_started_table(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    # A change made from Host tools redraws the public lobby after the service answered; a
    # Start in between made that message the table, which the old lobby must not overwrite
    # (nor try to: Discord refuses embeds on a layout message, which was logged).
    match_id, lobby_id = await open_lobby(world)
    await world.bob.click(message_in(world.channel, lobby_id), label="Join")
    stale = await world.bot.service.get(match_id)
    await world.alice.click(message_in(world.channel, lobby_id), label="Start")
    assert (await world.bot.service.get(match_id)).status == "live"
    drawn = _drawn(message_in(world.channel, lobby_id))
    cog = world.bot.get_cog("Lobby")
    assert cog is not None
    await cog.redraw(stale)  # type: ignore[attr-defined]
    await world.env.settle()
    assert _drawn(message_in(world.channel, lobby_id)) == drawn
    assert "could not redraw" not in caplog.text


def _drawn(message: discord.Message) -> tuple[object, ...]:
    return (
        message.content,
        [e.to_dict() for e in message.embeds],
        [c.to_dict() for c in message.components],
    )


async def test_a_join_answered_after_a_start_never_draws_the_lobby_over_the_table(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # The race: Bob's Join is stored, then Alice's Start (waiting on the match's lock) starts
    # the match and its table is drawn, and only then does Bob's click get its answer. The
    # Start runs at that very point of the real Join (between the service's answer and the
    # click's), and the click must not paint the lobby back over the table.
    match_id, lobby_id = await open_lobby(world)
    service = world.bot.service
    join = service.join

    async def join_then_start(*args: Any) -> Any:
        joined = await join(*args)
        await service.start_match(match_id, world.alice.id)
        await _table_drawn(world, lobby_id)
        return joined

    monkeypatch.setattr(service, "join", join_then_start)
    clicked = await world.bob.click(message_in(world.channel, lobby_id), label="Join")
    assert clicked.acknowledged and not clicked.ephemeral  # nothing to tell: he is seated
    match = await service.get(match_id)
    assert match.status == "live" and match.seat_of(world.bob.id) == 1
    table = message_in(world.channel, lobby_id)
    assert "Join" not in labels(table) and "Bob" in str(_drawn(table))
    assert "failed" not in caplog.text and "could not" not in caplog.text


async def test_a_join_after_the_start_is_told_the_match_started(world: World) -> None:
    # The other order: the Start took the lock first, so the Join (pressed on the lobby as
    # Bob still saw it) changes nothing and Bob is told why in words.
    match_id, lobby_id = await open_lobby(world)
    lobby = message_in(world.channel, lobby_id)
    [join] = [b["custom_id"] for b in buttons(lobby) if b.get("label") == "Join"]
    await world.alice.click(lobby, label="Start")
    table = _drawn(message_in(world.channel, lobby_id))
    seen_by_bob = await bot_message_with(world, join)  # his screen not yet redrawn
    late = await world.bob.click(message_in(world.channel, seen_by_bob.id), custom_id=join)
    [refused] = late.followups  # acknowledged before the lobby is read (issue 29.3)
    assert refused.ephemeral and refused.content == error_texts.service_error("started")
    match = await world.bot.service.get(match_id)
    assert match.status == "live" and match.seat_of(world.bob.id) is None
    assert _drawn(message_in(world.channel, lobby_id)) == table


async def _table_drawn(world: World, message_id: int) -> None:
    """Let the bot's publisher draw the started table (a few turns of the event loop)."""
    for _ in range(TABLE_TURNS):
        if "Join" not in labels(message_in(world.channel, message_id)):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the table was never drawn")
