"""Bringing matches back into memory: from a snapshot that covers the log (fast), or by
replaying the log (the truth; the snapshot is only a cache of its fold). A mixin of
``MatchService``, which calls these under each match's lock."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.match_types import MatchInfo, SeatInfo, ServiceError, Update
from bot.storage.repository import StoredMatch
from engine.core import Game, IllegalAction
from engine.core.record import CardSetChanged, MatchRecord, RecordHeader, replay

if TYPE_CHECKING:
    from bot.storage.repository import Repository, Row

log = logging.getLogger("bot.service")


@dataclass
class LiveMatch:
    """A started match held in memory: its game, the state and the record header."""

    game: Game[Any, Any]
    state: Any
    header: RecordHeader
    ai_seed: int
    count: int  # actions in the log
    ai_levels: dict[int, str] = field(default_factory=dict)
    # The version since which only passes were played in the same open window: a Pass drawn
    # at or after it still answers that window, so it is not stale. After a restart it is the
    # current version (older table Passes get a fresh view instead).
    pass_floor: int = 0


class Restorer:
    repo: Repository
    _live: dict[int, LiveMatch]
    _unchecked: dict[int, StoredMatch]

    if TYPE_CHECKING:  # provided by MatchService

        def _lock(self, match_id: int) -> asyncio.Lock: ...

        def _game(self, game_id: str) -> Game[Any, Any]: ...

        def _info(self, row: Row, seats: list[Row]) -> MatchInfo: ...

        async def current(self, match_id: int) -> Update: ...

    async def _check_all(self) -> None:
        for match_id in list(self._unchecked):
            async with self._lock(match_id):
                await self._check(match_id)
            await asyncio.sleep(0)  # one replay at a time, so clicks are served in between

    async def _check(self, match_id: int) -> None:
        """Replay a snapshot-restored match's log (the caller holds the match lock). Nothing
        has changed the match since its restore: ``view`` and ``_commit`` check first."""
        stored = self._unchecked.pop(match_id, None)
        if stored is None or match_id not in self._live:
            return
        try:
            self._live[match_id] = await self._rebuild(stored)
        except Exception:
            log.exception("match %s: the log could not be checked; keeping the snapshot", match_id)

    def _from_snapshot(self, found: StoredMatch) -> LiveMatch | None:
        """A live match straight from a snapshot that covers the whole log, else None."""
        if found.snapshot is None or found.snapshot[0] != len(found.actions):
            return None
        match = self._info(found.row, found.seats)
        game = self._game(match.game)
        header = RecordHeader.model_validate(json.loads(found.row["header_json"]))
        state = game.load_state(found.snapshot[1])
        count = len(found.actions)
        return LiveMatch(
            game,
            state,
            header,
            int(found.row["ai_seed"]),
            count,
            ai_levels_of(match.seats),
            match.version,
        )

    async def _restore(self, match_id: int) -> LiveMatch:
        found = await self.repo.stored_matches(statuses=None, match_id=match_id)
        if not found:
            raise ServiceError("not_found")
        return await self._rebuild(found[0])

    async def _rebuild(self, found: StoredMatch) -> LiveMatch:
        match_id, row = found.id, found.row
        match = self._info(row, found.seats)
        game = self._game(match.game)
        header = RecordHeader.model_validate(json.loads(row["header_json"]))
        record = MatchRecord(header=header, actions=found.actions)
        snapshot = found.snapshot
        stored = game.load_state(snapshot[1]) if snapshot is not None else None
        try:
            state = replay(game, record)
        except (IllegalAction, CardSetChanged, ValueError):
            log.exception("match %s: the log does not replay; keeping the snapshot", match_id)
            if stored is None:
                raise
            state = stored
        else:
            if stored is None or stored.to_json() != state.to_json():
                # The log is the truth; the snapshot is only a cache of its fold.
                log.warning("match %s: snapshot disagrees with the log; using the log", match_id)
                await self.repo.replace_snapshot(match_id, len(record.actions), state.to_json())
        return LiveMatch(
            game,
            state,
            header,
            int(row["ai_seed"]),
            len(record.actions),
            ai_levels_of(match.seats),
            match.version,
        )

    # hands lost in a crash ----------------------------------------------------------------

    async def hands_owed(self) -> dict[int, set[int]]:
        """Match -> seats to send a fresh hand after a restart: a human seat that never got
        its hand DM (the crash came between the start and the DMs), or one that is deciding
        outside a response window with a DM older than the match (its turn began, or went
        on, after the last DM that arrived). In a window the table's Pass / Play a card
        serve everyone, as without a restart."""
        owed: dict[int, set[int]] = {}
        for match_id, seat, sent in await self.repo.unsent_hands():
            if match_id not in self._live:
                continue  # not restored (it failed to load): nothing to deal from
            update = await self.current(match_id)
            deciding = seat in update.deciders and not update.window
            if sent is None or deciding:
                owed.setdefault(match_id, set()).add(seat)
        return owed

    async def hand_sent(self, match_id: int, user_id: int, version: int) -> None:
        """The publisher delivered a hand DM drawn at ``version``."""
        await self.repo.mark_hand_sent(match_id, user_id, version)

    async def _load_finished(self, match: MatchInfo) -> LiveMatch:
        if match.status == "lobby" or match.status == "cancelled":
            row = await self.repo.match(match.id)
            if row is None or row["header_json"] is None:
                raise ServiceError("wrong_status", status=match.status)
        return await self._restore(match.id)


def ai_levels_of(seats: Iterable[SeatInfo]) -> dict[int, str]:
    return {s.seat: s.ai_level for s in seats if s.ai_level is not None}
