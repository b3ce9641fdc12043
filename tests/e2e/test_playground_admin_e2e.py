"""The playground's server lets its first player manage it: /settings is shown only to members
with Manage Server, and nobody in the playground had it, so a server admin trying the bot
offline could not try the clocks, hand delivery or allowed games (found playing it)."""

from __future__ import annotations

import pytest
import simcord
from simcord import SetupError

from bot.client import Backstab
from bot.playground import populate
from bot.words import texts


async def test_the_first_player_manages_the_playground_server(simcord_env: simcord.Env) -> None:
    channel, players = populate(simcord_env)
    await simcord_env.settle()
    alice, bob = players[0], players[1]
    try:
        result = await alice.slash(channel, "settings", turn_seconds=600)
        assert result.ephemeral and result.response is not None
        assert result.response.content == texts.SETTINGS_SAVED
        with pytest.raises(SetupError, match="not visible"):  # the others are plain members
            await bob.slash(channel, "settings", turn_seconds=30)
    finally:
        bot = simcord_env.bot
        assert isinstance(bot, Backstab)
        await bot.release()  # SimCord does not close the client; close the database ourselves
