"""Strong AI seats through SimCord, as a new user meets them in the playground (issue 17): the
host adds them from Host tools, and their decisions are searched in the worker pool, not
played by the heuristic fallback; closing the bot ends the pool's worker processes."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
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
    # The workers started and ready before the first think: Start's settle waits 5 s for
    # the think, and starting two worker processes on a loaded machine took longer (a flake
    # in a full suite beside other work); how long a start takes is not what this checks.
    await service.ai.pool.healed()
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
    assert len(answered) >= 3 and service.ai.pool.started  # strong seats asked the pool
    assert "strong AI worker failed" not in caplog.text  # and the pool answered each time


async def test_closing_the_bot_ends_the_strong_ai_worker_processes(world: World) -> None:
    # The pool's workers are processes of their own: left running, they outlived the bot
    # until the interpreter exited. The bot's close path (close, then release) ends them.
    pool = world.bot.service.ai.pool
    await pool.healed()  # its workers started and ready
    workers = pool.pids()  # every worker the pool started
    assert workers and os.getpid() not in workers and all(_running(pid) for pid in workers)
    await world.bot.close()
    assert not any(_running(pid) for pid in workers)


def _running(pid: int) -> bool:
    """Whether a process of that id exists (signal 0 checks without sending anything)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
