"""Lobbies: seats, host, table size, picks, AI seats, idle expiry, until a match starts.

``MatchService`` hands the lobby commands here; a lobby's changes run under the match's lock
like a live match's moves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.core.errors import ServiceError
from bot.core.ledger import Ledger
from bot.core.live import LiveMatches
from bot.core.match_types import MatchInfo, SeatInfo, Update
from bot.core.settings import AiLevel, SettingsBook
from bot.core.timers import TurnTimers
from bot.storage.ports import MatchRepository
from engine.core import Game

AI_NAMES = ("Ada", "Bram", "Cleo", "Dax", "Edda", "Finn", "Gus", "Hale")
AI_LEVELS = ("random", "heuristic", "strong")
FILL_LEVEL = "heuristic"  # the AI that fills empty seats at start and takes over AFK seats
STRONG_LEVEL = "strong"
OPEN = ("lobby", "live")  # the matches a server holds, counted against its caps


class Lobbies:
    def __init__(
        self,
        repo: MatchRepository,
        ledger: Ledger,
        live: LiveMatches,
        timers: TurnTimers,
        settings: SettingsBook,
        game: Callable[[str], Game[Any, Any]],
    ) -> None:
        self.repo = repo
        self._ledger = ledger
        self._live = live
        self.timers = timers
        self.settings = settings
        self._game = game  # a game by id (raises ServiceError for an unknown one)
        # One per server: its count of open matches and the lobby it opens are one step, so
        # two /match new at once cannot both pass the cap.
        self._opening: dict[int, asyncio.Lock] = {}

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._live.lock(match_id)

    async def get(self, match_id: int) -> MatchInfo:
        return await self._ledger.get(match_id)

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any] | None = None,
    ) -> MatchInfo:
        rules = self._game(game)
        options = dict(options or {})
        seats = options.get("seats")
        if seats is not None and not rules.min_seats <= int(seats) <= rules.max_seats:
            raise ServiceError("bad_seats", least=rules.min_seats, most=rules.max_seats)
        async with self._opening.setdefault(guild_id, asyncio.Lock()):
            most = (await self.settings.get(guild_id)).max_matches
            if len(await self.repo.match_ids(statuses=OPEN, guild_id=guild_id)) >= most:
                raise ServiceError("too_many_matches", most=most)
            match_id = await self.repo.create_match(
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                host_name=host_name,
                game=game,
                options=options,
            )
        return await self._touched(match_id)

    async def set_message(
        self, match_id: int, message_id: int, thread_id: int | None = None
    ) -> None:
        await self.get(match_id)
        await self.repo.set_message(match_id, message_id, thread_id)

    async def join(self, match_id: int, user_id: int, name: str) -> MatchInfo:
        async with self._lock(match_id):
            match = await self.lobby(match_id)
            if match.seat_of(user_id) is not None:
                raise ServiceError("already_seated")
            self._check_room(match)
            await self.repo.add_seat(match_id, len(match.seats), user_id, name, None)
            return await self._touched(match_id)

    async def leave(self, match_id: int, user_id: int) -> MatchInfo:
        async with self._lock(match_id):
            match = await self.lobby(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            others = [s for s in match.seats if s.user_id is not None and s.user_id != user_id]
            new_host = None
            cancel = False
            if user_id == match.host_id:
                if others:
                    new_host = others[0].user_id
                else:
                    cancel = True
            await self.repo.remove_seat(match_id, seat, new_host=new_host, cancel=cancel)
            await self._forget_pick(match, user_id)
            return await self._touched(match_id)

    async def add_ai(self, match_id: int, by_user_id: int, level: str = "random") -> MatchInfo:
        if level not in AI_LEVELS:
            raise ServiceError("bad_level", levels=", ".join(AI_LEVELS))
        async with self._lock(match_id):
            match = await self.lobby(match_id)
            self.check_host(match, by_user_id)
            self._check_room(match)
            if level == STRONG_LEVEL and await self.strong_full(match.guild_id):
                most = (await self.settings.get(match.guild_id)).max_strong_seats
                raise ServiceError("too_many_strong", most=most)
            await self.repo.add_seat(match_id, len(match.seats), None, _ai_name(match), level)
            return await self._touched(match_id)

    async def remove_seat(self, match_id: int, by_user_id: int, seat: int) -> MatchInfo:
        """The host takes a seat away (a player who went quiet, an AI too many)."""
        async with self._lock(match_id):
            match = await self.lobby(match_id)
            self.check_host(match, by_user_id)
            target = next((s for s in match.seats if s.seat == seat), None)
            if target is None:
                raise ServiceError("no_such_seat")
            if target.user_id == match.host_id:
                raise ServiceError("host_stays")  # the host leaves with Leave, or hands over
            await self.repo.remove_seat(match_id, seat, new_host=None, cancel=False)
            if target.user_id is not None:
                await self._forget_pick(match, target.user_id)
            return await self._touched(match_id)

    async def hand_over(self, match_id: int, by_user_id: int, to_user_id: int) -> MatchInfo:
        async with self._lock(match_id):
            match = await self.lobby(match_id)
            self.check_host(match, by_user_id)
            if to_user_id == by_user_id or match.seat_of(to_user_id) is None:
                raise ServiceError("not_a_player")
            await self.repo.set_host(match_id, to_user_id)
            return await self._touched(match_id)

    async def set_ranked(self, match_id: int, by_user_id: int, ranked: bool) -> MatchInfo:
        """The host makes the lobby ranked or casual; stored in its options (``ranked``), which
        the league reads when the match ends (a casual match changes no rating)."""
        async with self._lock(match_id):
            match = await self.lobby(match_id)
            self.check_host(match, by_user_id)
            await self.repo.set_options(match_id, {**match.options, "ranked": ranked})
            return await self._touched(match_id)

    async def set_variant(self, match_id: int, by_user_id: int, key: str) -> MatchInfo:
        """The host picks the game's way to play (``Game.variants``); kept in the lobby's
        options (``variant``) until the start merges its switches in."""
        async with self._lock(match_id):
            match = await self.lobby(match_id)
            self.check_host(match, by_user_id)
            if key not in dict(self._game(match.game).variants):
                raise ServiceError("no_such_variant")
            await self.repo.set_options(match_id, {**match.options, "variant": key})
            return await self._touched(match_id)

    async def set_pick(self, match_id: int, user_id: int, pick: dict[str, Any]) -> MatchInfo:
        """A seated player's own pre-game choice (a duel deck), kept in the lobby's options
        under ``picks[user id]`` until a start hook turns the picks into match options."""
        async with self._lock(match_id):
            match = await self.lobby(match_id)
            if match.seat_of(user_id) is None:
                raise ServiceError("not_seated")
            options = dict(match.options)
            options["picks"] = {**options.get("picks", {}), str(user_id): pick}
            await self.repo.set_options(match_id, options)
            return await self._touched(match_id)

    async def cancel(self, match_id: int, by_user_id: int) -> MatchInfo:
        async with self._lock(match_id):
            match = await self.lobby(match_id)
            self.check_host(match, by_user_id)
            await self.repo.set_status(match_id, "cancelled")
            await self.repo.set_deadline(match_id, None, None)
            self.timers.cancel(match_id)
            return await self.get(match_id)

    async def expire(self, match: MatchInfo) -> Update:
        """Nobody touched the lobby for the server's idle time: close it (caller holds the lock)."""
        await self.repo.set_status(match.id, "cancelled")
        await self.repo.set_deadline(match.id, None, None)
        closed = await self.get(match.id)
        update = Update(closed, [], frozenset())
        await self._ledger.publish(update)
        return update

    async def _touched(self, match_id: int) -> MatchInfo:
        """A lobby changed (or opened): its idle expiry starts again."""
        match = await self.get(match_id)
        if match.status != "lobby":
            self.timers.cancel(match_id)
            return match
        rules = await self.settings.get(match.guild_id)
        deadline_at = self.timers.now() + rules.lobby_idle_seconds
        await self.repo.set_deadline(match_id, deadline_at, "lobby")
        self.timers.schedule(match_id, match.version, deadline_at)
        return await self.get(match_id)

    async def _forget_pick(self, match: MatchInfo, user_id: int) -> None:
        picks = dict(match.options.get("picks", {}))
        if picks.pop(str(user_id), None) is not None:
            await self.repo.set_options(match.id, {**match.options, "picks": picks})

    def fill_with_ai(self, match: MatchInfo, game: Game[Any, Any]) -> MatchInfo:
        """Empty seats up to the table size asked for (at least the game's minimum) get AI
        players as the match starts (classic: 3-6 with AI filling up). In memory only:
        ``seat_ai_fill`` stores them once nothing can refuse the start any more, so a start
        refused by a start hook (a deck check) leaves the lobby as it was."""
        wanted = max(game.min_seats, int(match.options.get("seats") or 0))
        wanted = min(wanted, game.max_seats)
        seats = list(match.seats)
        for seat in range(len(match.seats), wanted):
            name = _ai_name(replace(match, seats=tuple(seats)))
            seats.append(SeatInfo(seat, None, FILL_LEVEL, name, False))
        return replace(match, seats=tuple(seats))

    async def seat_ai_fill(self, match: MatchInfo, filled: MatchInfo) -> MatchInfo:
        """Store the AI seats ``fill_with_ai`` added; the match as it now stands."""
        for seat in filled.seats[len(match.seats) :]:
            await self.repo.add_seat(match.id, seat.seat, None, seat.name, seat.ai_level)
        return await self.get(match.id)

    async def strong_full(self, guild_id: int) -> bool:
        """Whether the server's open matches hold as many strong AI seats as it allows
        (``max_strong_seats``): a strong decision is a search on the workers every server
        shares, so one server's seats cannot take them all (issue 30.3)."""
        most = (await self.settings.get(guild_id)).max_strong_seats
        held = 0
        for match_id in await self.repo.match_ids(statuses=OPEN, guild_id=guild_id):
            try:
                seats = (await self.get(match_id)).seats
            except ServiceError:
                continue  # gone meanwhile
            held += sum(1 for s in seats if s.ai_level == STRONG_LEVEL)
        return held >= most

    async def level_for(self, guild_id: int, level: AiLevel) -> AiLevel:
        """The AI level a seat handed over (away, or by a moderator) plays at: the strong
        level only while the server is under its cap, else the heuristic (the seat must be
        played; a refusal would stall the match)."""
        if level == STRONG_LEVEL and await self.strong_full(guild_id):
            return "heuristic"  # FILL_LEVEL, as its literal
        return level

    async def lobby(self, match_id: int) -> MatchInfo:
        match = await self.get(match_id)
        if match.status != "lobby":
            raise not_a_lobby(match)
        return match

    def check_host(self, match: MatchInfo, user_id: int) -> None:
        if match.host_id != user_id:
            raise ServiceError("not_host")

    def _check_room(self, match: MatchInfo) -> None:
        game = self._game(match.game)
        limit = min(game.max_seats, int(match.options.get("seats") or game.max_seats))
        if len(match.seats) >= limit:
            raise ServiceError("lobby_full", maximum=limit)


def not_a_lobby(match: MatchInfo) -> ServiceError:
    """The refusal of a lobby command (Join, Leave, Add AI, Start, Host tools…) on a match past
    its lobby: a Start that won the race is named as such, so a late Join is told why."""
    if match.status in ("live", "finished"):
        return ServiceError("started")
    return ServiceError("wrong_status", status=match.status)


def _ai_name(match: MatchInfo) -> str:
    taken = {s.name for s in match.seats}
    return next((f"{n} (AI)" for n in AI_NAMES if f"{n} (AI)" not in taken), "AI")
