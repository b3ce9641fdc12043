"""MatchService: the only door the Discord layer uses into matches.

Every change is persisted first (one transaction, optimistic version check) and published
after; one asyncio lock per match keeps a match's changes in order. Results are plain values,
never discord objects.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from bot.ai_driver import AiDriver
from bot.away import AFK_EVENT, AFK_TIMEOUTS, BACK_EVENT, AwayRules
from bot.lobby_rules import AI_LEVELS, AI_NAMES, FILL_LEVEL, LobbyRules
from bot.match_types import (
    Listener,
    MatchInfo,
    SeatInfo,
    ServiceError,
    StartHook,
    Update,
)
from bot.restore import LiveMatch, Restorer, ai_levels_of, rules_version_of
from bot.settings import ServerSettings, SettingsBook
from bot.storage.models import (
    ActionRow,
    MatchRow,
    SeatRow,
    StoredMatch,
    VersionConflict,
    match_info,
)
from bot.storage.ports import Storage
from bot.timers import TurnTimers
from engine import games as registry
from engine.core import (
    CONCEDE,
    PASS,
    Action,
    Event,
    Game,
    IllegalAction,
    PlayerView,
    waits_on_window,
)
from engine.core.record import MatchRecord, RecordHeader

log = logging.getLogger(__name__)


__all__ = [
    "AFK_EVENT",
    "AFK_TIMEOUTS",
    "AI_LEVELS",
    "AI_NAMES",
    "BACK_EVENT",
    "FILL_LEVEL",
    "Listener",
    "MatchInfo",
    "MatchService",
    "SeatInfo",
    "ServiceError",
    "StartHook",
    "Update",
]


class MatchService(LobbyRules, Restorer, AiDriver, AwayRules):
    def __init__(
        self,
        storage: Storage,
        *,
        games: Callable[[str], Game[Any, Any]] = registry.load_game,
        turn_seconds: float = 120.0,
        window_seconds: float = 15.0,
        lobby_idle_seconds: float = 900.0,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.repo = storage.matches
        self._games = games
        # The process settings are every server's defaults; /settings overrides per server.
        # model_construct: tests and benchmarks use bounds a server may not pick (0 s, a day).
        self.settings = SettingsBook(
            storage.settings,
            ServerSettings.model_construct(
                turn_seconds=turn_seconds,
                window_seconds=window_seconds,
                lobby_idle_seconds=lobby_idle_seconds,
            ),
        )
        self._listeners: list[Listener] = []
        self._start_hooks: list[StartHook] = []
        self._locks: dict[int, asyncio.Lock] = {}
        self._live: dict[int, LiveMatch] = {}
        # Per match: the version since which only free actors moved, the same seats deciding
        # throughout (in memory only: after a restart every older button is stale).
        self._steady: dict[int, int] = {}
        # Restored from their snapshot, their log not yet replayed (see ``start``).
        self._unchecked: dict[int, StoredMatch] = {}
        self._checker: asyncio.Task[None] | None = None
        self.quarantined: dict[int, str] = {}
        self.ended_at_start: list[int] = []
        self.moved_deadlines: set[int] = set()
        self._saved_sets: set[str] = set()
        self.timers = TurnTimers(self.timeout, **({"clock": clock} if clock else {}))

    # life cycle ----------------------------------------------------------------------------
    async def start(self) -> None:
        """Restore live matches from their snapshots, then timers, then let any AI seat that
        was about to move do so. Each snapshot is checked against a replay of its log in the
        background, and before the match is next shown or changed at the latest, so a
        restart with many matches is ready in the time it takes to read them."""
        await self._resume_deadlines()
        for stored in await self.repo.stored_matches(statuses=("live",)):
            match_id = stored.id
            live = await self._bring_back(stored)
            if live is None:
                continue
            self._live[match_id] = live
            row = await self.repo.match(match_id) or stored.row  # its deadline may have moved
            self.timers.schedule(match_id, row.version, row.deadline_at)
            if live.game.deciders(live.state) & live.ai_levels.keys():
                async with self._lock(match_id):
                    await self._run_ai(match_id, [])
        for match_id, version, deadline_at in await self.repo.deadlines("lobby"):
            self.timers.schedule(match_id, version, deadline_at)
        if self._unchecked:
            self._checker = asyncio.get_running_loop().create_task(self._check_all())

    async def checked(self) -> None:
        """Wait until every restored snapshot has been checked against its log."""
        if self._checker is not None:
            await asyncio.shield(self._checker)

    async def close(self) -> None:
        if self._checker is not None:
            self._checker.cancel()
            await asyncio.gather(self._checker, return_exceptions=True)
        await self.timers.close()

    async def quiet(self, match_id: int) -> None:
        """Wait until nothing is changing the match (an AI burst runs under its lock), so a
        publisher that waits here draws the end of a burst once, not every step of it."""
        async with self._lock(match_id):
            return

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def add_start_hook(self, hook: StartHook) -> None:
        self._start_hooks.append(hook)

    async def start_match(self, match_id: int, by_user_id: int) -> Update:
        async with self._lock(match_id):
            match = await self._lobby(match_id)
            self._check_host(match, by_user_id)
            game = self._game(match.game)
            filled = self._fill_with_ai(match, game)
            seed = secrets.randbits(63)
            ai_seed = secrets.randbits(63)
            options = dict(match.options)
            for hook in self._start_hooks:
                # Each hook sees what the ones before it added (a deck chosen in the lobby
                # is not chosen again from a player's saved default). A hook that refuses
                # (a deck check) leaves the lobby as it was: the AI seats are not stored yet.
                options.update(await hook(replace(filled, options=dict(options))))
            header = RecordHeader(
                game=game.id,
                card_set_digest=game.card_set_digest,
                seed=seed,
                seats=len(filled.seats),
                options=options,
            )
            card_set = await self._pin_for_start(game)
            state = game.new(header.seats, seed, header.options)
            match = await self._seat_ai_fill(match, filled)
            live = LiveMatch(game, state, header, ai_seed, 0, ai_levels_of(match.seats))
            live.pass_floor = match.version + 1
            deadline_at, kind = await self._deadline_for(live, match)
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
                if card_set is not None:
                    self._saved_sets.discard(card_set[0])  # rolled back with the start
                raise ServiceError("stale") from None
            self._live[match_id] = live
            first = await self._published(match_id, [], deadline_at, started=True)
            return await self._run_ai(match_id, [first])

    # play ----------------------------------------------------------------------------------
    async def act(
        self, match_id: int, user_id: int, action_key: str, expected_version: int
    ) -> Update:
        async with self._lock(match_id):
            match = await self._playing(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            await self._check(match_id)
            live = self._live[match_id]
            # Buttons drawn before moves nobody waited on (free actors' plays that left the
            # same seats deciding) still count; the engine checks them against the new state.
            steady = self._steady.get(match_id, match.version)
            if (
                match.version != expected_version
                and not (action_key == PASS and live.pass_floor <= expected_version)
                and not steady <= expected_version
            ) or expected_version > match.version:
                raise ServiceError("stale", version=match.version)
            try:
                action = Action.from_key(seat, action_key)
            except ValueError:
                raise ServiceError("illegal", reason="bad_key") from None
            if not self._may_act(live, action):
                raise ServiceError("not_your_move", waiting=self._waiting_names(match, live))
            update = await self._commit(match, action, ActionRow(seat, action.to_json()))
            return await self._run_ai(match_id, [update])

    @staticmethod
    def _may_act(live: LiveMatch, action: Action) -> bool:
        """The engine decides: a seat the match waits on, or a free actor (one that may act
        without being waited on, a curse on anyone's turn) whose action is legal now. Anything
        else from a seat that is not deciding reads as "not your move"."""
        game, state = live.game, live.state
        if action.seat in game.deciders(state):
            return True
        return action.seat in game.free_actors(state) and action in game.legal_actions(
            state, action.seat
        )

    def _waiting_names(self, match: MatchInfo, live: LiveMatch) -> str:
        deciders = live.game.deciders(live.state)
        return ", ".join(s.name for s in match.seats if s.seat in deciders)

    async def concede(self, match_id: int, user_id: int) -> Update:
        async with self._lock(match_id):
            match = await self._playing(match_id)
            seat = match.seat_of(user_id)
            if seat is None:
                raise ServiceError("not_seated")
            action = Action(seat, CONCEDE)
            update = await self._commit(match, action, ActionRow(seat, action.to_json()))
            return await self._run_ai(match_id, [update])

    async def mark_dm_closed(self, match_id: int, user_id: int) -> None:
        await self.repo.mark_dm_closed(match_id, user_id)

    # reads ---------------------------------------------------------------------------------
    async def get(self, match_id: int) -> MatchInfo:
        found = await self.repo.match_with_seats(match_id)
        if found is None:
            raise ServiceError("not_found")
        return self._info(*found)

    async def view(
        self, match_id: int, user_id: int | None
    ) -> tuple[MatchInfo, PlayerView, list[Action]]:
        if match_id in self._unchecked:
            async with self._lock(match_id):
                await self._check(match_id)
        match = await self.get(match_id)
        live = self._live.get(match_id)
        if live is None:
            live = await self._load_finished(match)
        seat = match.seat_of(user_id) if user_id is not None else None
        view = live.game.view(live.state, seat)
        actions: list[Action] = []
        if seat is not None and match.status == "live":
            actions = live.game.legal_actions(live.state, seat)
        return match, view, actions

    async def current(self, match_id: int) -> Update:
        """The match as it stands, as an Update with no events (what a publisher that has
        seen nothing since a restart draws)."""
        if match_id in self._unchecked:
            async with self._lock(match_id):
                await self._check(match_id)
        match = await self.get(match_id)
        live = self._live.get(match_id)
        if live is None:
            return Update(match, [], frozenset())
        deciders = live.game.deciders(live.state)
        window = in_window(live.game, live.state)
        return Update(match, [], deciders, window, False, deciders)

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

    # internals -----------------------------------------------------------------------------
    def _lock(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    def _game(self, game_id: str) -> Game[Any, Any]:
        try:
            return self._games(game_id)
        except KeyError:
            raise ServiceError("game_unknown", game=game_id) from None

    async def _playing(self, match_id: int) -> MatchInfo:
        if match_id in self.quarantined:
            raise ServiceError("quarantined")
        match = await self.get(match_id)
        if match.status != "live" or match_id not in self._live:
            raise ServiceError("wrong_status", status=match.status)
        return match

    async def _deadline_for(self, live: LiveMatch, match: MatchInfo) -> tuple[float | None, str]:
        """A deadline while a human must decide (the server's window seconds in a response
        window, its turn seconds otherwise); none while only AI seats are to move."""
        kind = "window" if in_window(live.game, live.state) else "turn"
        if live.game.outcome(live.state) is not None:
            return None, kind
        humans = {s.seat for s in match.seats if s.ai_level is None}
        if not live.game.deciders(live.state) & humans:
            return None, kind
        rules = await self.settings.get(match.guild_id)
        seconds = rules.window_seconds if kind == "window" else rules.turn_seconds
        return self.timers.now() + seconds, kind

    async def _commit(self, match: MatchInfo, action: Action, row: ActionRow) -> Update:
        """Apply on a copy, persist (append + snapshot, version-checked), then swap in and
        publish. A refused or conflicting action leaves memory and database untouched."""
        await self._check(match.id)
        live = self._live[match.id]
        state = live.state.clone()
        try:
            events = live.game.apply(state, action)
        except IllegalAction as exc:
            raise ServiceError("illegal", reason=str(exc.reason)) from None
        outcome = live.game.outcome(state)
        # A Pass drawn earlier keeps counting only inside the same window: one that stays
        # open and only shrinks. A window that closed or reopened (a response, or the next
        # one after a resolution) makes every earlier Pass stale.
        same_window = (
            action.kind == PASS
            and in_window(live.game, state)
            and live.game.deciders(state) <= live.game.deciders(live.state)
        )
        floor = live.pass_floor if same_window else match.version + 1
        trial = LiveMatch(
            live.game,
            state,
            live.header,
            live.ai_seed,
            live.count + 1,
            live.ai_levels,
            floor,
            live.recent,  # as of the restore: a publisher's first sight of the match seeds on it
        )
        deadline_at, kind = await self._deadline_for(trial, match)
        # A move by a seat nobody waited on that leaves the same seats to wait on (a curse
        # on anyone's turn) keeps their clock: free actors never reset the turn timer.
        waited = live.game.deciders(live.state)
        free_move = action.seat not in waited and live.game.deciders(state) == waited
        if free_move and match.deadline_at is not None and outcome is None:
            deadline_at, kind = match.deadline_at, match.deadline_kind or kind
        try:
            await self.repo.record_action(
                match.id,
                match.version,
                live.count,
                row,
                state=state.to_json(),
                outcome=outcome.to_json() if outcome is not None else None,
                deadline_at=deadline_at,
                deadline_kind=kind,
            )
        except VersionConflict:
            raise ServiceError("stale") from None
        self._live[match.id] = trial
        if free_move:
            self._steady.setdefault(match.id, match.version)
        else:
            self._steady[match.id] = match.version + 1
        if outcome is not None:
            self._live.pop(match.id, None)
        # Deciding in a window is not deciding a turn: whoever decides after it is told anew.
        before = frozenset[int]()
        if not in_window(live.game, live.state):
            before = live.game.deciders(live.state)
        return await self._published(match.id, events, deadline_at, live=trial, before=before)

    async def _published(
        self,
        match_id: int,
        events: list[Event],
        deadline_at: float | None,
        live: LiveMatch | None = None,
        *,
        started: bool = False,
        before: frozenset[int] = frozenset(),
    ) -> Update:
        match = await self.get(match_id)
        live = live or self._live[match_id]
        self.timers.schedule(match_id, match.version, deadline_at)
        window = in_window(live.game, live.state)
        deciders = live.game.deciders(live.state)
        update = Update(match, events, deciders, window, started, before)
        await self._publish(update)
        return update

    async def _publish(self, update: Update) -> None:
        for listener in list(self._listeners):
            try:
                await listener(update)
            except Exception:
                log.exception("listener failed on match %s", update.match.id)

    def _info(self, row: MatchRow, seats: Sequence[SeatRow]) -> MatchInfo:
        return match_info(row, seats, self.timers.loop_deadline(row.deadline_at))


def in_window(game: Game[Any, Any], state: Any) -> bool:
    """True while a response window is what the match waits on (``engine.core``)."""
    return waits_on_window(game, state)
