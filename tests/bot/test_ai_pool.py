"""The strong AI's worker pool (issue 30.3, 30.4), on real spawned worker processes: a worker
killed is replaced and the next decision is searched again; a search that never returns is
given up at its deadline and its worker replaced; and servers take turns, so one server's
many tables cannot starve another's. Ordering and outcomes are asserted, never a time."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.core import ai_pool
from bot.core.ai_pool import AiPool
from engine.core import Action
from engine.games import load_game
from tests.support import fake_think
from tests.support.fake_think import DIE_ONCE, HANG

GUILD_A, GUILD_B = 1, 2


@pytest.fixture
async def fake_pool() -> AsyncIterator[AiPool]:
    pool = AiPool(size=1, think=fake_think.answer, warm=os.getpid)
    yield pool
    await pool.close()


async def _gone(pid: int) -> None:
    for _ in range(500):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        await asyncio.sleep(0.01)


async def test_a_killed_worker_is_replaced_and_the_next_decision_is_searched_again() -> None:
    # issue 30.4: the real worker and search; a worker that died was never replaced, so every
    # later strong decision failed and played the normal AI until the bot restarted.
    pool = AiPool(size=1)
    try:
        game = load_game("classic")
        state = game.new(4, 5, None)
        seat = sorted(game.deciders(state))[0]
        job = (game.id, game.card_set_digest, None, state.to_json(), seat, [3, 0])
        first = await pool.think(GUILD_A, job, 0.2)
        assert first.action is not None and first.why is None
        [pid] = pool.pids()
        os.kill(pid, signal.SIGKILL)
        await _gone(pid)
        await pool.healed()
        assert pool.pids() != [pid] and pool.replaced == 1
        again = await pool.think(GUILD_A, job, 0.2)
        assert again.action is not None and again.why is None  # searched, not the fallback
        assert Action.from_json(again.action) in game.legal_actions(state, seat)
    finally:
        await pool.close()


async def test_a_search_that_never_returns_is_given_up_and_its_worker_replaced(
    fake_pool: AiPool,
) -> None:
    # issue 30.4: the bot waited for a worker's answer with no deadline, holding the match's
    # lock and the worker for good.
    await fake_pool.healed()
    [hung] = fake_pool.pids()
    given_up = await fake_pool.think(GUILD_A, ("hung", HANG), 0.1)
    assert given_up == ai_pool.Thought(None, ai_pool.LATE)
    await _gone(hung)  # killed, not left running
    await fake_pool.healed()
    after = await fake_pool.think(GUILD_A, ("next", 0.0), 5.0)
    assert after.action is not None and after.action["tag"] == "next"
    assert after.action["pid"] != hung and fake_pool.replaced == 1


async def test_a_search_whose_worker_dies_under_it_is_asked_again_of_a_new_one(
    fake_pool: AiPool, tmp_path: Path
) -> None:
    # issue 30.4: the decision in flight when a worker dies is searched again, not dropped.
    await fake_pool.healed()
    [first] = fake_pool.pids()
    thought = await fake_pool.think(GUILD_A, (f"{DIE_ONCE}{tmp_path / 'mark'}", 0.0), 0.2)
    assert thought.action is not None and thought.action["pid"] != first
    assert fake_pool.replaced == 1


async def test_servers_take_turns_so_one_cannot_starve_another(fake_pool: AiPool) -> None:
    # issue 30.3: one worker, server A's five tables ask first, then server B's one table:
    # B is served second, not after all of A's.
    await fake_pool.healed()
    served: list[str] = []

    async def ask(guild: int, tag: str) -> None:
        thought = await fake_pool.think(guild, (tag, 0.05), 30.0)
        assert thought.action is not None
        served.append(thought.action["tag"])

    asks = [asyncio.create_task(ask(GUILD_A, f"a{n}")) for n in range(5)]
    await asyncio.sleep(0)  # A's five are queued before B asks
    asks.append(asyncio.create_task(ask(GUILD_B, "b0")))
    await asyncio.gather(*asks)
    assert served[:3] == ["a0", "b0", "a1"]
    assert sorted(served) == ["a0", "a1", "a2", "a3", "a4", "b0"]


async def test_a_job_that_waited_out_most_of_its_think_time_is_not_started(
    fake_pool: AiPool,
) -> None:
    # A queue longer than the think time answers late jobs at once (the seat plays the
    # heuristic) instead of starting searches that would overrun.
    await fake_pool.healed()
    slow = asyncio.create_task(fake_pool.think(GUILD_A, ("slow", 0.5), 30.0))
    await asyncio.sleep(0)
    late = await fake_pool.think(GUILD_B, ("late", 0.0), 0.2)
    assert late == ai_pool.Thought(None, ai_pool.LATE)
    assert (await slow).action is not None


async def test_a_search_nobody_waits_for_any_more_is_never_started() -> None:
    # issue 25.5: a match that leaves the process (or a bot that closes) cancels its AI burst;
    # its search queued behind another must not take the worker afterwards.
    asked: list[str] = []

    def think(tag: str, seconds: float, budget_ms: float) -> dict[str, Any]:
        asked.append(tag)
        time.sleep(seconds)
        return {"tag": tag}

    pool = AiPool(size=1, think=think, executor=lambda: ThreadPoolExecutor(1), warm=None)
    try:
        slow = asyncio.create_task(pool.think(GUILD_A, ("slow", 0.3), 30.0))
        await asyncio.sleep(0)
        dropped = asyncio.create_task(pool.think(GUILD_B, ("dropped", 0.0), 30.0))
        await asyncio.sleep(0)
        dropped.cancel()
        await asyncio.gather(dropped, return_exceptions=True)
        after = await pool.think(GUILD_B, ("after", 0.0), 30.0)
        assert (await slow).action is not None and after.action is not None
        assert asked == ["slow", "after"], "the dropped search was skipped"
    finally:
        await pool.close()
