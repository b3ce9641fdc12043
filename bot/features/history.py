"""Match history: a player's finished matches page by page, a finished match replayed step by
step as a spectator saw it, and the export file that ``python -m engine.replay`` checks.

A step is one turn when the game's spectator view numbers its turns (``turn``), else one
action. Refusals are ``HistoryError`` codes (``bot.core.errors``), worded by
``bot.words.league_texts``.
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, replace
from typing import Any

from cachetools import LRUCache

from bot.core.errors import HistoryError, ServiceError
from bot.core.service import MatchInfo, MatchService
from bot.storage.ports import HistoryRepository
from engine.core import Event, Game, IllegalAction, PlayerView
from engine.core.record import CardSetChanged, MatchRecord
from engine.replay import FORMAT, ExportedMatch, ExportedSeat

PAGE_SIZE = 10
CACHED_REPLAYS = 32  # step boundaries kept in memory; each costs one full replay to find


@dataclass(frozen=True)
class HistoryPage:
    user_id: int
    page: int
    pages: int
    total: int
    entries: tuple[tuple[MatchInfo, float], ...]  # (match, finished at epoch seconds)


@dataclass(frozen=True)
class ReplayStep:
    match: MatchInfo  # as it stood at this step (live until the last one)
    view: PlayerView  # the spectator view
    events: tuple[Event, ...]  # what happened during this step
    deciders: frozenset[int]
    step: int
    steps: int


class History:
    def __init__(self, service: MatchService, store: HistoryRepository) -> None:
        self.service = service
        self.store = store
        self._marks: LRUCache[int, list[int]] = LRUCache(CACHED_REPLAYS)
        self._marks_lock = threading.Lock()

    async def page(self, guild_id: int, user_id: int, page: int) -> HistoryPage:
        page = max(0, page)
        found, total = await self.store.finished_of(
            guild_id, user_id, limit=PAGE_SIZE, offset=page * PAGE_SIZE
        )
        pages = max(1, -(-total // PAGE_SIZE))
        if page >= pages and total:
            return await self.page(guild_id, user_id, pages - 1)
        entries = tuple([(await self.service.get(i), when) for i, when in found])
        return HistoryPage(user_id, page, pages, total, entries)

    async def finished(self, guild_id: int, match_id: int) -> MatchInfo:
        """A finished match of this server, else ``not_found`` / ``not_finished``."""
        match = await self.service.get(match_id)
        if match.guild_id != guild_id:
            raise HistoryError("not_found")
        if match.status != "finished":
            raise HistoryError("not_finished")
        return match

    async def export(self, guild_id: int, match_id: int) -> ExportedMatch:
        try:
            return await self._export(guild_id, match_id)
        except HistoryError:
            raise
        except ServiceError as exc:  # worded as history (a match of this server, finished)
            raise HistoryError(exc.code, **exc.detail) from None

    async def _export(self, guild_id: int, match_id: int) -> ExportedMatch:
        match = await self.finished(guild_id, match_id)
        record = await self.service.record(match_id)
        return ExportedMatch(
            format=FORMAT,
            match_id=match.id,
            game=match.game,
            seats=[
                ExportedSeat(seat=s.seat, name=s.name, ai_level=s.ai_level) for s in match.seats
            ],
            record=record,
            result=match.outcome.to_json() if match.outcome is not None else None,
            finished_at=await self.store.finished_at(match_id),
            # The cards it was played on, so the file replays whatever data/ holds later.
            cards=await self.service.card_set_of(match_id),
            rules_version=await self.service.rules_version_played(match_id),
        )

    async def step(self, guild_id: int, match_id: int, step: int) -> ReplayStep:
        try:
            return await self._step(guild_id, match_id, step)
        except HistoryError:
            raise
        except ServiceError as exc:  # worded as history (a match of this server, finished)
            raise HistoryError(exc.code, **exc.detail) from None

    async def _step(self, guild_id: int, match_id: int, step: int) -> ReplayStep:
        match = await self.finished(guild_id, match_id)
        record = await self.service.record(match_id)
        game = await self.service.game_of_match(match_id)  # the card set it was played on
        # Replaying a long match is 80-270 ms of CPU: a worker thread does it, so every other
        # click and timer does not wait behind it on the event loop.
        return await asyncio.to_thread(self.replay_step, match, record, game, step)

    def replay_step(
        self, match: MatchInfo, record: MatchRecord, game: Game[Any, Any], step: int
    ) -> ReplayStep:
        """The replay up to ``step``: pure work on its arguments (any thread may run it)."""
        try:
            marks = self._step_marks(match.id, game, record)
            step = min(max(step, 0), len(marks) - 1)
            state = game.new(record.header.seats, record.header.seed, record.header.options)
            actions = record.action_list()
            events: list[Event] = []
            start = marks[step - 1] if step > 0 else 0
            for index, action in enumerate(actions[: marks[step]]):
                happened = game.apply(state, action)
                if index >= start:
                    events.extend(happened)
        except (IllegalAction, CardSetChanged, ValueError):
            raise HistoryError("replay_broken") from None
        last = step == len(marks) - 1
        shown = match if last else replace(match, status="live", outcome=None)
        shown = replace(shown, version=marks[step], deadline=None)
        return ReplayStep(
            shown,
            game.view(state, None),
            tuple(events),
            frozenset() if last else game.deciders(state),
            step,
            len(marks),
        )

    def _step_marks(self, match_id: int, game: Game[Any, Any], record: MatchRecord) -> list[int]:
        """How many actions each step ends after: [0 (the deal), ..., all of them]."""
        with self._marks_lock:
            cached = self._marks.get(match_id)
            if cached is not None:
                return cached
        if record.header.card_set_digest != game.card_set_digest:
            raise CardSetChanged(record.header.card_set_digest)
        state = game.new(record.header.seats, record.header.seed, record.header.options)
        actions = record.action_list()
        turn = game.view(state, None).to_json().get("turn", -1)
        marks = [0]
        for index, action in enumerate(actions):
            game.apply(state, action)
            now = game.view(state, None).to_json().get("turn", index)
            # A step ends with the action that passed the turn on, and with the last one.
            if now != turn or index + 1 == len(actions):
                marks.append(index + 1)
            turn = now
        with self._marks_lock:  # replays of two clicks may run in two worker threads
            self._marks[match_id] = marks  # the least recently replayed goes at the cap
        return marks
