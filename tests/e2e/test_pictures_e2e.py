"""Through SimCord with a real game: the table edit, the hand DMs and the "My hand" answer all
draw their pictures in the picture thread, never on the event loop."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.render import pictures
from tests.e2e.conftest import World
from tests.e2e.helpers import message_in
from tests.e2e.test_games_e2e import start_games_bot

if TYPE_CHECKING:
    from bot.client import Backstab


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


async def test_pictures_of_a_duel_are_drawn_off_the_loop(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real, real_tile = pictures.encode, pictures.draw_tile

    def recording(image: Any) -> bytes:
        drawn.append(threading.current_thread().name)
        return real(image)

    def recording_tile(*args: Any) -> None:  # a hand's card tiles, drawn once per face
        drawn.append(threading.current_thread().name)
        real_tile(*args)

    monkeypatch.setattr(pictures, "encode", recording)
    monkeypatch.setattr(pictures, "draw_tile", recording_tile)
    pictures._cards_picture.cache_clear()
    pictures.tile.cache_clear()
    pictures.fight_picture.cache_clear()
    loop_thread = threading.current_thread().name

    result = await world.alice.slash(world.channel, "match new", game="duel")
    assert result.response is not None
    table_id = result.response.id
    await world.bob.click(message_in(world.channel, table_id), label="Join")
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    await world.env.settle()
    hand = await world.bob.click(message_in(world.channel, table_id), label="My hand")
    assert hand.acknowledged

    assert drawn, "a duel start draws the hands"
    assert loop_thread not in drawn
    assert all(name.startswith("pictures") for name in drawn), drawn
