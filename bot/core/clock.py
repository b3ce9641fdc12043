"""The clock and players who are away: the default move for every human decider when the
clock runs out, the seat handed to the AI after lapses in ``AFK_TIMEOUTS`` turns in a row
with no press of theirs in between, the player taking it back, and turn timers moved by the
downtime after a restart. Only deciders are ever timed (free actors are never waited on).

Each decision has its own clock (the deadline starts again after every move that changes
who decides), and several lapses in one turn count once towards being away (docs/ux.md,
"The away rule"): a person reading a first fight at 400 px let its roll, its running and
its flight lapse in one turn and was marked away before pressing anything."""

from __future__ import annotations

import logging

from bot.core.ai_driver import AiDriver
from bot.core.errors import ServiceError
from bot.core.ledger import Check, Ledger
from bot.core.live import LiveMatches
from bot.core.lobbies import Lobbies
from bot.core.match_types import MatchInfo, Update
from bot.core.session import MatchSession
from bot.core.settings import SettingsBook
from bot.core.timers import TurnTimers
from bot.storage.models import ActionRow
from bot.storage.ports import MatchRepository
from engine.core import Event

log = logging.getLogger("bot.core.service")

AFK_TIMEOUTS = 3  # turns in a row with a lapse (no press between) before the AI takes over
AFK_EVENT = "afk_ai"  # a notice in an Update only; never part of the engine's log
BACK_EVENT = "afk_back"  # likewise: the player took their seat back
SEAT_AI_EVENT = "seat_ai"  # likewise: a moderator gave the seat to the AI


