"""One write transaction per committed burst (issue 29.5): a person's move and the replies that
follow it without a think (AI seats below ``strong``, auto-passes) are stored together by one
``record_actions``, then every step is published in order as before; a write that fails keeps
none of it; a strong seat's think stores what came first and goes on in the background."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core import errors
from bot.core.ai_driver import Choice
from bot.core.service import MatchService, Update
from bot.storage import Storage, open_storage
from bot.storage.models import DatabaseUnavailable
from engine.core import Rng
from tests.bot.test_restart_ai import log_count
from tests.bot.test_service import Clock, games


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[tuple[Storage, MatchService, Path]]:
    path = tmp_path / "burst.sqlite3"
    storage = await open_storage(path)
    service = MatchService(storage, games=games, clock=Clock())
    await service.start()
    yield storage, service, path
    await service.close()
    await storage.close()


class Writes:
    """Every ``record_actions`` call (a move's write), by the rows it stored."""

    def __init__(self, service: MatchService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[list[tuple[int, bool]]] = []
        self.fail = 0
        real = service.repo.record_actions

        async def counted(match_id: int, version: int, index: int, rows: Any, **kw: Any) -> None:
            if self.fail:
                self.fail -= 1
                raise DatabaseUnavailable("burst.sqlite3", OSError("the disk went away"))
            self.calls.append([(r.seat, r.by_ai) for r in rows])
            await real(match_id, version, index, rows, **kw)

        monkeypatch.setattr(service.repo, "record_actions", counted)


async def ann_against_ai(service: MatchService) -> Update:
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="tiny"
    )
    await service.add_ai(match.id, 100, "heuristic")
    return await service.start_match(match.id, 100)


async def click(service: MatchService, match_id: int) -> Update:
    current, _, actions = await service.view(match_id, 100)
    return await service.act(match_id, 100, actions[0].key, current.version)


async def test_a_click_and_the_ai_reply_are_one_write_published_step_by_step(
    env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, service, path = env
    started = await ann_against_ai(service)
    match_id = started.match.id
    writes = Writes(service, monkeypatch)
    seen: list[Update] = []

    async def listen(update: Update) -> None:
        seen.append(update)

    service.subscribe(listen)
    update = await click(service, match_id)
    assert writes.calls == [[(0, False), (1, True)]]  # Ann's move and the AI's, one write
    # each step told in order, as when each was its own write
    assert [u.match.version for u in seen] == [started.match.version + 1, update.match.version]
    assert update.match.version == started.match.version + 2
    assert log_count(path, match_id) == 2 == service.live[match_id].count


async def test_a_burst_whose_write_fails_keeps_nothing_and_refuses_the_click(
    env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, service, path = env
    started = await ann_against_ai(service)
    match_id = started.match.id
    before = service.live[match_id]
    writes = Writes(service, monkeypatch)
    seen: list[Update] = []

    async def listen(update: Update) -> None:
        seen.append(update)

    service.subscribe(listen)
    writes.fail = 1
    with pytest.raises(DatabaseUnavailable):
        await click(service, match_id)
    assert seen == [] and log_count(path, match_id) == 0
    assert service.live[match_id] is before  # the session as it was
    assert (await service.get(match_id)).version == started.match.version
    update = await click(service, match_id)  # the database is back: the click lands
    assert update.match.version == started.match.version + 2


async def test_a_strong_seat_thinks_after_what_came_first_is_stored(
    env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, service, path = env
    started = await ann_against_ai(service)
    match_id = started.match.id
    service.live[match_id].ai_levels[1] = "strong"
    writes = Writes(service, monkeypatch)
    stored_at_think: list[int] = []

    async def think(live: Any, match: Any, seat: int, rng: Rng) -> Choice:
        stored_at_think.append(log_count(path, match_id))
        return Choice(live.game.ai_action(live.state, seat, rng, "heuristic"))

    monkeypatch.setattr(service.ai, "_strong", think)
    update = await click(service, match_id)
    assert update.match.version == started.match.version + 1  # answered before the AI's move
    await service.ai.settled(match_id)  # the seat thinks in the match's background burst
    assert stored_at_think == [1]  # Ann's move was stored before the seat thought
    assert writes.calls == [[(0, False)], [(1, True)]]
    assert (await service.get(match_id)).version == started.match.version + 2


async def test_a_timeout_and_the_ai_reply_are_one_write_refused_whole(
    env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A timeout's move and the AI's reply after it are one burst; a write that fails keeps
    # none of it and raises, so the turn timer fires again (``TurnTimers._run``).
    _, service, path = env
    started = await ann_against_ai(service)
    match_id = started.match.id
    writes = Writes(service, monkeypatch)
    writes.fail = 1
    with pytest.raises(DatabaseUnavailable):
        await service.timeout(match_id, started.match.version)
    assert log_count(path, match_id) == 0
    await service.timeout(match_id, started.match.version)
    assert writes.calls == [[(0, False), (1, True)]]  # the timeout and the AI: one write
    assert log_count(path, match_id) == 2


async def test_an_ai_burst_after_a_stored_move_waits_for_the_database(
    env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A strong seat's think stores the timeout's move first; the AI's reply after it is a
    # burst of its own, and one that cannot be stored goes on later
    # (``LaterBursts.again_later``), not lost.
    monkeypatch.setattr(errors, "RETRY_S", 0.05)
    _, service, path = env
    started = await ann_against_ai(service)
    match_id = started.match.id
    service.live[match_id].ai_levels[1] = "strong"

    async def think(live: Any, match: Any, seat: int, rng: Rng) -> Choice:
        return Choice(live.game.ai_action(live.state, seat, rng, "heuristic"))

    monkeypatch.setattr(service.ai, "_strong", think)
    writes = Writes(service, monkeypatch)
    real_store = service.ledger.store
    failed: list[bool] = []

    async def store_fails_once(burst: Any) -> list[Update]:
        if burst.staged and burst.staged[0][3].by_ai and not failed:
            failed.append(True)
            raise DatabaseUnavailable("burst.sqlite3", OSError("the disk went away"))
        stored: list[Update] = await real_store(burst)
        return stored

    monkeypatch.setattr(service.ledger, "store", store_fails_once)
    await service.timeout(match_id, started.match.version)
    await service.ai.settled(match_id)  # the seat's think, in the match's background burst
    assert failed and log_count(path, match_id) == 1  # the timeout's move is stored
    for _ in range(100):
        if log_count(path, match_id) == 2:
            break
        await asyncio.sleep(0.02)
    assert log_count(path, match_id) == 2, "the AI answered once the database came back"
    assert [len(c) for c in writes.calls] == [1, 1]
