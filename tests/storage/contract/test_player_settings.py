"""A player's own preferences through their port (issue 18: auto-pass)."""

from __future__ import annotations

import pytest

from bot.storage import Storage
from tests.storage.contract.conftest import Backend


async def test_a_preference_round_trips_per_player_and_none_resets_it(storage: Storage) -> None:
    players = storage.players
    assert await players.load(7) == {}
    await players.save(7, {"auto_pass": False})
    assert await players.load(7) == {"auto_pass": False}
    assert await players.load(8) == {}  # another player keeps the default
    await players.save(7, {"auto_pass": True})
    assert await players.load(7) == {"auto_pass": True}
    await players.save(7, {"auto_pass": None})
    assert await players.load(7) == {}


async def test_an_unknown_preference_is_refused_and_nothing_is_stored(storage: Storage) -> None:
    with pytest.raises(ValueError, match="unknown preferences"):
        await storage.players.save(7, {"auto_pass": False, "colour": "red"})
    assert await storage.players.load(7) == {}


async def test_a_preference_survives_reopening(backend: Backend) -> None:
    first = await backend.storage()
    await first.players.save(7, {"auto_pass": False})
    await backend.close(first)
    again = await backend.storage()
    assert await again.players.load(7) == {"auto_pass": False}


async def test_the_ping_choice_is_kept_and_reset(storage: Storage) -> None:
    # issue 27.3
    players = storage.players
    await players.save(8, {"pings": "never"})
    assert await players.load(8) == {"pings": "never"}
    await players.save(8, {"auto_pass": False})
    assert await players.load(8) == {"pings": "never", "auto_pass": False}
    await players.save(8, {"pings": None})
    assert await players.load(8) == {"auto_pass": False}
