"""Reading a match and storing its moves: the one place a move becomes a stored version and
an ``Update`` for the listeners.

``stage`` plays a step on a burst's trial session and ``store`` persists everything staged
(one transaction, optimistic version check, the delivery marks held since the last write
riding in it: ``bot.core.held_marks``), swaps the session in, sets the turn timer and
publishes each step in order; ``commit`` is a burst of one step. The match as it stands
after a move is worked out from the match before it and the row it writes, not read again:
one click reads the match once (docs/architecture.md, "How a click travels").
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.core.errors import ServiceError
from bot.core.held_marks import HeldMarks
from bot.core.live import LiveMatches
from bot.core.match_types import Listener, MatchInfo, Update, match_info
from bot.core.session import MatchSession, Step
from bot.core.settings import SettingsBook
from bot.core.timers import TurnTimers
from bot.storage.models import ActionRow, LogForked, VersionConflict
from bot.storage.ports import MatchRepository
from engine.core import Event, Outcome

log = logging.getLogger("bot.core.service")

SNAPSHOT_EVERY = 4
"""A move's write carries the match's snapshot (its whole state, most of a write's bytes)
only when the log passes a multiple of this, and at the end; the log is the truth, and a
restore replays the fewer than ``SNAPSHOT_EVERY`` actions after the snapshot
(docs/reliability.md, "A snapshot every few actions")."""

Check = Callable[[int], Awaitable[None]]
"""Replays a snapshot-restored match's log before it is next changed (``Restorer.check``);
also the shape of ``Restorer.reload``, which reads a session back from the database."""


@dataclass
class Burst:
    """Moves played in memory on trial sessions and stored together by ``Ledger.store``: a
    person's move and the AI's or auto-pass replies that follow it without a think are one
    write transaction (issue 29.5). ``start``/``stored`` are the match and its session as
    stored; ``match``/``session`` as the staged steps leave them."""

    start: MatchInfo
    stored: MatchSession
    match: MatchInfo
    session: MatchSession
    staged: list[tuple[MatchInfo, MatchSession, Step, ActionRow]] = field(default_factory=list)
    deadline: tuple[float | None, str] = (None, "turn")
    # A person's move is staged: a write that fails is refused to them ("try again").
    by_person: bool = False


class Ledger:
    def __init__(
        self,
        repo: MatchRepository,
        live: LiveMatches,
        timers: TurnTimers,
        settings: SettingsBook,
        check: Check,
        reload: Check,
        held: HeldMarks | None = None,
    ) -> None:
        self.repo = repo
        # The delivery marks each write carries (bot.core.held_marks).
        self.held = held if held is not None else HeldMarks(repo)
        self.live = live
        self.timers = timers
        self.settings = settings
        self._check = check
        self._reload = reload
        self.listeners: list[Listener] = []

    # reads ------------------------------------------------------------------------------------

    async def get(self, match_id: int) -> MatchInfo:
        found = await self.repo.match_with_seats(match_id)
        if found is None:
            raise ServiceError("not_found")
        row, seats = found
        return match_info(row, seats, self.timers.loop_deadline(row.deadline_at))

    async def playing(self, match_id: int) -> tuple[MatchInfo, MatchSession]:
        """A live match about to change (the caller holds its lock), its log checked."""
        if match_id in self.live.quarantined:
            raise ServiceError("quarantined")
        match = await self.get(match_id)
        if match.status != "live" or match_id not in self.live:
            raise ServiceError("wrong_status", status=match.status)
        await self._check(match_id)
        session = self.live[match_id]
        session.version = match.version  # the stored version is the truth
        return match, session

    # writes -----------------------------------------------------------------------------------

    async def deadline_for(
        self, session: MatchSession, match: MatchInfo
    ) -> tuple[float | None, str]:
        """A deadline while a human must decide (the server's window seconds in a response
        window, its turn seconds otherwise); none while only AI seats are to move."""
        kind = "window" if session.in_window() else "turn"
        if session.outcome() is not None:
            return None, kind
        humans = {s.seat for s in match.seats if s.ai_level is None}
        if not session.deciders() & humans:
            return None, kind
        rules = await self.settings.get(match.guild_id)
        seconds = rules.window_seconds if kind == "window" else rules.turn_seconds
        return self.timers.now() + seconds, kind

    def burst(self, match: MatchInfo) -> Burst:
        """A burst starting from ``match`` as stored and its live session."""
        session = self.live[match.id]
        return Burst(match, session, match, session)

    async def stage(self, burst: Burst, step: Step, row: ActionRow, *, by_person: bool) -> None:
        """``step`` played on the burst's trial session, not stored yet (``store``): the match
        after it is worked out as its write will leave it, so the next step (an AI's reply)
        is chosen and judged from there."""
        trial = burst.session.after(step)
        if row.by_timeout and row.afk:  # counted in the turn it fell in, the move's own
            trial.lapsed = {**trial.lapsed, row.seat: burst.session.turns}
        before = burst.match
        deadline_at, kind = await self.deadline_for(trial, before)
        # A free actor's move keeps the deciders' clock: free actors never reset the timer.
        if step.free_move and before.deadline_at is not None and step.outcome is None:
            deadline_at, kind = before.deadline_at, before.deadline_kind or kind
        after = self._after_move(before, row, step.outcome, deadline_at, kind)
        burst.staged.append((after, trial, step, row))
        burst.match, burst.session = after, trial
        burst.deadline = (deadline_at, kind)
        burst.by_person = burst.by_person or by_person

    async def store(self, burst: Burst) -> list[Update]:
        """Everything staged in one write (``record_actions``: the version check, the log
        rows with their flags, the seats' timeout runs, the deadline of the last state and a
        snapshot when one is due), then the session swapped in and every step published in
        order, as one commit per step would have. A write that fails keeps nothing: the
        database and the session stay as they were (``VersionConflict`` and ``LogForked``
        are "stale", the latter after reading the session back; ``DatabaseUnavailable``
        passes through). Afterwards the burst starts again from where it was stored."""
        if not burst.staged:
            return []
        match, session = burst.start, burst.stored
        steps = [s for _, _, s, _ in burst.staged]
        rows = [r for _, _, _, r in burst.staged]
        last = steps[-1]
        deadline_at, kind = burst.deadline
        # The match's delivery marks held since its last write ride in this one (issue 29.5),
        # held again if it fails.
        carried, stored = self.held.take(match.id), False
        try:
            await self.repo.record_actions(
                match.id,
                match.version,
                session.count,
                rows,
                state=snapshot_of(last, session.count, session.count + len(rows)),
                outcome=last.outcome.to_json() if last.outcome is not None else None,
                deadline_at=deadline_at,
                deadline_kind=kind,
                delivered=carried.marks if carried is not None else None,
                lapsed=burst.session.lapsed_now(),
            )
            stored = True
        except VersionConflict:
            raise ServiceError("stale") from None
        except LogForked as forked:
            log.error(
                "match %s: the session holds %d actions, the stored log %d; move refused,"
                " the match is read back from its log",
                match.id,
                forked.index,
                forked.stored,
            )
            await self._reload(match.id)
            raise ServiceError("stale") from None
        finally:
            self.held.done(carried, stored=stored)
        staged, trial, after = burst.staged, burst.session, burst.match
        burst.start, burst.stored, burst.staged, burst.by_person = after, trial, [], False
        if last.outcome is None:
            self.live.put(match.id, trial)
        else:
            self.live.drop(match.id)
        self.timers.schedule(match.id, after.version, deadline_at)
        updates = [self.update_of(m, t, s.events, before=s.before) for m, t, s, _ in staged]
        for update in updates:
            await self.publish(update)
        return updates

    async def commit(self, match: MatchInfo, step: Step, row: ActionRow) -> Update:
        """Persist one step (its own burst: a timeout's move), swap the session in, publish."""
        burst = self.burst(match)
        await self.stage(burst, step, row, by_person=False)
        [update] = await self.store(burst)
        return update

    async def commit_all(
        self, match: MatchInfo, steps: Sequence[Step], rows: Sequence[ActionRow]
    ) -> list[Update]:
        """Several steps stored as one transaction, all or none (issue 30.5)."""
        burst = self.burst(match)
        for step, row in zip(steps, rows, strict=True):
            await self.stage(burst, step, row, by_person=False)
        return await self.store(burst)

    async def staged(self, match: MatchInfo, steps: Sequence[Step], seat: int) -> Burst:
        """A person's move(s) staged on a new burst (``MatchService.act``, ``act_all``,
        ``concede``), for ``AiDriver.run`` to add the replies to and store."""
        burst = self.burst(match)
        for step in steps:
            row = ActionRow(seat, step.action.to_json())
            await self.stage(burst, step, row, by_person=True)
        return burst

    async def end_no_result(self, match_id: int, reason: str) -> Update:
        """Close a live match with no result (no rating moves; the caller holds its lock):
        a server manager's end, a quarantined match, one with no person left in play."""
        if not await self.repo.end_match(match_id, reason):
            raise ServiceError("stale")
        self.live.drop(match_id)
        self.live.quarantined.pop(match_id, None)
        self.timers.cancel(match_id)
        log.warning("match %s ended with no result: %s", match_id, reason)
        update = Update(await self.get(match_id), [], frozenset())
        await self.publish(update)
        return update

    def _after_move(
        self,
        match: MatchInfo,
        row: ActionRow,
        outcome: Outcome | None,
        deadline_at: float | None,
        kind: str,
    ) -> MatchInfo:
        """The match as ``record_action`` left it (the same rules as its SQL)."""
        seats = match.seats
        if row.by_timeout and row.afk:
            seats = tuple(
                replace(s, timeouts=s.timeouts + 1) if s.seat == row.seat else s for s in seats
            )
        elif not row.by_ai and not row.by_timeout:
            seats = tuple(replace(s, timeouts=0) if s.seat == row.seat else s for s in seats)
        return replace(
            match,
            version=match.version + 1,
            status="finished" if outcome is not None else "live",
            outcome=outcome,
            seats=seats,
            deadline=self.timers.loop_deadline(deadline_at),
            deadline_at=deadline_at,
            deadline_kind=kind if deadline_at is not None else None,
        )

    # updates ----------------------------------------------------------------------------------

    def update_of(
        self,
        match: MatchInfo,
        session: MatchSession | None,
        events: list[Event] | None = None,
        *,
        started: bool = False,
        before: frozenset[int] | None = None,
    ) -> Update:
        """``match`` with the session's snapshot; ``before`` defaults to the deciders (a
        notice or a redraw: nobody starts to decide)."""
        if session is None:
            quarantined = match.id in self.live.quarantined
            return Update(match, list(events or []), frozenset(), quarantined=quarantined)
        deciders = session.deciders()
        return Update(
            match,
            list(events or []),
            deciders,
            session.in_window(),
            started,
            deciders if before is None else before,
            session.game,
            session.state,
            recent=session.recent,
            sight=session.sight,
        )

    async def publish(self, update: Update) -> None:
        for listener in list(self.listeners):
            try:
                await listener(update)
            except Exception:
                log.exception("listener failed on match %s", update.match.id)


def snapshot_of(last: Step, before: int, after: int) -> dict[str, Any] | None:
    """The snapshot to store with the actions that take the log from ``before`` to ``after``
    actions (``last`` the step after the last of them): the state when the log passes a
    multiple of ``SNAPSHOT_EVERY`` or the match ends (a finished match's snapshot is its
    final state: the league and a late look read it), else None (the snapshot stays)."""
    if last.outcome is not None or after // SNAPSHOT_EVERY > before // SNAPSHOT_EVERY:
        state: dict[str, Any] = last.state.to_json()
        return state
    return None
