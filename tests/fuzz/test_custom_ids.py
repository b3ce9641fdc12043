"""Button custom ids: any text parses to a ``ButtonId`` or to nothing, and any click on a
Backstab-shaped id, whoever clicks it and whatever match, version and key it names, gets a
private, worded answer and changes nothing it should not."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.delivery.components import MatchButton
from bot.render.ids import (
    CUSTOM_ID_PATTERN,
    LEGACY_KEYS,
    LOBBY_KEYS,
    MAX_CUSTOM_ID,
    MAX_MATCH_ID,
    parse_custom_id,
)
from bot.render.model import ButtonSpec
from bot.words import error_texts
from tests.e2e.conftest import World
from tests.e2e.helpers import message_in
from tests.fuzz.strategies import custom_id_texts, key_texts

SHARED = settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=80)


@given(custom_id_texts())
def test_any_text_parses_to_a_button_id_or_to_nothing(text: str) -> None:
    parsed = parse_custom_id(text)
    if parsed is None:
        found = CUSTOM_ID_PATTERN.fullmatch(text)
        assert len(text) > MAX_CUSTOM_ID or found is None or int(found["match"]) > MAX_MATCH_ID
    else:
        # What the bot draws it reads back exactly; an old bare lobby word reads as its key.
        found = CUSTOM_ID_PATTERN.fullmatch(text)
        assert found is not None
        assert parsed.key == LEGACY_KEYS.get(found["key"], found["key"])
        assert str(parsed) == text or found["key"] in LEGACY_KEYS


async def fingerprint(world: World, match_ids: list[int]) -> list[tuple[Any, ...]]:
    service = world.bot.service
    out = []
    for match_id in match_ids:
        match = await service.get(match_id)
        out.append(
            (match.version, match.status, match.seats, len(await service.action_log(match_id)))
        )
    return out


async def bot_message_with(world: World, custom_id: str) -> discord.Message:
    """A message from the bot carrying one button with this id, as the bot draws them."""
    view = discord.ui.View(timeout=None)
    view.add_item(MatchButton.from_spec(ButtonSpec(label="x", custom_id=custom_id)))
    channel = world.bot.get_partial_messageable(world.channel.id, guild_id=world.guild.id)
    return await channel.send("fuzz", view=view)


@pytest.fixture
def errors(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.ERROR)
    return caplog


async def may_change(world: World, match_id: int, version: int, key: str, user: int) -> bool:
    """Whether this click is one that should change the match: a lobby button on a lobby, or
    a move the clicker may make now (conceding is always open to a seated player)."""
    try:
        match, _, actions = await world.bot.service.view(match_id, user)
    except Exception:
        match = await world.bot.service.get(match_id)
        actions = []
    if key in LOBBY_KEYS:
        return match.status == "lobby"
    if key == "concede":
        return match.status == "live" and match.seat_of(user) is not None
    return match.version == version and key in {a.key for a in actions}


@SHARED
@given(data=st.data())
async def test_any_backstab_click_is_answered_privately_and_changes_nothing_else(
    world: World, errors: pytest.LogCaptureFixture, data: st.DataObject
) -> None:
    if not hasattr(world, "tables"):
        world.tables = await open_tables(world)  # type: ignore[attr-defined]
    ids: list[int] = world.tables  # type: ignore[attr-defined]
    match_id = data.draw(st.sampled_from([*ids, ids[-1] + 1, 2**63 - 1, 10**19 - 1]), "match")
    current = (await world.bot.service.get(match_id)).version if match_id in ids else 0
    version = data.draw(st.sampled_from([current, current + 1, 0, 9_999_999_999]), "version")
    key = data.draw(key_texts(), "key")
    clicker = data.draw(st.sampled_from([world.alice, world.bob, world.carol, world.dave]))
    custom_id = f"bs:{match_id}:{version}:{key}"
    parsed = parse_custom_id(custom_id)
    if parsed is None:
        return  # Discord routes it to no item of ours; nothing to answer
    key = parsed.key  # an old bare lobby word acts as the lobby key it stands for
    allowed = match_id in ids and await may_change(world, match_id, version, key, clicker.id)
    before = await fingerprint(world, ids)
    message = await bot_message_with(world, custom_id)
    errors.clear()
    result = await clicker.click(message_in(world.channel, message.id), custom_id=custom_id)

    assert result.acknowledged, f"{custom_id}: Discord would say the interaction failed"
    assert not errors.records, [r.getMessage() for r in errors.records]
    for reply in [result.response, *result.followups]:
        if reply is None or reply.id == message.id:
            continue  # the clicked message itself was redrawn (a lobby change)
        assert reply.ephemeral, f"{custom_id}: a public answer {reply.content!r}"
        assert reply.content != error_texts.GENERIC_ERROR, custom_id
        assert "Traceback" not in (reply.content or "")
    changed = await fingerprint(world, ids) != before
    event("the click changed a match" if changed else "the click changed nothing")
    assert allowed or not changed, custom_id


async def open_tables(world: World) -> list[int]:
    """A lobby and a live match in the channel, for the clicks to aim at."""
    lobby = await world.alice.slash(world.channel, "match new", game="tiny")
    assert lobby.response is not None
    live = await world.bob.slash(world.channel, "match new", game="tiny")
    assert live.response is not None
    await world.carol.click(message_in(world.channel, live.response.id), label="Join")
    await world.bob.click(message_in(world.channel, live.response.id), label="Start")
    guild = world.guild.id
    [lobby_match] = await world.bot.service.matches_of_user(guild, world.alice.id, ("lobby",))
    [live_match] = await world.bot.service.matches_of_user(guild, world.bob.id, ("live",))
    return [lobby_match.id, live_match.id]
