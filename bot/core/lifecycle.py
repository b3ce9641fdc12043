"""A match's two steps outside play, each under the match's lock: a lobby becomes a live
match (``start``), and a live match ends with no result (``end_broken``).

At the start, the empty seats are filled with AI (in memory), the start hooks turn the
lobby's picks into match options, the game deals from a fresh seed, and only then are the AI
seats and the start stored together: a hook that refuses (a deck check) or a Start that lost a
race leaves the lobby as it was. The first update is published and the AI seats that move
first play. ``MatchService`` hands both commands here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

from bot.core.ai_driver import AiDriver
from bot.core.errors import ServiceError
from bot.core.ledger import Ledger
from bot.core.live import LiveMatches
from bot.core.lobbies import Lobbies
from bot.core.match_types import StartHook, Update
from bot.core.restore import BY_MANAGER, Restorer, rules_version_of
from bot.core.session import MatchSession, ai_levels_of
from bot.core.timers import TurnTimers
from bot.storage.models import VersionConflict
from bot.storage.ports import MatchRepository
from engine.core.record import RecordHeader

log = logging.getLogger(__name__)


class Lifecycle:
    def __init__(
        self,
        repo: MatchRepository,
        ledger: Ledger,
        live: LiveMatches,
        timers: TurnTimers,
        lobbies: Lobbies,
        restorer: Restorer,
        ai: AiDriver,
        seed: Callable[[], int],
    ) -> None:
        self.repo = repo
        self._ledger = ledger
        self._live = live
        self._timers = timers
        self._lobbies = lobbies
        self._restorer = restorer
        self._ai = ai
        self._seed = seed  # a fresh random seed (the match's, then its AI's)
        self.hooks: list[StartHook] = []

    async def start(self, match_id: int, by_user_id: int) -> Update:
        async with self._live.lock(match_id):
            match = await self._lobbies.lobby(match_id)
            self._lobbies.check_host(match, by_user_id)
            game = self._restorer.game(match.game)
            filled = self._lobbies.fill_with_ai(match, game)
            seed = self._seed()
            ai_seed = self._seed()
            options = dict(match.options)
            for hook in self.hooks:
                # Each hook sees what the ones before it added (a deck chosen in the lobby
                # is not chosen again from a player's saved default). A hook that refuses
                # (a deck check) leaves the lobby as it was: the AI seats are not stored yet.
                options.update(await hook(replace(filled, options=dict(options))))
            header = RecordHeader(
                game=game.id,
                card_set_digest=game.card_set_digest,
                seed=seed,
                seats=len(filled.seats),
                # The record keeps what the engine reads: the game's own switches, not the
                # lobby's bookkeeping (ranked, seats, picks), which a strict game refuses.
                options={k: v for k, v in options.items() if k in game.match_options},
            )
            card_set = await self._restorer.pin_for_start(game)
            state = game.new(header.seats, seed, header.options)
            match = await self._lobbies.seat_ai_fill(match, filled)
            live = MatchSession(game, state, header, ai_seed, 0, ai_levels_of(match.seats))
            live.pass_floor = live.version = match.version + 1
            deadline_at, kind = await self._ledger.deadline_for(live, match)
            try:
                await self.repo.start_match(
                    match_id,
                    match.version,
                    header=header.model_dump(),
                    ai_seed=ai_seed,
                    state=state.to_json(),
                    deadline_at=deadline_at,
                    deadline_kind=kind,
                    card_set=card_set,
                    rules_version=rules_version_of(game.id),
                )
            except VersionConflict:
                raise ServiceError("stale") from None
            self._restorer.pinned(card_set)
            self._live.put(match_id, live)
            started = await self._ledger.get(match_id)
            self._timers.schedule(match_id, started.version, deadline_at)
            first = self._ledger.update_of(started, live, started=True, before=frozenset())
            await self._ledger.publish(first)
            return await self._ai.run(started, [first])

    async def end_broken(self, match_id: int, reason: str = BY_MANAGER) -> Update:
        """Close a live match with no result (no rating moves): a quarantined one, or any live
        match a server manager ends. Published like any other change."""
        async with self._live.lock(match_id):
            match = await self._ledger.get(match_id)
            if match.status != "live":
                raise ServiceError("wrong_status", status=match.status)
            self._restorer.unchecked.discard(match_id)
            return await self._ledger.end_no_result(match_id, reason)
