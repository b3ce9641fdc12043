"""A server's caps through SimCord (issue 30.3): a server manager sets how many lobbies and
matches the server may have open and how many strong AI seats they may hold; past either, the
member is told why in words and nothing changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from bot.config import Settings
from bot.words import error_texts, lobby_texts, texts
from tests.e2e.conftest import World
from tests.e2e.helpers import embed_text, message_in
from tests.e2e.test_games_e2e import start_games_bot
from tests.e2e.test_lobby_flow_e2e import admin

if TYPE_CHECKING:
    from bot.client import Backstab


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


async def test_a_server_past_its_open_matches_cap_is_told_and_opens_nothing(world: World) -> None:
    erin = admin(world)
    saved = await erin.slash(world.channel, "settings", max_matches=1)
    assert saved.response is not None and saved.response.content == texts.SETTINGS_SAVED
    assert "at most 1" in embed_text(saved.response)
    opened = await world.alice.slash(world.channel, "match new", game="classic")
    assert opened.response is not None and not opened.ephemeral
    refused = await world.bob.slash(world.channel, "match new", game="duel")
    # The cap is read after the public "thinking" (issue 29.3): the refusal replaces it.
    assert refused.response is not None and not refused.followups
    assert refused.response.content == error_texts.service_error("too_many_matches", {"most": 1})
    assert await world.bot.service.matches_of_user(world.guild.id, world.bob.id) == []
    bad = await erin.slash(world.channel, "settings", max_matches=0)
    assert bad.response is not None and bad.response.content == texts.SETTINGS_BAD["max_matches"]


async def test_a_server_past_its_strong_seats_cap_keeps_the_lobby_as_it_was(world: World) -> None:
    erin = admin(world)
    await erin.slash(world.channel, "settings", max_strong_seats=1)
    opened = await world.alice.slash(world.channel, "match new", game="classic")
    assert opened.response is not None
    table_id = opened.response.id
    tools = await world.alice.click(message_in(world.channel, table_id), label="Host tools")
    assert tools.response is not None
    await world.alice.click(tools.response, label=lobby_texts.BUTTON_AI_STRONG)
    refused = await world.alice.click(tools.response, label=lobby_texts.BUTTON_AI_STRONG)
    refusals = [refused.response, *refused.followups]
    expected = error_texts.service_error("too_many_strong", {"most": 1})
    assert any(r is not None and r.ephemeral and r.content == expected for r in refusals)
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    assert [s.ai_level for s in match.seats] == [None, "strong"]
    await world.alice.click(tools.response, label=lobby_texts.BUTTON_AI_HEURISTIC)
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    assert [s.ai_level for s in match.seats] == [None, "strong", "heuristic"]
