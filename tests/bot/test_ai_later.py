"""A strong seat thinks after the click that reached it is answered (issue 29, deliver 3): the
click stores what is staged and returns, and the think goes on in the match's background
burst, off its lock (``bot.core.ai_later``). The think is held on an event the test sets, so
every ordering here is of events, never of time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.ai_driver import Choice
from bot.core.service import MatchService
from bot.storage import Storage, open_storage
from engine.core import Rng
from tests.bot.test_burst import Writes, click
from tests.bot.test_restart_ai import log_count
from tests.bot.test_service import Clock, games


class HeldThink:
    """A stand-in for the worker pool's answer: every strong think waits until ``let_go``,
    then plays the heuristic's move."""

    def __init__(self, service: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.gate = asyncio.Event()
        self.asked: list[int] = []  # the log's length at each think
        self.reached = asyncio.Event()

        async def think(live: Any, match: Any, seat: int, rng: Rng) -> Choice:
            self.asked.append(live.count)
            self.reached.set()
            await self.gate.wait()
            return Choice(live.game.ai_action(live.state, seat, rng, "heuristic"))

        monkeypatch.setattr(service.ai, "_strong", think)

    async def thinking(self) -> None:
        await asyncio.wait_for(self.reached.wait(), 30)  # a hang detector, not a time

    def let_go(self) -> None:
        self.gate.set()


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[tuple[Storage, MatchService, Path]]:
    path = tmp_path / "later.sqlite3"
    storage = await open_storage(path)
    service = MatchService(storage, games=games, clock=Clock())
    await service.start()
    yield storage, service, path
    await asyncio.wait_for(service.close(), 30)  # a held think is cancelled, not awaited
    await storage.close()


async def tiny_against(service: MatchService, strong: int, people: int = 1) -> int:
    """Ann (and ``people - 1`` others) against a strong AI seat that moves after Ann."""
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="tiny"
    )
    for n in range(1, people):
        await service.join(match.id, 100 + n, f"P{n}")
    await service.add_ai(match.id, 100, "heuristic")
    await service.start_match(match.id, 100)
    await service.repo.hand_to_ai(match.id, strong, "strong")  # as stored: a restart keeps it
    service.live[match.id].ai_levels[strong] = "strong"
    return match.id


async def thinking_after_anns_click(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, HeldThink]:
    """Ann against a strong seat: she has clicked, the seat's think is held."""
    match_id = await tiny_against(service, 1)
    held = HeldThink(service, monkeypatch)
    await click(service, match_id)
    await held.thinking()
    return match_id, held


async def test_the_click_is_answered_before_the_strong_seat_thinks_then_the_ai_moves(
    env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, service, path = env
    match_id = await tiny_against(service, 1)
    held = HeldThink(service, monkeypatch)
    writes = Writes(service, monkeypatch)
    start = (await service.get(match_id)).version
    stored_by_ai: list[int] = []

    async def heard(update: Any) -> None:  # how many clicks were answered when the AI moved
        if update.match.id == match_id and update.match.version == start + 2:
            stored_by_ai.append(len(answered))

    answered: list[int] = []
    service.subscribe(heard)
    update = await click(service, match_id)  # returns while the seat's think is held
    answered.append(update.match.version)
    await held.thinking()
    assert update.match.version == start + 1 and update.deciders == {
        1
    }  # Ann's move, the AI to move
    assert log_count(path, match_id) == 1 and stored_by_ai == []  # nothing of the AI's yet
    stored = await service.get(match_id)
    assert stored.deadline_at is None  # no clock runs on the AI's seat while it thinks
    assert service.timers.loop_deadline(stored.deadline_at) is None
    held.let_go()
    await service.ai.settled(match_id)
    assert stored_by_ai == [1]  # the AI's move was published after the click was answered
    assert log_count(path, match_id) == 2
    assert writes.calls == [[(0, False)], [(1, True)]]  # still one write a burst
    assert held.asked == [1]


async def test_a_persons_move_during_the_think_lands_and_the_seat_decides_again(
    env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ann, Bob and a strong seat: Ann moves, the seat thinks; Bob concedes meanwhile. His
    # move is not refused or held back by the think, and the seat's answer, chosen for the
    # position before it, is dropped: it decides again from the new one.
    _, service, path = env
    match_id = await tiny_against(service, 2, people=2)
    held = HeldThink(service, monkeypatch)
    start = (await service.get(match_id)).version
    await click(service, match_id)  # Ann's move: Bob is to move
    current, _, actions = await service.view(match_id, 101)
    await service.act(match_id, 101, actions[0].key, current.version)  # the seat to move
    await held.thinking()
    conceded = await service.concede(match_id, 100)  # Ann concedes while the seat thinks
    assert conceded.match.status == "live" and conceded.match.version == start + 3
    held.let_go()
    await service.ai.settled(match_id)
    assert held.asked == [2, 3]  # thought at the position before Ann's concession, then after
    log = await service.repo.actions(match_id)
    assert [(a["seat"], a["kind"]) for a in log][:3] == [(0, "play"), (1, "play"), (0, "concede")]
    assert log[3]["seat"] == 2  # the seat moved, from the position after the concession
    assert log_count(path, match_id) == len(log)


async def test_a_match_ended_during_the_think_stops_it(
    env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, service, path = env
    match_id, _ = await thinking_after_anns_click(service, monkeypatch)
    assert service.ai.later.knows(match_id)
    ended = await service.concede(match_id, 100)  # the AI seat is left: it wins
    assert ended.match.status == "finished"
    await service.ai.settled(match_id)  # cancelled: the held think never answers
    assert not service.ai.later.knows(match_id)
    assert log_count(path, match_id) == 2  # Ann's move and her concession, nothing after


async def test_forgetting_the_match_cancels_its_think(
    env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, service, path = env
    match_id, held = await thinking_after_anns_click(service, monkeypatch)
    assert "AI burst" in service.live.holding(match_id)
    await service.forget(match_id)
    assert service.live.holding(match_id) == []
    held.let_go()
    await service.ai.settled()
    assert log_count(path, match_id) == 1  # the next process that holds it runs the burst


async def test_a_restart_during_the_think_loses_nothing_and_the_ai_moves_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, clock = tmp_path / "crash.sqlite3", Clock()
    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    await service.start()
    match_id, _ = await thinking_after_anns_click(service, monkeypatch)
    await asyncio.wait_for(service.close(), 30)  # the process stops mid-think
    await db.close()
    assert log_count(path, match_id) == 1  # Ann's move is stored; nothing half-written

    db = await open_storage(path)
    service = MatchService(db, games=games, clock=clock)
    try:
        await service.start()
        assert service.startup.owed == [match_id]  # the restart finds the think owed
        await asyncio.wait_for(service.resumed(), 30)  # a hang detector, not a time
        assert log_count(path, match_id) == 2  # the AI moved after the restart
        match = await service.get(match_id)
        assert match.status == "live" and service.deciders(match_id) == {0}
    finally:
        await service.close()
        await db.close()
