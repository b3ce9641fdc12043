"""Driving AI seats after each move: AI deciders act until a human must decide or the match
ends (a person alone with AI seats who has auto-pass on and cannot answer a response window
passes here too, ``bot.core.autopass``); then every AI seat the match is not waiting on (a free
actor) gets one chance to play something on its own (a curse, a level-up, an answer to a trade
offer), in seat order. Called under the match's lock, after the move that handed control to
the AI; that move (a person's click) may come staged, not stored: it and the replies that
need no think are stored in one write transaction (``Ledger.store``, issue 29.5).

Search-based seats (the ``strong`` level) think in the worker pool (``bot.core.ai_pool``) for
the server's time budget, so the event loop goes on serving other matches meanwhile, and they
think in the match's background burst (``bot.core.ai_later``), off its lock: the burst that
reaches a strong seat stores what is staged and returns, so the click that caused it is
answered (the clicker's hand redrawn) before the AI replies; should the search fail or run
late, the seat plays the heuristic's move instead of stalling the match and the log says
so. Every strong decision, whatever the seat holds, goes to the pool and takes the same think
time, the server's budget (issue 30.2, docs/ai.md): how long the table waits never tells what
is in its hand.

A match with no person's seat left in play (the last person conceded or is out) ends at once
with no result: the AI seats do not play on alone (issue 30.3)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

from bot.core.ai_later import LaterBursts
from bot.core.ai_pool import AiPool
from bot.core.autopass import AutoPass
from bot.core.errors import ServiceError
from bot.core.ledger import Burst, Ledger
from bot.core.live import LiveMatches
from bot.core.match_types import MatchInfo, Update
from bot.core.session import MatchSession
from bot.core.settings import SettingsBook
from bot.storage.models import ActionRow, DatabaseUnavailable
from engine import games as registry
from engine.core import Action, Event, Game, IllegalAction, Rng
from engine.search.levels import STRONG, has_strong

log = logging.getLogger("bot.core.service")

AI_ITERATION_CAP = 2000
"""AI moves in a row before the service gives up on a game that never hands control back."""

FREE_STREAM = 7  # the AI's free-move choices think with a fork of their own


FALLBACK_LEVEL = "heuristic"  # what a strong seat plays when its worker cannot answer
AI_QUICK_EVENT = "ai_quick"  # a notice in an Update only: a strong seat played the heuristic
NOBODY_LEFT = "nobody_left"  # why a match with only AI seats still in it ended (no result)


class Choice(NamedTuple):
    move: Action | None
    note: Event | None = None  # told to the table before the move (a search given up)
    think: int | None = None  # no move yet: this strong seat decides next, in the background


class Plan(NamedTuple):
    """A strong decision owed, as read under the match's lock: thought about without it."""

    live: MatchSession
    match: MatchInfo
    seat: int
    rng: Rng


