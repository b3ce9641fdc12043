"""Strong AI seats through SimCord, as a new user meets them in the playground (issue 17): the
host adds them from Host tools, and their decisions are searched in the worker pool, not
played by the heuristic fallback; closing the bot ends the pool's worker processes."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.core import ai_worker
from bot.words import lobby_texts
from tests.e2e.conftest import World
from tests.e2e.driver import play_to_the_end
from tests.e2e.helpers import message_in
from tests.e2e.test_games_e2e import start_games_bot

if TYPE_CHECKING:
    from bot.client import Backstab

SEED = 3


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


@pytest.fixture(autouse=True)
def fresh_pool() -> Iterator[None]:
    yield
    ai_worker.shutdown()


async def test_strong_seats_from_host_tools_think_in_the_worker_pool(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: SEED)
    service = world.bot.service
    await service.settings.change(world.guild.id, world.alice.id, ai_budget_ms=50)
    opened = await world.alice.slash(world.channel, "match new", game="classic")
    assert opened.response is not None
    table_id = opened.response.id
    tools = await world.alice.click(message_in(world.channel, table_id), label="Host tools")
    assert tools.response is not None
    for _ in range(2):
        await world.alice.click(tools.response, label=lobby_texts.BUTTON_AI_STRONG)
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await service.matches_of_user(world.guild.id, world.alice.id)
    assert [s.ai_level for s in match.seats] == [None, "strong", "strong"]
    answered: list[Any] = []
    think = service.ai._think_off_loop

    async def counted(*args: Any) -> Any:
        move = await think(*args)
        answered.append(move)
        return move

    monkeypatch.setattr(service.ai, "_think_off_loop", counted)
    await play_to_the_end(
        world, match.id, table_id, {0: world.alice}, until=lambda state: len(answered) >= 3
    )
    assert len(answered) >= 3 and ai_worker._pool is not None  # strong seats asked the pool
    assert "strong AI worker failed" not in caplog.text  # and the pool answered each time


async def test_closing_the_bot_ends_the_strong_ai_worker_processes(world: World) -> None:
    # The pool's workers are processes of their own: left running, they outlived the bot
    # until the interpreter exited. The bot's close path (close, then release) ends them.
    pool = ai_worker.pool()
    assert await asyncio.wrap_future(pool.submit(os.getpid)) != os.getpid()  # a real worker
    workers = list(pool._processes)  # every worker the pool started
    assert workers and all(_running(pid) for pid in workers)
    await world.bot.close()
    assert ai_worker._pool is None
    assert not any(_running(pid) for pid in workers)


def _running(pid: int) -> bool:
    """Whether a process of that id exists (signal 0 checks without sending anything)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
