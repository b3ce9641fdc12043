"""The strong AI level in the bot (issue 17): the lobby adds it, a server setting hands AFK
seats to it and sets its thinking time, and it thinks in a worker process, so the event loop
stays free while it searches. Restarts choose alike: the AI's stream comes from the match's
stored AI seed, and its moves are stored, so a replay never asks it again."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.core import ai_worker
from bot.core.ai_pool import AiPool, process_executor
from bot.core.service import MatchService, ServiceError
from bot.core.settings import SettingsRefused
from bot.storage import Storage, open_storage
from engine import games as registry
from engine.core import Action, Rng
from engine.games import load_game
from engine.search import Budget
from engine.search.levels import has_strong, think
from tests.bot.test_service import Clock

SEED, AI_SEED = 11, 12


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[tuple[Storage, MatchService]]:
    db = await open_storage(tmp_path / "b.sqlite3")
    service = MatchService(db, games=load_game, clock=Clock())
    await service.start()
    yield db, service
    await service.close()  # its pool's workers end with it
    await db.close()


async def test_strong_seats_think_in_a_worker_and_play_legal_moves(env: Any) -> None:
    _, service = env
    await service.settings.change(1, 100, ai_budget_ms=50)
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="classic"
    )
    await service.add_ai(match.id, 100, "strong")
    await service.add_ai(match.id, 100, "strong")
    update = await service.start_match(match.id, 100)
    await service.ai.settled(match.id)  # a strong seat to move first thinks after the start
    assert [s.ai_level for s in update.match.seats] == [None, "strong", "strong"]
    ai_moves = 0
    for _ in range(40):  # the human plays its first option until the AI seats have moved
        if update.match.outcome is not None:
            break
        current, _, actions = await service.view(match.id, 100)
        if not actions:
            break
        update = await service.act(match.id, 100, actions[0].key, current.version)
        await service.ai.settled(match.id)  # the strong seats' thinks
        ai_moves = sum(1 for a in await service.repo.actions(match.id) if a["seat"] != 0)
        if ai_moves >= 8 and service.ai.pool.started:
            break
    assert service.ai.pool.started  # a strong seat went to the worker
    assert ai_moves >= 8
    live = service.live[match.id]
    assert live.game.invariants(live.state) == []  # every stored move was legal when applied


async def test_a_quest_table_offers_strong_and_its_seat_thinks_in_a_worker(
    env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    # Quest has a strong level of its own (engine/quest/ai/ai_strong.py): the lobby's levels are
    # every game's, and the driver sends a strong quest seat's choices to the worker pool.
    _, service = env
    assert has_strong(load_game("quest"))
    await service.settings.change(1, 100, ai_budget_ms=50)
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="quest"
    )
    match = await service.add_ai(match.id, 100, "strong")
    assert [s.ai_level for s in match.seats] == [None, "strong"]
    update = await service.start_match(match.id, 100)
    await service.ai.settled(match.id)  # a strong seat to move first thinks after the start
    ai_moves = 0
    for _ in range(60):  # the human plays its first option until the AI seat has moved
        if update.match.outcome is not None:
            break
        current, _, actions = await service.view(match.id, 100)
        if not actions:
            break
        update = await service.act(match.id, 100, actions[0].key, current.version)
        await service.ai.settled(match.id)  # the strong seats' thinks
        ai_moves = sum(1 for a in await service.repo.actions(match.id) if a["seat"] != 0)
        if ai_moves >= 4 and service.ai.pool.started:
            break
    assert service.ai.pool.started  # a strong seat went to the worker
    assert ai_moves >= 4
    assert "worker failed" not in caplog.text  # the worker's search answered every time
    live = service.live[match.id]
    assert live.game.invariants(live.state) == []  # every stored move was legal when applied


async def test_thinking_leaves_the_event_loop_free() -> None:
    # The loop keeps ticking while a worker searches for a whole second (a classic opening:
    # a duel decision stops after a few worlds, well before its budget).
    game = load_game("classic")
    state = game.new(4, 5, None)
    seat = sorted(game.deciders(state))[0]
    job = (game.id, game.card_set_digest, None, state.to_json(), seat, [3, 0])
    pool = AiPool(size=1)
    await pool.healed()  # the worker started and warm
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.create_task(tick())
    answer = await pool.think(1, job, 1.0)
    ticker.cancel()
    await pool.close()
    assert answer.action is not None and answer.action["seat"] == seat
    assert ticks >= 3  # a search on the loop itself would not have let it tick at all


def test_the_pool_spares_the_event_loop_a_core_and_runs_below_it() -> None:
    assert [ai_worker.workers(n) for n in (None, 1, 2, 3, 8)] == [1, 1, 1, 2, 2]
    worker = process_executor()
    niceness = worker.submit(os.nice, 0).result()  # a worker's own niceness
    worker.shutdown()
    assert niceness == min(19, os.nice(0) + ai_worker.NICENESS)


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


async def test_a_seat_handed_to_the_ai_gets_the_servers_afk_level(env: Any) -> None:
    _, service = env
    await service.settings.change(1, 100, afk_ai_level="strong", ai_budget_ms=50)
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="classic"
    )
    await service.join(match.id, 101, "Bob")
    await service.add_ai(match.id, 100, "random")
    await service.start_match(match.id, 100)
    update = await service.seat_to_ai(match.id, 101)  # as after AFK timeouts (bot.core.clock)
    assert [s.ai_level for s in update.match.seats] == [None, "strong", "random"]
    assert service.live[match.id].ai_levels[1] == "strong"


def capped_worker(asked: list[tuple[Any, ...]]) -> Callable[..., dict[str, Any]]:
    """``ai_worker.think_job`` on a fixed iteration cap instead of a clock (so a rerun makes
    the same choices), noting every question it is asked."""

    def think_job(
        game_id: str, digest: str, pinned: Any, state: Any, seat: int, rng: Any, budget_ms: float
    ) -> dict[str, Any]:
        asked.append((state, seat, rng, budget_ms <= 200.0))
        game = load_game(game_id)
        report = think(game, game.load_state(state), seat, Rng.from_json(rng), Budget(2))
        return report.action.to_json()

    return think_job


def capped_service(db: Storage, asked: list[tuple[Any, ...]]) -> MatchService:
    """A service whose strong seats think on ``capped_worker`` in a thread."""
    pool = AiPool(
        size=1, think=capped_worker(asked), executor=lambda: ThreadPoolExecutor(1), warm=None
    )
    return MatchService(db, games=load_game, clock=Clock(), ai_pool=pool)


async def play_with_strong_seats(
    path: Path, clicks: int, asked: list[tuple[Any, ...]], restart_after: int | None = None
) -> list[dict[str, Any]]:
    """A classic match, one person and two strong seats, on fixed seeds: the person plays
    their first option ``clicks`` times, the bot restarting after ``restart_after`` of them.
    Returns the stored log."""
    db = await open_storage(path)
    service = capped_service(db, asked)
    await service.start()
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="classic"
    )
    for _ in range(2):
        await service.add_ai(match.id, 100, "strong")
    await service.start_match(match.id, 100)
    await service.ai.settled(match.id)
    for click in range(clicks):
        if click == restart_after:
            before = (await service.view(match.id, None))[1].to_json()
            await service.close()
            await db.close()
            asked_before = len(asked)
            db = await open_storage(path)
            service = capped_service(db, asked)
            await service.start()
            await service.checked()  # the restored match is checked against a replay
            await service.resumed()  # and the AI burst the restart found owed has run
            assert (await service.view(match.id, None))[1].to_json() == before
            assert len(asked) == asked_before  # the replay asked the AI nothing
        current, _, actions = await service.view(match.id, 100)
        if current.outcome is not None or not actions:
            break
        await service.act(match.id, 100, actions[0].key, current.version)
        await service.ai.settled(match.id)  # the strong seats' thinks
    log = await service.repo.actions(match.id)
    await service.close()
    await db.close()
    return log


async def test_a_restart_asks_the_strong_ai_the_same_questions_and_replays_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds = iter([SEED, AI_SEED, SEED, AI_SEED])
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: next(seeds))
    straight: list[tuple[Any, ...]] = []
    expected = await play_with_strong_seats(tmp_path / "a.sqlite3", 12, straight)
    restarted: list[tuple[Any, ...]] = []
    log = await play_with_strong_seats(tmp_path / "b.sqlite3", 12, restarted, restart_after=6)
    assert len(straight) >= 4  # the strong seats had choices to think about
    assert all(within for *_, within in straight)  # the server's default budget at most
    assert restarted == straight  # same positions, same AI streams
    assert log == expected  # so the same moves were stored
