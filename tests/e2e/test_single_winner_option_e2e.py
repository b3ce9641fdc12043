"""The single-winner option through SimCord (# 004: Special Rules, if there has to be a single
winner): the host sets it on ``/match new``, the lobby says so, and the match starts with it;
a game that never shares a win refuses it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from bot.config import Settings
from bot.games.classic import words as classic_words
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.helpers import embed_text, message_in
from tests.e2e.test_games_e2e import start_games_bot

if TYPE_CHECKING:
    from bot.client import Backstab


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


async def test_the_host_sets_single_winner_and_the_match_starts_with_it(world: World) -> None:
    result = await world.alice.slash(world.channel, "match new", game="classic", single_winner=True)
    assert result.response is not None and not result.ephemeral
    table_id = result.response.id
    assert classic_words.LOBBY_SINGLE_WINNER in embed_text(message_in(world.channel, table_id))
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    assert match.status == "live" and match.options["single_winner"] is True
    record = await world.bot.service.record(match.id)
    game = load_game("classic")
    state = game.new(record.header.seats, record.header.seed, record.header.options)
    assert state.single_winner


async def test_a_game_without_the_option_refuses_it(world: World) -> None:
    result = await world.alice.slash(world.channel, "match new", game="duel", single_winner=True)
    assert result.ephemeral and result.response is not None
    assert result.response.content == classic_words.SINGLE_WINNER_NOT_OFFERED.format(game="duel")
    assert await world.bot.service.matches_of_user(world.guild.id, world.alice.id) == []
