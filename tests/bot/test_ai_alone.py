"""The AI never holds a match or a server hostage (issue 30.3, 30.4): a match with no person
left in play ends at once with no result (the AI seats do not play the rest out, and a
concession is answered at once), and a strong decision the pool could not answer in time is
the normal AI's, which the match's log says in words."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.core.ai_driver import AI_QUICK_EVENT, NOBODY_LEFT
from bot.core.ai_pool import LATE, AiPool, Thought
from bot.core.service import MatchService, Update
from bot.screens.table import public_event_lines
from bot.storage import open_storage
from bot.words import error_texts
from engine.games import load_game
from tests.bot.test_service import Clock


class LatePool(AiPool):
    """A pool whose every search runs past its deadline."""

    def __init__(self) -> None:
        super().__init__(size=1, warm=None)
        self.asked = 0

    async def think(self, guild_id: int, args: tuple[Any, ...], seconds: float) -> Thought:
        self.asked += 1
        return Thought(None, LATE)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[MatchService]:
    db = await open_storage(tmp_path / "b.sqlite3")
    service = MatchService(db, games=load_game, clock=Clock(), ai_pool=LatePool())
    await service.start()
    yield service
    await service.close()
    await db.close()


async def _classic(service: MatchService, people: int, ai: str, seats: int = 3) -> int:
    match = await service.create(
        guild_id=1, channel_id=2, host_id=100, host_name="Ann", game="classic"
    )
    for n in range(1, people):
        await service.join(match.id, 100 + n, f"P{n}")
    for _ in range(seats - people):
        await service.add_ai(match.id, 100, ai)
    await service.start_match(match.id, 100)
    await service.ai.settled(match.id)  # a strong seat to move first thinks after the start
    return match.id


async def test_the_last_person_conceding_ends_the_match_at_once_with_no_result(
    service: MatchService,
) -> None:
    # issue 30.3: the AI seats played the rest out, searched move by move on the worker all
    # servers share, and the concession was answered only at the end.
    match_id = await _classic(service, 1, "strong")
    before = len(await service.repo.actions(match_id))
    update = await service.concede(match_id, 100)
    assert update.match.status == "cancelled" and update.match.ended_reason == NOBODY_LEFT
    assert update.match.outcome is None  # no result, so no rating moves
    log = await service.repo.actions(match_id)
    assert len(log) == before + 1 and log[-1]["kind"] == "concede"  # no AI move after it
    assert match_id not in service.live
    assert "no player was left" in error_texts.ENDED_REASONS[NOBODY_LEFT]


async def test_a_match_with_a_person_still_in_plays_on(service: MatchService) -> None:
    match_id = await _classic(service, 2, "heuristic")
    update = await service.concede(match_id, 101)
    assert update.match.status == "live" and match_id in service.live


async def test_a_search_not_answered_in_time_is_the_normal_ais_and_the_log_says_so(
    service: MatchService,
) -> None:
    # issue 30.4: a failed worker logged a traceback and silently played the normal AI.
    match_id = await _classic(service, 1, "strong", seats=2)
    pool = service.ai.pool
    assert isinstance(pool, LatePool)
    lines: list[str] = []

    async def told_the_table(update: Update) -> None:  # the AI replies in the background
        if any(e.kind == AI_QUICK_EVENT for e in update.events):
            lines.extend(public_event_lines(update.match, update.events))

    service.subscribe(told_the_table)
    for _ in range(40):
        current, _, actions = await service.view(match_id, 100)
        if current.outcome is not None or not actions or lines:
            break
        await service.act(match_id, 100, actions[0].key, current.version)
        await service.ai.settled(match_id)
    assert pool.asked >= 1
    name = (await service.get(match_id)).seats[1].name
    told = f"{name} could not finish thinking in time: this move is the normal AI's."
    assert told in lines, lines
    log = await service.repo.actions(match_id)
    assert any(a["seat"] == 1 for a in log)  # the AI seat moved all the same
