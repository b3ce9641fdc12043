"""A restart that finds many AI bursts owed runs them a few at a time (issue 30.1): all of
them at once flooded the one event loop and queued every search in front of the first
person's click. The quick (non-strong) bursts go first."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.core.service import MatchService
from bot.core.startup import BURSTS_AT_ONCE
from bot.storage import open_storage
from tests.bot.test_restart_ai import log_count
from tests.bot.test_service import Clock, games, lobby
from tests.support.crash import dies_before_the_ai

OWED = BURSTS_AT_ONCE * 3


async def crashed_with_ai_to_move(path: Path, clock: Clock, count: int) -> tuple[list[int], int]:
    """``count`` tiny matches (Ann against an AI seat) whose AI seat is to move, as a crash
    leaves them, and one two-person match waiting on a person."""
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    await service.start()

    crash = dies_before_the_ai(service.ledger)

    service.ai.run = crash  # type: ignore[method-assign]
    owed = []
    for _ in range(count):
        match_id = await lobby(service, humans=1, ai=1)
        update = await service.start_match(match_id, 100)
        _, _, actions = await service.view(match_id, 100)
        await service.act(match_id, 100, actions[0].key, update.match.version)
        owed.append(match_id)
    idle = await lobby(service, humans=2)
    await service.start_match(idle, 100)
    await service.close()
    await db.close()
    return owed, idle


async def test_a_restart_runs_its_ai_bursts_a_few_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, clock = tmp_path / "r.sqlite3", Clock()
    owed, idle = await crashed_with_ai_to_move(path, clock, OWED)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    release = asyncio.Event()
    thinking: set[int] = set()
    choose = service.ai._next_ai_move

    async def slow(live: Any, match: Any) -> Any:
        if match.id in owed and match.id not in thinking:
            thinking.add(match.id)
            await release.wait()
        return await choose(live, match)

    monkeypatch.setattr(service.ai, "_next_ai_move", slow)
    try:
        await asyncio.wait_for(service.start(), 30)  # a hang detector, not a time
        assert sorted(service.startup.owed) == owed
        while len(thinking) < BURSTS_AT_ONCE:  # the first few reach their think
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)  # room for any further burst to start (none may)
        assert len(thinking) == BURSTS_AT_ONCE, "only a few bursts run at once"
        assert service.startup.running == BURSTS_AT_ONCE
        assert service.startup.bursts_running() == OWED
        match, _, actions = await service.view(idle, 100)  # a person is answered meanwhile
        await service.act(idle, 100, actions[0].key, match.version)
        release.set()
        await asyncio.wait_for(service.resumed(), 30)
        assert service.startup.most_running == BURSTS_AT_ONCE
        assert thinking == set(owed)
        assert all(log_count(path, m) == 2 for m in owed), "every AI answered after the restart"
    finally:
        release.set()
        await asyncio.wait_for(service.close(), 30)
        await db.close()


async def test_the_background_check_never_waits_for_a_running_burst(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first bursts end at once; the next ones start while the background check of every
    # log is under way and then think for ever. The check must not wait on them: each burst
    # checked its own log first (a wait here kept every later log unchecked for as long as
    # the AI played).
    path, clock = tmp_path / "r.sqlite3", Clock()
    owed, _ = await crashed_with_ai_to_move(path, clock, OWED)
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    never = asyncio.Event()
    choose = service.ai._next_ai_move
    slow = set(owed[BURSTS_AT_ONCE:])

    async def thinks_for_ever(live: Any, match: Any) -> Any:
        if match.id in slow:
            await never.wait()
        return await choose(live, match)

    monkeypatch.setattr(service.ai, "_next_ai_move", thinks_for_ever)
    try:
        await service.start()
        await asyncio.wait_for(service.checked(), 30)  # a hang detector, not a time
        assert not service.restorer.unchecked
        assert service.startup.bursts_running() == OWED - BURSTS_AT_ONCE
    finally:
        await asyncio.wait_for(service.close(), 30)
        await db.close()


async def test_quick_bursts_go_before_strong_ones(tmp_path: Path) -> None:
    path, clock = tmp_path / "r.sqlite3", Clock()
    owed, _ = await crashed_with_ai_to_move(path, clock, 3)
    db = await open_storage(path)
    await db.matches.hand_to_ai(owed[0], 1, "strong")  # the first match's AI plays strong
    await db.close()
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        assert service.startup.owed == [owed[1], owed[2], owed[0]]
    finally:
        await service.close()
        await db.close()
