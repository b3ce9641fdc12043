"""The heap settled once the bot has started (issue 29.4, ``bot/core/heap.py``): what start-up
and the restore made is frozen out of the garbage collector's walks and the thresholds are
set; what is made after is collected as usual; the last bot of the process to close leaves
the collector as it found it. Through SimCord, with the setting on as in production."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from bot.config import Settings
from bot.core import heap
from tests.e2e.conftest import World, build_bot
from tests.e2e.test_play_e2e import start_match


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(database=tmp_path / "backstab.sqlite3", playground_port=0)  # settle_heap on


def frozen(thing: object) -> bool:
    """Frozen objects are in no generation the collector walks (``gc.get_objects``)."""
    assert gc.is_tracked(thing)
    return not any(o is thing for o in gc.get_objects())


async def test_what_start_up_made_is_frozen_and_the_thresholds_set(world: World) -> None:
    before = heap._before
    assert before is not None and gc.get_threshold() == heap.THRESHOLDS
    assert gc.get_freeze_count() > 0  # the modules, the cards, the cogs
    match_id, _ = await start_match(world, world.bob)
    played = world.bot.service.live.get(match_id)
    assert played is not None and not frozen(played)  # made after the start: collected
    old = world.bot
    await world.redeploy(build_bot(old.settings))
    # What the new bot's start made (its cogs, its app) is out of every collection; the
    # restored session is the log check's replay, made after the start.
    assert frozen(world.bot.app) and frozen(world.bot.get_cog("Lobby"))
    restored = world.bot.service.live.get(match_id)
    assert restored is not None and not frozen(restored)
    # The old bot's close left the running one's settling alone.
    assert gc.get_threshold() == heap.THRESHOLDS and gc.get_freeze_count() > 0
    await world.bot.release()
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == before