class AiDriver:
    def __init__(
        self,
        ledger: Ledger,
        live: LiveMatches,
        settings: SettingsBook,
        game: Callable[[str], Game[Any, Any]],
        auto: AutoPass | None = None,
        *,
        pool: AiPool | None = None,
    ) -> None:
        self._ledger = ledger
        self._auto = auto  # passes for a person alone with AI seats (bot.core.autopass)
        self._live = live
        self._settings = settings
        self._game = game  # today's game by id (raises ServiceError for an unknown one)
        self.pool = pool if pool is not None else AiPool()
        # Thinks and bursts waiting for the database, per match, in the background.
        self.later = LaterBursts(self.think_burst, self._resume)
        live.register("AI burst", self.later)
        ledger.listeners.append(self._on_update)

    async def run(
        self,
        match: MatchInfo,
        updates: list[Update],
        burst: Burst | None = None,
        *,
        first: Choice | None = None,
    ) -> Update:
        """Let AI seats act until a human must decide or the match ends. Returns one update
        that sums up ``updates`` and everything the AI did. ``match`` is the match as the
        caller last saw it (no read here: each move's update says how it stands).

        ``burst`` holds a person's move staged, not stored: it and the replies that follow
        without a think (every level but ``strong``, auto-passes) are stored in one write
        (issue 29.5); a strong seat's think stores what is staged first. A write that fails
        keeps nothing of the burst, and a person's move in it is refused (``stale``, or the
        database's ``DatabaseUnavailable``): they try again, as when their move alone failed.

        A strong seat to move ends the burst here: what is staged is stored and the think
        goes on in the match's background burst (``think_burst``), which stages its answer as
        ``first`` and runs the rest of the burst from it."""
        match_id = match.id
        if updates:
            match = updates[-1].match
        done = len(updates)
        if burst is None:
            if match_id not in self._live:
                return self._summary(match, updates)
            burst = self._ledger.burst(match)
        owed = False
        try:
            for again in (False, True):
                try:
                    owed = await self._play(burst, updates, None if again else first)
                    updates.extend(await self._ledger.store(burst))
                    break
                except ServiceError as exc:
                    if burst.by_person or exc.code != "stale" or again:
                        raise
                    # The session was behind the stored log and has been read back from it
                    # (a move whose commit was stored as the database went away, issue
                    # 28.6): choose again from there, once.
                    if match_id not in self._live:
                        break
                    burst = self._ledger.burst(await self._ledger.get(match_id))
        except DatabaseUnavailable as exc:
            if burst.by_person:
                raise  # nothing of the click is kept: "try again", as for a move alone
            # The moves before are stored and told; the rest waits for the database, and
            # nothing else would move a match that waits on an AI seat (no turn timer runs
            # while only AI seats decide): the burst goes on later, under the match's lock.
            log.warning("match %s: the AI waits for the database: %s", match_id, exc)
            self.later.again_later(match_id)
        except ServiceError:
            if burst.by_person:
                raise
            log.exception("match %s: the AI's moves could not be stored", match_id)
        else:
            if owed:
                self.later.owe(match_id)  # stored: the seat thinks in the background
        if len(updates) > done or updates:
            match = updates[-1].match
        return self._summary(match, updates)

    def _summary(self, match: MatchInfo, updates: list[Update]) -> Update:
        if not updates:
            return self._ledger.update_of(match, self._live.get(match.id))
        last = updates[-1]
        events = [e for u in updates for e in u.events]
        first = updates[0]
        return replace(last, events=events, started=first.started, before=first.before)

    async def _play(self, burst: Burst, updates: list[Update], first: Choice | None) -> bool:
        """The AI's moves staged on ``burst`` (stored by the caller), ``first`` the first of
        them when given, each stored one appended to ``updates``. True when it stopped at a
        strong seat's think (what is staged is stored then). Raises ``DatabaseUnavailable``
        or ``ServiceError`` ("stale") from a write that failed."""
        match_id = burst.match.id
        steps = 0
        while True:
            live = burst.session if burst.staged else self._live.get(match_id)
            if live is None:
                break
            match = burst.match
            if _nobody_left(live, match):
                updates.extend(await self._ledger.store(burst))
                updates.append(await self._ledger.end_no_result(match_id, NOBODY_LEFT))
                break
            try:
                if first is not None:
                    choice, by_ai, first = first, True, None
                else:
                    choice, by_ai = await self._next_ai_move(live, match), True
                if choice.think is not None:
                    # A think is a boundary: what is staged is stored, the think runs later.
                    updates.extend(await self._ledger.store(burst))
                    return True
                if choice.move is None and self._auto is not None:
                    choice, by_ai = Choice(await self._auto.next_pass(live, match)), False
            except (DatabaseUnavailable, ServiceError):
                raise
            except Exception:
                # A person's move may be staged: a broken AI must not undo or hide it.
                log.exception("match %s: the AI could not choose", match_id)
                break
            move = choice.move
            if move is None:
                break
            if steps >= AI_ITERATION_CAP:
                log.error("match %s: AI moved %d times in a row; stopping", match_id, steps)
                break
            if choice.note is not None:
                notice = self._ledger.update_of(match, live, [choice.note])
                await self._ledger.publish(notice)
                updates.append(notice)
            try:
                row = ActionRow(move.seat, move.to_json(), by_ai=by_ai)
                await self._ledger.stage(burst, live.play(move), row, by_person=False)
            except (ServiceError, IllegalAction):
                # The person's action stays staged; a broken AI must not undo or hide it.
                log.exception("match %s: AI seat %s could not act", match_id, move.seat)
                break
            steps += 1
        return False

    async def _resume(self, match_id: int) -> None:
        try:
            async with self._live.lock(match_id):
                if match_id in self._live:
                    await self.run(await self._ledger.get(match_id), [])
        except DatabaseUnavailable as exc:
            log.warning("match %s: the AI still waits for the database: %s", match_id, exc)
            self.later.again_later(match_id)
        except Exception:
            log.exception("match %s: the AI could not move after the database came back", match_id)

    async def think_burst(self, match_id: int) -> None:
        """The match's background burst (``LaterBursts.owe``): while a strong seat's think is
        owed, read the position under the lock, think without it (people may move
        meanwhile), then under the lock again stage the answer and run the rest of the burst,
        unless the match moved on while it thought: then it decides again from there."""
        lock = self._live.lock(match_id)
        try:
            while self.later.owed(match_id):
                async with lock:
                    self.later.take(match_id)
                    plan = await self._plan(match_id)
                    if plan is None:  # something else moved it: play what is owed now
                        if match_id in self._live:
                            await self.run(await self._ledger.get(match_id), [])
                        continue
                choice = await self._strong(plan.live, plan.match, plan.seat, plan.rng)
                async with lock:
                    if self._still(plan):
                        await self.run(plan.match, [], first=choice)
                    elif match_id in self._live:
                        self.later.owe(match_id)  # moved meanwhile: decide again
        except DatabaseUnavailable as exc:
            log.warning("match %s: the AI waits for the database: %s", match_id, exc)
            self.later.again_later(match_id)
        except Exception:
            log.exception("match %s: the strong AI could not move", match_id)

    async def _plan(self, match_id: int) -> Plan | None:
        """The strong decision the match waits on, read under its lock (None: none is)."""
        try:
            match, live = await self._ledger.playing(match_id)  # its log checked, in memory
        except ServiceError:
            return None  # ended, quarantined or gone meanwhile
        seat = _first_ai_decider(live)
        if seat is None or live.ai_levels[seat] != STRONG:
            return None
        return Plan(live, match, seat, _ai_rng(live))

    def _still(self, plan: Plan) -> bool:
        """Whether the match is as ``plan`` read it (under its lock again, after the think):
        nobody moved, the session was not read back, the seat is still the strong AI's."""
        match_id = plan.match.id
        live = self._live.get(match_id)
        return (
            live is plan.live
            and live.version == plan.match.version
            and live.ai_levels.get(plan.seat) == STRONG
            and match_id not in self._live.quarantined
        )

    async def _on_update(self, update: Update) -> None:
        """A listener: a match that ended (a concession, a manager's end) stops its think."""
        if update.match.status != "live":
            self.later.ended(update.match.id)

    async def settled(self, match_id: int | None = None) -> None:
        """Wait until the match's background burst (every match's with None) is done."""
        await self.later.settled(match_id)

    async def close(self) -> None:
        """Stop the background bursts (thinks, those waiting for the database), the pool."""
        await self.later.close()
        await self.pool.close()

    async def _next_ai_move(self, live: MatchSession, match: MatchInfo) -> Choice:
        """The first AI decider's choice (a strong seat's think: owed, ``Choice.think``);
        with none, the first AI free actor that wants to act (each such move uses up a card
        or an offer, so this ends). The AI thinks with its own stream, forked per step so
        that a restart chooses alike. A strong seat's free moves are the heuristic's: they
        are single cards to play now or never."""
        game, state = live.game, live.state
        rng = _ai_rng(live)
        seat = _first_ai_decider(live)
        if seat is not None:
            level = live.ai_levels[seat]
            if level == STRONG:  # the think takes the server's budget: in the background
                return Choice(None, think=seat)
            return Choice(game.ai_action(state, seat, rng, _in_process(level)))
        free = rng.fork(FREE_STREAM)
        for seat in sorted(game.free_actors(state) & live.ai_levels.keys()):
            level = _in_process(live.ai_levels[seat])
            move = game.ai_free_action(state, seat, free.fork(seat), level)
            if move is not None:
                return Choice(move)
        return Choice(None)

    async def _strong(self, live: MatchSession, match: MatchInfo, seat: int, rng: Rng) -> Choice:
        """Every strong decision goes to the pool, a forced move too, and the worker answers
        once the server's budget has passed (``ai_worker.think_job``: a fixed think time,
        issue 30.2). A shortcut for one legal move, or a search stopping early when it is
        sure, made the table's wait tell whether the seat held an answer."""
        budget_ms = float((await self._settings.get(match.guild_id)).ai_budget_ms)
        return await self._think_off_loop(live, match, seat, rng, budget_ms)

    async def _think_off_loop(
        self, live: MatchSession, match: MatchInfo, seat: int, rng: Rng, budget_ms: float
    ) -> Choice:
        """The strong level's move, searched in the worker pool for ``budget_ms``; the
        heuristic's, with a note for the table, when the pool gives no answer in time."""
        game, match_id = live.game, match.id
        if not has_strong(game):
            return Choice(game.ai_action(live.state, seat, rng, FALLBACK_LEVEL))
        digest = live.header.card_set_digest
        pinned = None if self._is_current(game) else registry.pin(game)
        job = (game.id, digest, pinned, live.state.to_json(), seat, rng.to_json())
        thought = await self.pool.think(match.guild_id, job, budget_ms / 1000)
        if thought.action is not None:
            try:
                return Choice(Action.from_json(thought.action))
            except Exception:  # an answer that does not read is a failed search
                log.exception("match %s: the strong AI's answer does not read", match_id)
        log.warning(
            "match %s: strong AI worker failed (%s); seat %s plays the heuristic",
            match_id,
            thought.why or "unreadable",
            seat,
        )
        move = game.ai_action(live.state, seat, rng, FALLBACK_LEVEL)
        return Choice(move, Event(AI_QUICK_EVENT, {"seat": seat}))

    def _is_current(self, game: Game[Any, Any]) -> bool:
        """Whether the match plays on the data folder's cards (else the worker gets the pin)."""
        try:
            return self._game(game.id) is game
        except ServiceError:
            return False


def _nobody_left(live: MatchSession, match: MatchInfo) -> bool:
    """No person's seat is still in play (each conceded or is out), and the match has not
    ended by itself. A person whose seat the AI plays while they are away still counts: they
    may take it back."""
    persons = {s.seat for s in match.seats if s.user_id is not None}
    return not (live.game.live_seats(live.state) & persons) and live.outcome() is None


def _first_ai_decider(live: MatchSession) -> int | None:
    deciders = sorted(d for d in live.game.deciders(live.state) if d in live.ai_levels)
    return deciders[0] if deciders else None


def _ai_rng(live: MatchSession) -> Rng:
    """The AI's stream for the match's next step: the same after a restart."""
    return Rng(live.ai_seed).fork(live.count)


def _in_process(level: str) -> str:
    """Levels played on the event loop: a strong seat's quick choices are the heuristic's."""
    return FALLBACK_LEVEL if level == STRONG else level
