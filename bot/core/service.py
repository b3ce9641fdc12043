"""MatchService: the only door the Discord layer uses into matches.

Every change is persisted first (one transaction, optimistic version check) and published
after; one asyncio lock per match keeps a match's changes in order. Results are plain values,
never discord objects. The door owns no rule itself: it builds its collaborators, each given
what it uses through its constructor, and hands every command to the one that owns it
(``Lobbies``, ``Lifecycle``, ``Clock``, ``AiDriver``, ``Restorer``, around a ``Ledger`` and the
``LiveMatches`` store of ``MatchSession``s; docs/architecture.md).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from bot.core.ai_driver import AiDriver
from bot.core.ai_pool import AiPool
from bot.core.autopass import AutoPass
from bot.core.clock import AFK_EVENT, AFK_TIMEOUTS, BACK_EVENT, Clock
from bot.core.errors import ServiceError
from bot.core.held_marks import HeldMarks
from bot.core.ledger import Ledger
from bot.core.lifecycle import Lifecycle
from bot.core.live import Holds, LiveMatches, everything
from bot.core.lobbies import AI_LEVELS, AI_NAMES, FILL_LEVEL, Lobbies, not_a_lobby
from bot.core.match_types import Listener, MatchInfo, SeatInfo, StartHook, Update
from bot.core.preferences import PlayerBook
from bot.core.restore import BY_MANAGER, Restorer
from bot.core.session import MatchSession, in_window, passed_in_window, window_of
from bot.core.settings import ServerSettings, SettingsBook
from bot.core.startup import Startup
from bot.core.timers import TurnTimers
from bot.storage.models import LiveHand
from bot.storage.ports import Storage
from engine import games as registry
from engine.core import CONCEDE, PASS, Action, Game, PlayerView
from engine.core.record import MatchRecord, RecordHeader

log = logging.getLogger(__name__)

__all__ = [
    "AFK_EVENT",
    "AFK_TIMEOUTS",
    "AI_LEVELS",
    "AI_NAMES",
    "BACK_EVENT",
    "FILL_LEVEL",
    "PASS",
    "Listener",
    "MatchInfo",
    "MatchService",
    "SeatInfo",
    "ServiceError",
    "StartHook",
    "Update",
    "in_window",
    "not_a_lobby",
    "passed_in_window",
    "window_of",
]


class MatchService:
    """The door: every command of the Discord layer, handed to the collaborator that owns
    it. They share one ``LiveMatches`` store of sessions and one ``Ledger`` (reads, moves,
    listeners); each gets what it uses through its constructor, and none imports another
    above it (tests/architecture)."""

    def __init__(
        self,
        storage: Storage,
        *,
        games: Callable[[str], Game[Any, Any]] = registry.load_game,
        turn_seconds: float = 120.0,
        window_seconds: float = 15.0,
        lobby_idle_seconds: float = 900.0,
        max_matches: int | None = None,  # every server's caps (None: ServerSettings')
        max_strong_seats: int | None = None,
        clock: Callable[[], float] | None = None,
        ai_pool: AiPool | None = None,  # the strong AI's workers; tests give their own
        holds: Holds = everything,  # the matches this process holds (bot.core.live)
    ) -> None:
        self.repo = storage.matches
        # The process settings are every server's defaults; /settings overrides per server.
        # model_construct: tests and benchmarks use bounds a server may not pick (0 s, a day).
        base = ServerSettings()
        strong = base.max_strong_seats if max_strong_seats is None else max_strong_seats
        self.settings = SettingsBook(
            storage.settings,
            ServerSettings.model_construct(
                turn_seconds=turn_seconds,
                window_seconds=window_seconds,
                lobby_idle_seconds=lobby_idle_seconds,
                max_matches=max_matches or base.max_matches,
                max_strong_seats=strong,
            ),
        )
        self.live = LiveMatches(holds)
        self.quarantined = self.live.quarantined
        self.timers = TurnTimers(self.timeout, **({"clock": clock} if clock else {}))
        self.restorer = Restorer(self.repo, self.live, games)
        self.ended_at_start = self.restorer.ended_at_start
        game = self.restorer.game
        checks = (self.restorer.check, self.restorer.reload)
        # Delivery marks held for the next move's write (issue 29.5, bot.core.held_marks).
        self.held = HeldMarks(self.repo)
        self.ledger = Ledger(
            self.repo, self.live, self.timers, self.settings, *checks, held=self.held
        )
        self.lobbies = Lobbies(self.repo, self.ledger, self.live, self.timers, self.settings, game)
        self.players = PlayerBook(storage.players)  # each player's own (/preferences)
        self.autopass = AutoPass(self.players)
        self.ai = AiDriver(self.ledger, self.live, self.settings, game, self.autopass, pool=ai_pool)
        self.clock = Clock(
            self.repo,
            self.ledger,
            self.live,
            self.timers,
            self.settings,
            check=self.restorer.check,
            ai=self.ai,
            lobbies=self.lobbies,
        )
        self.moved_deadlines = self.clock.moved_deadlines
        self.lifecycle = Lifecycle(
            self.repo,
            self.ledger,
            self.live,
            self.timers,
            self.lobbies,
            self.restorer,
            self.ai,
            seed=_fresh_seed,
        )
        self.startup = Startup(
            self.repo, self.live, self.timers, self.restorer, self.clock, self.ai, self.get
        )
        # The core's other holders of per-match state, released with the match (``forget``).
        self.live.register("turn timer", self.timers)
        self.live.register("restart AI burst", self.startup)
        self.live.register("delivery marks", self.held)

    # life cycle ----------------------------------------------------------------------------
    async def start(self) -> None:
        """Restore live matches and their timers and schedule what is owed (``Startup``):
        a restart never thinks, so the bot answers at once (docs/reliability.md)."""
        await self.startup.start()

    async def resumed(self) -> None:
        """Wait until every AI burst the restart scheduled has run."""
        await self.startup.resumed()

    async def checked(self) -> None:
        """Wait until every restored snapshot has been checked against its log."""
        await self.startup.checked()

    async def close(self) -> None:
        await self.startup.close()
        await self.timers.close()
        await self.ai.close()  # its worker processes end with the service
        await self.held.close()  # the delivery marks held are written before storage closes

    async def forget(self, match_id: int) -> None:
        """Release the match from this process, all of it (``bot.core.live``)."""
        await self.live.forget(match_id)

    async def quiet(self, match_id: int) -> None:
        """Wait until nothing is changing the match (an AI burst runs under its lock), so a
        publisher that waits here draws the end of a burst once, not every step of it."""
        async with self.live.lock(match_id):
            return

    def subscribe(self, listener: Listener) -> None:
        self.ledger.listeners.append(listener)

    def add_start_hook(self, hook: StartHook) -> None:
        self.lifecycle.hooks.append(hook)

    # lobbies -------------------------------------------------------------------------------
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
        return await self.lobbies.create(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            host_name=host_name,
            game=game,
            options=options,
        )

    async def set_message(
        self, match_id: int, message_id: int, thread_id: int | None = None
    ) -> None:
        await self.lobbies.set_message(match_id, message_id, thread_id)

    async def join(self, match_id: int, user_id: int, name: str) -> MatchInfo:
        return await self.lobbies.join(match_id, user_id, name)

    async def leave(self, match_id: int, user_id: int) -> MatchInfo:
        return await self.lobbies.leave(match_id, user_id)

    async def add_ai(self, match_id: int, by_user_id: int, level: str = "random") -> MatchInfo:
        return await self.lobbies.add_ai(match_id, by_user_id, level)

    async def remove_seat(self, match_id: int, by_user_id: int, seat: int) -> MatchInfo:
        return await self.lobbies.remove_seat(match_id, by_user_id, seat)

    async def hand_over(self, match_id: int, by_user_id: int, to_user_id: int) -> MatchInfo:
        return await self.lobbies.hand_over(match_id, by_user_id, to_user_id)

    async def set_ranked(self, match_id: int, by_user_id: int, ranked: bool) -> MatchInfo:
        return await self.lobbies.set_ranked(match_id, by_user_id, ranked)

    async def set_pick(self, match_id: int, user_id: int, pick: dict[str, Any]) -> MatchInfo:
        return await self.lobbies.set_pick(match_id, user_id, pick)

    async def set_variant(self, match_id: int, by_user_id: int, key: str) -> MatchInfo:
        return await self.lobbies.set_variant(match_id, by_user_id, key)

    async def cancel(self, match_id: int, by_user_id: int) -> MatchInfo:
        return await self.lobbies.cancel(match_id, by_user_id)

    async def start_match(self, match_id: int, by_user_id: int) -> Update:
        return await self.lifecycle.start(match_id, by_user_id)

    # play ----------------------------------------------------------------------------------
    async def act(
        self, match_id: int, user_id: int, action_key: str, expected_version: int
    ) -> Update:
        async with self.live.lock(match_id):
            match, session = await self.ledger.playing(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            step = session.act(seat, action_key, expected_version, match.seats)
            # the move and the replies that need no think: one write (issue 29.5)
            return await self.ai.run(match, [], await self.ledger.staged(match, [step], seat))

    async def act_all(
        self, match_id: int, user_id: int, keys: Sequence[str], expected_version: int
    ) -> Update:
        """A builder's plan (bot/render/drafts.py): moves of one seat in a row, all or none.
        Each is checked (stale rules, legal in the state the ones before it leave) on copies
        before the first is stored, so a plan that breaks half-way changes nothing; then all
        are stored in one transaction with the replies (``Ledger.store``), so a failed write
        keeps none."""
        async with self.live.lock(match_id):
            match, session = await self.ledger.playing(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            steps, trial, version = [], session, expected_version
            for key in keys:
                step = trial.act(seat, key, version, match.seats)
                steps.append(step)
                trial, version = trial.after(step), trial.version + 1
            return await self.ai.run(match, [], await self.ledger.staged(match, steps, seat))

    async def concede(self, match_id: int, user_id: int) -> Update:
        async with self.live.lock(match_id):
            match, session = await self.ledger.playing(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            step = session.play(Action(seat, CONCEDE))
            return await self.ai.run(match, [], await self.ledger.staged(match, [step], seat))

    async def timeout(self, match_id: int, expected_version: int) -> Update | None:
        return await self.clock.timeout(match_id, expected_version)

    async def reclaim_seat(self, match_id: int, user_id: int) -> Update:
        return await self.clock.reclaim_seat(match_id, user_id)

    async def seat_to_ai(self, match_id: int, user_id: int) -> Update:
        return await self.clock.seat_to_ai(match_id, user_id)

    async def mark_dm_closed(self, match_id: int, user_id: int) -> None:
        await self.repo.mark_dm_closed(match_id, user_id)

    async def end_broken(self, match_id: int, reason: str = BY_MANAGER) -> Update:
        return await self.lifecycle.end_broken(match_id, reason)

    # reads ---------------------------------------------------------------------------------
    async def get(self, match_id: int) -> MatchInfo:
        return await self.ledger.get(match_id)

    @asynccontextmanager
    async def unchanged(self, match: MatchInfo) -> AsyncIterator[bool]:
        """Holds the match still (its lock) and says whether it is as ``match`` shows it: a
        lobby drawn inside cannot land over a table that a Start drew meanwhile (the table is
        drawn once the lock is free, ``bot.delivery.publisher``), nor over a newer lobby."""
        async with self.live.lock(match.id):
            now = await self.get(match.id)
            yield now.version == match.version and now.status == match.status

    async def _session(self, match_id: int) -> tuple[MatchInfo, MatchSession | None]:
        """The match and its session (None once it is not in memory), its log checked."""
        if match_id in self.restorer.unchecked:
            async with self.live.lock(match_id):
                await self.restorer.check(match_id)
        match = await self.get(match_id)
        return match, self.live.get(match_id)

    async def view(
        self, match_id: int, user_id: int | None
    ) -> tuple[MatchInfo, PlayerView, list[Action]]:
        match, live = await self._session(match_id)
        if live is None:
            live = await self.restorer.load_finished(match)
        seat = match.seat_of(user_id) if user_id is not None else None
        # From the session's memo: the hand or table the last move's publish drew at this
        # version already worked these out.
        view = live.sight.view(seat)
        actions: list[Action] = []
        if seat is not None and match.status == "live":
            actions = live.sight.legal(seat)
        return match, view, actions

    def deciders(self, match_id: int) -> frozenset[int]:
        """The seats the match waits on, from memory (none once it is not in memory)."""
        live = self.live.get(match_id)
        return live.deciders() if live is not None else frozenset()

    async def current(self, match_id: int) -> Update:
        """The match as it stands, as an Update with no events (what a publisher that has
        seen nothing since a restart draws)."""
        match, live = await self._session(match_id)
        return self.ledger.update_of(match, live)

    async def live_matches_in_channel(self, channel_id: int) -> list[MatchInfo]:
        ids = await self.repo.match_ids(statuses=("lobby", "live"), channel_id=channel_id)
        return [await self.get(i) for i in ids]

    async def matches_of_user(
        self, guild_id: int, user_id: int, statuses: Iterable[str] = ("lobby", "live")
    ) -> list[MatchInfo]:
        ids = await self.repo.match_ids(
            statuses=tuple(statuses), guild_id=guild_id, user_id=user_id
        )
        return [await self.get(i) for i in ids]

    async def action_log(self, match_id: int) -> list[Action]:
        return [Action.from_json(a) for a in await self.repo.actions(match_id)]

    async def record(self, match_id: int) -> MatchRecord:
        row = await self.repo.match(match_id)
        if row is None or row.header_json is None:
            raise ServiceError("not_found")
        header = RecordHeader.model_validate_json(row.header_json)
        return MatchRecord(header=header, actions=await self.repo.actions(match_id))

    async def game_of_match(self, match_id: int) -> Game[Any, Any]:
        return await self.restorer.game_of_match(match_id)

    async def card_set_of(self, match_id: int) -> dict[str, Any] | None:
        return await self.restorer.card_set_of(match_id)

    async def rules_version_played(self, match_id: int) -> int:
        return await self.restorer.rules_version_played(match_id)

    # the table and hands after a restart ------------------------------------------------------
    async def hands_owed(self) -> dict[int, set[int]]:
        return await self.restorer.hands_owed(await self.repo.unsent_hands())

    async def table_current(self, match_id: int) -> bool:
        """True when the public table already shows the match as it stands (no edit was lost
        in a crash, and its clock did not run out during the outage)."""
        if match_id in self.moved_deadlines:
            return False
        drawn = await self.repo.table_version(match_id)
        match = await self.get(match_id)
        return drawn is not None and drawn >= match.version

    async def live_hands(self, match_id: int) -> list[LiveHand]:
        """Where each player's one live hand message of the match is (``bot.delivery.hands``)."""
        return await self.repo.live_hands(match_id)

    async def hand_sent(self, match_id: int, user_id: int, version: int) -> None:
        """A hand DM drawn at ``version`` was delivered, written at once (the publisher's
        own marks are held for the next write: ``bot.delivery.marks``)."""
        await self.repo.mark_hand_sent(match_id, user_id, version)

    async def drop_live_hand(self, match_id: int, user_id: int) -> None:
        """Written at once, after any write that carries the hand's held row (and with the
        held one gone): an older row never lands after the drop."""
        async with self.held.direct(match_id, user_id):
            await self.repo.drop_live_hand(match_id, user_id)


def _fresh_seed() -> int:
    """A match's (or its AI's) random seed, drawn when it starts. Looked up here at each call,
    so a test fixes every match's seed by patching ``bot.core.service.secrets.randbits``."""
    return secrets.randbits(63)
