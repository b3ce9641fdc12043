"""Timers running out and players who are away: the default move for every human decider
when the clock runs out, the seat handed to the AI after ``AFK_TIMEOUTS`` turn timeouts in a
row, and the player taking it back. A mixin of ``MatchService``; only deciders are ever timed
(free actors are never waited on)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from bot.match_types import MatchInfo, ServiceError, Update
from bot.restore import LiveMatch
from bot.storage.models import ActionRow
from engine.core import Action, Event

if TYPE_CHECKING:
    from bot.settings import SettingsBook
    from bot.storage.ports import MatchRepository

AFK_TIMEOUTS = 3  # turn timeouts in a row before the AI takes the seat over
AFK_EVENT = "afk_ai"  # a notice in an Update only; never part of the engine's log
BACK_EVENT = "afk_back"  # likewise: the player took their seat back
SEAT_AI_EVENT = "seat_ai"  # likewise: a moderator gave the seat to the AI


class AwayRules:
    repo: MatchRepository
    settings: SettingsBook
    _live: dict[int, LiveMatch]

    if TYPE_CHECKING:  # provided by MatchService and its other mixins

        def _lock(self, match_id: int) -> asyncio.Lock: ...

        async def get(self, match_id: int) -> MatchInfo: ...

        async def _playing(self, match_id: int) -> MatchInfo: ...

        async def _check(self, match_id: int) -> None: ...

        async def _commit(self, match: MatchInfo, action: Action, row: ActionRow) -> Update: ...

        async def _run_ai(self, match_id: int, updates: list[Update]) -> Update: ...

        async def _publish(self, update: Update) -> None: ...

        async def _expire_lobby(self, match: MatchInfo) -> Update: ...

    async def timeout(self, match_id: int, expected_version: int) -> Update | None:
        """Play the default action for every human decider; a timer that lost the race to a
        real action (the version moved on) does nothing."""
        async with self._lock(match_id):
            match = await self.get(match_id)
            if match.status == "lobby" and match.version == expected_version:
                return await self._expire_lobby(match)
            live = self._live.get(match_id)
            if match.status != "live" or live is None or match.version != expected_version:
                return None
            await self._check(match_id)
            live = self._live[match_id]
            # A response window that lapses is everyone passing, not anyone being away.
            afk = match.deadline_kind != "window"
            updates: list[Update] = []
            humans = {s.seat for s in match.seats if s.ai_level is None}
            for seat in sorted(live.game.deciders(live.state) & humans):
                live = self._live.get(match_id) or live
                if live.game.outcome(live.state) is not None:
                    break
                if seat not in live.game.deciders(live.state):
                    continue
                action = live.game.default_action(live.state, seat)
                row = ActionRow(seat, action.to_json(), by_timeout=True, afk=afk)
                updates.append(await self._commit(match, action, row))
                match = updates[-1].match
                if afk and match.status == "live":
                    notice = await self._hand_afk_seat(match, seat)
                    if notice is not None:
                        updates.append(notice)
                        match = notice.match
            if not updates:
                return None
            return await self._run_ai(match_id, updates)

    async def _hand_afk_seat(self, match: MatchInfo, seat: int) -> Update | None:
        """After AFK_TIMEOUTS turn timeouts in a row the AI plays the seat; the table says so
        through a notice event (never stored in the engine's log)."""
        info = next(s for s in match.seats if s.seat == seat)
        live = self._live.get(match.id)
        if info.timeouts < AFK_TIMEOUTS or info.ai_level is not None or live is None:
            return None
        level = (await self.settings.get(match.guild_id)).afk_ai_level
        await self.repo.hand_to_ai(match.id, seat, level)
        live.ai_levels[seat] = level
        fresh = await self.get(match.id)
        deciders = live.game.deciders(live.state)
        notice = [Event(AFK_EVENT, {"seat": seat})]
        update = Update(fresh, notice, deciders, _in_window(live), False, deciders)
        await self._publish(update)
        return update

    async def take_back(self, match_id: int, user_id: int) -> Update:
        """A player whose seat went to the AI for being away plays it again."""
        async with self._lock(match_id):
            match = await self._playing(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            if not next(s for s in match.seats if s.seat == seat).afk:
                raise ServiceError("not_afk")
            await self.repo.take_back(match_id, seat)
            live = self._live[match_id]
            live.ai_levels.pop(seat, None)
            fresh = await self.get(match_id)
            deciders = live.game.deciders(live.state)
            notice = [Event(BACK_EVENT, {"seat": seat})]
            window = _in_window(live)
            update = Update(fresh, notice, deciders, window, False, deciders)
            await self._publish(update)
            return update

    async def seat_to_ai(self, match_id: int, user_id: int) -> Update:
        """A moderator hands a member's seat to the AI (a member who left or was removed from
        the server): as after AFK timeouts, the AI plays it from now on and the table says so.
        The seat stays theirs in the record; ``take_back`` would return it."""
        async with self._lock(match_id):
            match = await self._playing(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            if next(s for s in match.seats if s.seat == seat).ai_level is not None:
                raise ServiceError("already_ai")
            await self._check(match_id)
            level = (await self.settings.get(match.guild_id)).afk_ai_level  # as for AFK
            await self.repo.hand_to_ai(match_id, seat, level)
            live = self._live[match_id]
            live.ai_levels[seat] = level
            fresh = await self.get(match_id)
            deciders = live.game.deciders(live.state)
            notice = [Event(SEAT_AI_EVENT, {"seat": seat})]
            update = Update(fresh, notice, deciders, _in_window(live), False, deciders)
            await self._publish(update)
            return await self._run_ai(match_id, [update])


def _in_window(live: LiveMatch) -> bool:
    from bot.service import in_window

    return in_window(live.game, live.state)
