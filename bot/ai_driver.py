"""Driving AI seats after each move: AI deciders act until a human must decide or the match
ends; then every AI seat the match is not waiting on (a free actor) gets one chance to play
something on its own (a curse, a level-up, an answer to a trade offer), in seat order. A mixin
of ``MatchService``, called under the match's lock."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.match_types import MatchInfo, ServiceError, Update
from bot.restore import LiveMatch
from bot.storage.repository import ActionRow
from engine.core import Action, IllegalAction, Rng

log = logging.getLogger("bot.service")

AI_ITERATION_CAP = 2000
"""AI moves in a row before the service gives up on a game that never hands control back."""

FREE_STREAM = 7  # the AI's free-move choices think with a fork of their own


class AiDriver:
    _live: dict[int, LiveMatch]

    if TYPE_CHECKING:  # provided by MatchService

        async def get(self, match_id: int) -> MatchInfo: ...

        async def _commit(self, match: MatchInfo, action: Action, row: ActionRow) -> Update: ...

    async def _run_ai(self, match_id: int, updates: list[Update]) -> Update:
        """Let AI seats act until a human must decide or the match ends. Returns one update
        that sums up ``updates`` and everything the AI did."""
        from bot.service import in_window

        steps = 0
        while (live := self._live.get(match_id)) is not None:
            try:
                move = self._next_ai_move(live)
            except IllegalAction:
                log.exception("match %s: the AI could not choose", match_id)
                break
            if move is None:
                break
            if steps >= AI_ITERATION_CAP:
                log.error("match %s: AI moved %d times in a row; stopping", match_id, steps)
                break
            match = await self.get(match_id)
            try:
                row = ActionRow(move.seat, move.to_json(), by_ai=True)
                updates.append(await self._commit(match, move, row))
            except (IllegalAction, ServiceError):
                # The human's action is already stored; a broken AI must not undo or hide it.
                log.exception("match %s: AI seat %s could not act", match_id, move.seat)
                break
            steps += 1
        if not updates:
            match = await self.get(match_id)
            live = self._live.get(match_id)
            deciders = live.game.deciders(live.state) if live else frozenset()
            window = in_window(live.game, live.state) if live else False
            return Update(match, [], deciders, window, False, deciders)
        last = updates[-1]
        events = [e for u in updates for e in u.events]
        first = updates[0]
        return Update(last.match, events, last.deciders, last.window, first.started, first.before)

    @staticmethod
    def _next_ai_move(live: LiveMatch) -> Action | None:
        """The first AI decider's choice; with none, the first AI free actor that wants to act
        (each such move uses up a card or an offer, so this ends). The AI thinks with its own
        stream, forked per step so that a restart chooses alike."""
        game, state = live.game, live.state
        rng = Rng(live.ai_seed).fork(live.count)
        deciders = sorted(d for d in game.deciders(state) if d in live.ai_levels)
        if deciders:
            seat = deciders[0]
            return game.ai_action(state, seat, rng, live.ai_levels[seat])
        free = rng.fork(FREE_STREAM)
        for seat in sorted(game.free_actors(state) & live.ai_levels.keys()):
            move = game.ai_free_action(state, seat, free.fork(seat), live.ai_levels[seat])
            if move is not None:
                return move
        return None
