"""The strong AI level in the bot (issue 17): the lobby adds it, a server setting hands AFK
seats to it and sets its thinking time, and it thinks in a worker process, so the event loop
stays free while it searches."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import ai_worker
from bot.service import MatchService, ServiceError
from bot.settings import SettingsRefused
from bot.storage import Storage, open_storage
from engine import games as registry
from engine.core import Action
from engine.games import load_game
from tests.bot.test_service import Clock


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[tuple[Storage, MatchService]]:
    db = await open_storage(tmp_path / "b.sqlite3")
    service = MatchService(db, games=load_game, clock=Clock())
    await service.start()
    yield db, service
    await service.close()
    await db.close()
    ai_worker.shutdown()


async def test_strong_seats_think_in_a_worker_and_play_legal_moves(env: Any) -> None:
    _, service = env
    await service.settings.change(1, 100, ai_budget_ms=50)
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="classic"
    )
    await service.add_ai(match.id, 100, "strong")
    await service.add_ai(match.id, 100, "strong")
    update = await service.start_match(match.id, 100)
    assert [s.ai_level for s in update.match.seats] == [None, "strong", "strong"]
    ai_moves = 0
    for _ in range(40):  # the human plays its first option until the AI seats have moved
        if update.match.outcome is not None:
            break
        _, _, actions = await service.view(match.id, 100)
        if not actions:
            break
        update = await service.act(match.id, 100, actions[0].key, update.match.version)
        ai_moves = sum(1 for a in await service.repo.actions(match.id) if a["seat"] != 0)
        if ai_moves >= 8 and ai_worker._pool is not None:
            break
    assert ai_worker._pool is not None  # a strong seat with a choice went to the worker
    assert ai_moves >= 8
    live = service.live[match.id]
    assert live.game.invariants(live.state) == []  # every stored move was legal when applied


async def test_thinking_leaves_the_event_loop_free(env: Any) -> None:
    # The loop keeps ticking while a worker searches for a whole second (a classic opening:
    # a duel decision stops after a few worlds, well before its budget).
    game = load_game("classic")
    state = game.new(4, 5, None)
    seat = sorted(game.deciders(state))[0]
    job = (game.id, game.card_set_digest, None, state.to_json(), seat, [3, 0], 1000.0)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(ai_worker.pool(), ai_worker.think_job, *job)  # warm the worker
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(tick())
    answer = await loop.run_in_executor(ai_worker.pool(), ai_worker.think_job, *job)
    ticker.cancel()
    assert answer["seat"] == seat
    assert ticks >= 3  # a search on the loop itself would not have let it tick at all


async def test_a_worker_plays_on_the_matchs_pinned_cards_and_refuses_others() -> None:
    game = load_game("duel")
    state = game.new(2, 5, {"decks": ["thief", "thief"]})
    pinned = registry.pin(game)
    assert pinned is not None
    seat = sorted(game.deciders(state))[0]
    move = ai_worker.think_job(
        "duel", game.card_set_digest, pinned, state.to_json(), seat, [1, 0], 50.0
    )
    assert Action.from_json(move) in game.legal_actions(state, seat)
    with pytest.raises(ValueError, match="not the match's"):
        ai_worker.think_job("duel", "another digest", None, state.to_json(), 0, [1, 0], 50.0)


async def test_the_lobby_offers_three_levels_and_settings_bound_the_budget(env: Any) -> None:
    _, service = env
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="classic"
    )
    for level in ("random", "heuristic", "strong"):
        match = await service.add_ai(match.id, 100, level)
    assert [s.ai_level for s in match.seats[1:]] == ["random", "heuristic", "strong"]
    with pytest.raises(ServiceError):
        await service.add_ai(match.id, 100, "genius")
    for bad in (10, 5000):
        with pytest.raises(SettingsRefused) as err:
            await service.settings.change(1, 100, ai_budget_ms=bad)
        assert err.value.field == "ai_budget_ms"
    with pytest.raises(SettingsRefused):
        await service.settings.change(1, 100, afk_ai_level="genius")
    changed = await service.settings.change(1, 100, afk_ai_level="strong", ai_budget_ms=500)
    assert (changed.afk_ai_level, changed.ai_budget_ms) == ("strong", 500)