class Clock:
    def __init__(
        self,
        repo: MatchRepository,
        ledger: Ledger,
        live: LiveMatches,
        timers: TurnTimers,
        settings: SettingsBook,
        *,
        check: Check,
        ai: AiDriver,
        lobbies: Lobbies,
    ) -> None:
        self.repo = repo
        self._ledger = ledger
        self._live = live
        self.timers = timers
        self.settings = settings
        self._check = check
        self._ai = ai
        self._lobbies = lobbies
        # Set at start: matches whose clock ran out while the bot was down (redrawn); a mark
        # of each ``LiveMatch`` (bot.core.live), seen as a set.
        self.moved_deadlines = live.moved_deadlines

    async def timeout(self, match_id: int, expected_version: int) -> Update | None:
        """Play the default action for every human decider; a timer that lost the race to a
        real action (the version moved on) does nothing."""
        async with self._live.lock(match_id):
            match = await self._ledger.get(match_id)
            if match.status == "lobby" and match.version == expected_version:
                return await self._lobbies.expire(match)
            live = self._live.get(match_id)
            if match.status != "live" or live is None or match.version != expected_version:
                return None
            await self._check(match_id)
            live = self._live[match_id]
            live.version = match.version  # the stored version is the truth
            # A response window that lapses is everyone passing, not anyone being away.
            afk = match.deadline_kind != "window"
            updates: list[Update] = []
            humans = {s.seat for s in match.seats if s.ai_level is None}
            # Every lapsed seat's default move is staged on one burst, and the AI's replies
            # after them: one write transaction (issue 29.5), not one per seat. A write that
            # fails keeps none of it and raises (``by_person``): the timer fires again.
            burst = self._ledger.burst(match)
            for seat in sorted(live.game.deciders(live.state) & humans):
                live = burst.session
                if live.outcome() is not None:
                    break
                if seat not in live.deciders():
                    continue
                action = live.game.default_action(live.state, seat)
                # A lapse counts towards being away once a turn: a person reading their
                # first fight may let its roll, its running and its flight lapse in one turn.
                # The staged session keeps it (``Ledger.stage``), and so does the stored
                # match (``lapsed_seats``), so a restart in this turn counts none again.
                counts = afk and seat not in live.lapsed_now()
                row = ActionRow(seat, action.to_json(), by_timeout=True, afk=counts)
                await self._ledger.stage(burst, live.play(action), row, by_person=True)
                if burst.match.status != "live":
                    break
                if counts and self._away(burst.match, seat):
                    # The AI takes the seat over from here: what is staged is stored first.
                    updates.extend(await self._ledger.store(burst))
                    notice = await self._hand_afk_seat(burst.match, seat)
                    if notice is not None:
                        updates.append(notice)
                        burst = self._ledger.burst(notice.match)
            if not updates and not burst.staged:
                return None
            return await self._ai.run(burst.match, updates, burst)

    def _away(self, match: MatchInfo, seat: int) -> bool:
        """Whether the seat's lapses (in AFK_TIMEOUTS turns in a row) hand it to the AI now."""
        info = next(s for s in match.seats if s.seat == seat)
        return info.timeouts >= AFK_TIMEOUTS and info.ai_level is None

    async def _hand_afk_seat(self, match: MatchInfo, seat: int) -> Update | None:
        """After lapses in AFK_TIMEOUTS turns in a row the AI plays the seat; the table says so
        through a notice event (never stored in the engine's log)."""
        info = next(s for s in match.seats if s.seat == seat)
        live = self._live.get(match.id)
        if info.timeouts < AFK_TIMEOUTS or info.ai_level is not None or live is None:
            return None
        level = (await self.settings.get(match.guild_id)).afk_ai_level
        level = await self._lobbies.level_for(match.guild_id, level)  # the strong seats' cap
        return await self._notice(match.id, live, seat, AFK_EVENT, level)

    async def _notice(
        self, match_id: int, live: MatchSession, seat: int, kind: str, level: str | None
    ) -> Update:
        """A seat handed to the AI at ``level`` (None: back to its player), and the notice
        event that tells the table (never stored in the engine's log)."""
        if level is None:
            await self.repo.reclaim_seat(match_id, seat)
            live.ai_levels.pop(seat, None)
        else:
            await self.repo.hand_to_ai(match_id, seat, level)
            live.ai_levels[seat] = level
        fresh = await self._ledger.get(match_id)
        update = self._ledger.update_of(fresh, live, [Event(kind, {"seat": seat})])
        await self._ledger.publish(update)
        return update

    async def reclaim_seat(self, match_id: int, user_id: int) -> Update:
        """A player whose seat went to the AI for being away plays it again."""
        async with self._live.lock(match_id):
            match, live = await self._ledger.playing(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            if not next(s for s in match.seats if s.seat == seat).afk:
                raise ServiceError("not_afk")
            return await self._notice(match_id, live, seat, BACK_EVENT, None)

    async def seat_to_ai(self, match_id: int, user_id: int) -> Update:
        """A moderator hands a member's seat to the AI (a member who left or was removed from
        the server): as after AFK timeouts, the AI plays it from now on and the table says so.
        The seat stays theirs in the record; ``reclaim_seat`` would return it."""
        async with self._live.lock(match_id):
            match, live = await self._ledger.playing(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            if next(s for s in match.seats if s.seat == seat).ai_level is not None:
                raise ServiceError("already_ai")
            level = (await self.settings.get(match.guild_id)).afk_ai_level  # as for AFK
            level = await self._lobbies.level_for(match.guild_id, level)
            update = await self._notice(match_id, live, seat, SEAT_AI_EVENT, level)
            return await self._ai.run(update.match, [update])

    async def resume_deadlines(self) -> None:
        """Every turn timer that was running when the last process stopped moves by the
        outage, measured from the last write the old process made (a move, a timeout, a
        start) to now: players get back at least the time they could not play (a quiet spell
        before the crash is given back too), and a deadline that passed while the bot was
        down fires no timeout move and counts nothing towards the AFK hand-over. A table
        whose clock ran out during the outage is redrawn with the new one; any other keeps
        showing the old clock, which now errs on the safe side, so a restart shows nothing."""
        alive = await self.repo.last_alive()
        now = self.timers.now()
        if alive is None or now <= alive:
            return
        expired = await self.repo.move_deadlines(now - alive, alive, now)
        for match_id in expired:
            self.moved_deadlines.add(match_id)
        log.info("turn timers moved by the %.1f s since the last write", now - alive)
