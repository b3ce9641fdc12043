"""Publishing a match to Discord: the table message, the log thread and the private hands.

The service publishes every change; this collects them per match and flushes them in one
background task, paced per channel under Discord's edit limit (5 edits / 5 s), so a burst of
moves (AI turns, several passes) costs one table edit, made through an interaction's token
while one lives (``bot.delivery.table_tokens``: not counted against Discord's global limit).
After the table: the new log lines go to the match's thread, in batches
(``bot.delivery.log_thread``), then the hands due go out (``bot.delivery.hands.HandDelivery``).

Everything drawn comes from the last ``Update``: its match, and the game and state snapshot it
carries (the spectator view for the table, one view per hand due). The publisher never asks
the service for a view or a read; it only tells it what it wrote (``set_message``, the
tables and hands delivered: ``bot.delivery.marks``, ``mark_dm_closed``) and waits for a burst
to end (``quiet``).
After a restart, ``bot.delivery.catch_up`` reads what the tables owe and hands it here (``adopt``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import discord

from bot.core import service as svc
from bot.delivery import marks
from bot.delivery.components import files_of, message_parts
from bot.delivery.hand_messages import PictureMarks, picture_marks
from bot.delivery.hands import HandDelivery, clock_line, passed_line
from bot.delivery.host import Host
from bot.delivery.log_thread import LogThreads
from bot.delivery.pacing import ChannelPacer
from bot.delivery.table_tokens import TableTokens
from bot.render import ButtonSpec, Rendered, Style
from bot.render import ids as keys
from bot.render.model import Text
from bot.render.pictures import off_loop
from bot.screens import public_event_lines, render_table
from bot.storage import DatabaseUnavailable
from bot.words import error_texts, play_texts
from engine.core import PASS, PlayerView

log = logging.getLogger(__name__)

LOG_KEEP = 30  # lines kept in memory for the table's "last moves"
RETRY_SECONDS = 5.0  # a publish the database could not serve, tried again (as AI moves are)

LobbyRender = Callable[[svc.MatchInfo], Rendered]


class TablePublisher:
    def __init__(self, bot: Host, lobby_render: LobbyRender) -> None:
        self.bot = bot
        self._lobby_render = lobby_render
        self.pacer = ChannelPacer()
        self._latest: dict[int, svc.Update] = {}
        self._logs: dict[int, deque[str]] = {}
        self._flushes: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()
        # Flushes that need no table edit (a hand re-sent after a restart to a current table).
        self._table_drawn: set[int] = set()
        # Hand DMs a click redrew, marked sent with the flush already due (see ``carry``).
        self._carried: dict[int, list[tuple[int, int]]] = {}
        self._batches: dict[int, marks.Batch] = {}  # the flush's marks not yet written
        # What the publisher itself wrote since a match's last read (see ``_with_writes``).
        self._written: dict[int, dict[str, int]] = {}
        # The table message each match's pictures were last uploaded to, and their marks: an
        # edit that keeps them uploads nothing again (issue 29.4).
        self._pictures: dict[int, tuple[int, PictureMarks]] = {}
        self.hands = HandDelivery(bot, self.schedule, self.pacer)
        self.threads = LogThreads(bot, self.pacer, self._published, self._wrote_thread)
        # The freshest interaction token whose message is the table: edits through it are
        # not counted against Discord's global limit (bot.delivery.table_tokens).
        self.tokens = TableTokens(bot)
        self.active = True

    def close(self) -> None:
        self.active = False
        for task in self._flushes.values():
            task.cancel()
        self.threads.close()
        self.hands.live.close()

    def latest(self, match_id: int) -> svc.Update | None:
        """The last update seen (None: none since this process started)."""
        return self._latest.get(match_id)

    def seen(self, match_id: int) -> bool:
        """Whether this publisher has drawn or will draw the match (else it needs catching
        up after a restart), or is shut."""
        return match_id in self._latest or not self.active

    def adopt(
        self,
        update: svc.Update,
        *,
        redraw: bool = True,
        hands: set[int] | frozenset[int] = frozenset(),
        ended: bool = False,
    ) -> None:
        """A match first seen since a restart, as it stands: redraw its table (unless it is
        current), deal ``hands``, and post why the bot ended it (``ended``)."""
        match_id = update.match.id
        self._latest[match_id] = update
        self._seed_log(update)
        if ended and update.match.ended_reason is not None:
            self.threads.add(match_id, [_ended_line(update.match)])
        self.hands.owe(match_id, hands)
        if not redraw:
            if not hands:
                return
            self._table_drawn.add(match_id)  # the DM goes; the table stays as it is
        self.schedule(match_id)

    def carry(self, match_id: int, user_id: int, version: int) -> bool:
        """A click redrew its player's hand DM at ``version``: the mark rides with the flush
        the move made (drawing now, or due), written with that flush's own marks instead of
        a transaction of its own (issue 29.5). False when there is none (the caller writes
        it). A due flush takes the carried marks when it takes the update, with no await
        between: a mark carried here is never left behind."""
        if not self.active:
            return False
        batch = self._batches.get(match_id)
        if batch is not None and batch.hand_sent(match_id, user_id, version):
            return True  # a flush is drawing it: marked with what that flush delivers
        if match_id not in self._dirty:
            return False
        self._carried.setdefault(match_id, []).append((user_id, version))
        return True

    def _seed_log(self, update: svc.Update) -> None:
        """The first sight of a match since this process started: its "Last moves" lines
        come from the events of its last actions (replayed at the restore), so a table drawn
        after a restart keeps them."""
        match = update.match
        if match.id not in self._logs:
            recent = update.recent
            lines = public_event_lines(match, recent, self._board(update)) if recent else []
            self._logs[match.id] = deque(lines, maxlen=LOG_KEEP)

    def _board(self, update: svc.Update) -> Callable[[], PlayerView | None]:
        """The spectator view ``update`` left, built on first use: for its log lines (when its
        game words them against the map) and its table. Built once for all of them and a
        table button's answer (``MatchService.view``): the session's memo (``Update.sight``)."""

        def board() -> PlayerView | None:
            if update.game is None or update.state is None:
                return None
            return update.view_of(None)

        return board

    # collecting ---------------------------------------------------------------------------

    async def on_update(self, update: svc.Update) -> None:
        match = update.match
        if not self.active or match.status == "lobby":
            return  # lobby redraws answer the click that caused them (see the lobby cog)
        self._latest[match.id] = update
        self._seed_log(update)
        lines = public_event_lines(match, update.events, self._board(update))
        if match.ended_reason is not None:
            lines.append(_ended_line(match))
        self._logs.setdefault(match.id, deque(maxlen=LOG_KEEP)).extend(lines)
        self.threads.add(match.id, lines)
        self.hands.on_update(update)
        self.schedule(match.id)

    def schedule(self, match_id: int) -> None:
        self._dirty.add(match_id)
        task = self._flushes.get(match_id)
        if task is None or task.done():
            self._flushes[match_id] = asyncio.create_task(self._flush(match_id))

    async def _flush(self, match_id: int) -> None:
        await asyncio.sleep(0)  # let a burst of updates land: one edit covers all of them
        while match_id in self._dirty and self.active:
            update = self._latest.get(match_id)
            if update is None:
                return
            # Wait for the burst to end and for a free edit slot before taking the state:
            # updates landing meanwhile fold into this same edit.
            await self.bot.service.quiet(match_id)
            await self.pacer.wait(update.match.channel_id)
            self._dirty.discard(match_id)
            carried = self._carried.pop(match_id, [])  # with no await since ``_dirty``
            update = self._with_writes(self._latest[match_id])
            try:
                # The last update serves the table, the thread and the hands: no read. What
                # they delivered is marked in one transaction at the end (bot.delivery.marks).
                async with marks.batched(self.bot.service) as batch:
                    self._batches[match_id] = batch
                    for user_id, version in carried:
                        await marks.hand_sent(self.bot.service, match_id, user_id, version)
                    if match_id in self._table_drawn:
                        self._table_drawn.discard(match_id)
                    else:
                        update = await self._redraw_table(update)
                    if await self.threads.flush(update) is not None:
                        update = self._with_writes(update)
                    await self.hands.deal(update)
            except DatabaseUnavailable:
                # The database is away for a moment (a PostgreSQL restart, a file locked past
                # its wait): one line, and the table and hands are drawn again once it
                # answers, not left behind the match until its next move.
                log.warning(
                    "publishing match %s: the database is unavailable, trying again in %s s",
                    match_id,
                    RETRY_SECONDS,
                )
                self._dirty.add(match_id)
                await asyncio.sleep(RETRY_SECONDS)
            except Exception:
                log.exception("publishing match %s failed", match_id)
            finally:
                self._batches.pop(match_id, None)
        self._forget_if_over(match_id)

    def knows(self, match_id: int) -> bool:
        """Whether anything is kept for the match (``bot.core.live.MatchState``)."""
        return (
            any(match_id in kept for kept in self._per_match())
            or self.threads.knows(match_id)
            or self.tokens.knows(match_id)
        )

    def forget(self, match_id: int) -> None:
        """The match left this process (another one holds it): its pending flush is
        cancelled and everything kept for it goes, its hands' too."""
        task = self._flushes.pop(match_id, None)
        if task is not None:
            task.cancel()
        for kept in self._per_match():
            if isinstance(kept, set):
                kept.discard(match_id)
            else:
                kept.pop(match_id, None)
        self.threads.forget(match_id)
        self.tokens.forget(match_id)
        self.hands.forget(match_id)

    def _per_match(self) -> tuple[dict[int, Any] | set[int], ...]:
        return (
            *(self._latest, self._logs, self._flushes),
            *(self._written, self._dirty, self._table_drawn, self._carried, self._batches),
            self._pictures,
        )

    def _forget_if_over(self, match_id: int) -> None:
        """A finished or closed match is drawn for the last time: drop what was kept for it."""
        update = self._latest.get(match_id)
        if update is None or match_id in self._dirty or update.match.status == "live":
            return
        self._latest.pop(match_id, None)
        self._logs.pop(match_id, None)
        self._flushes.pop(match_id, None)
        self.threads.forget(match_id)
        self._written.pop(match_id, None)
        self._pictures.pop(match_id, None)
        self._carried.pop(match_id, None)
        self._batches.pop(match_id, None)
        self.tokens.forget(match_id)
        self.hands.forget(match_id)

    def _published(self, match_id: int) -> svc.Update | None:
        latest = self._latest.get(match_id)
        return None if latest is None else self._with_writes(latest)

    def _wrote_thread(self, match_id: int, thread_id: int) -> None:
        self._written.setdefault(match_id, {})["thread_id"] = thread_id

    # the table ----------------------------------------------------------------------------

    def _with_writes(self, update: svc.Update) -> svc.Update:
        """The update with the publisher's own writes since (a table posted again, the log
        thread, a refused DM), so a move read before them never opens a second thread."""
        match = update.match
        written = self._written.get(match.id, {})
        closed = self.hands.closed(match.id)
        if not written and not closed:
            return update
        seats = tuple(replace(s, dm_closed=True) if s.seat in closed else s for s in match.seats)
        match = replace(
            match,
            message_id=written.get("message_id", match.message_id),
            thread_id=written.get("thread_id", match.thread_id),
            seats=seats,
        )
        return replace(update, match=match)

    async def _redraw_table(self, update: svc.Update) -> svc.Update:
        match = update.match
        if update.quarantined:
            rendered = _note(error_texts.MATCH_QUARANTINED.format(match=match.id))
        elif match.status == "cancelled":
            if match.ended_reason is not None:  # a live match the bot ended: no result
                rendered = _note(_ended_line(match))
            else:
                rendered = self._lobby_render(match)  # a lobby that expired: no game state
        elif (view := self._board(update)()) is not None:
            rendered = await self.table(match, view, update)
        else:
            return update  # nothing to draw from (a finished match seen only after a restart)
        if match.message_id is None:
            return update
        channel = self.bot.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        parts = message_parts(rendered)
        pictures = (match.message_id, picture_marks(rendered))
        if self._pictures.get(match.id) != pictures:
            # Only the publisher edits a live table, so the marks say what it carries; the
            # first edit after a restart (nothing known) uploads them.
            self._pictures.pop(match.id, None)
            parts["attachments"] = files_of(rendered)
        try:
            if not await self.tokens.edit(match.id, match.message_id, **parts):
                if "attachments" in parts:  # a File is read once: fresh ones for this edit
                    parts["attachments"] = files_of(rendered)
                await channel.get_partial_message(match.message_id).edit(**parts)
            self._pictures[match.id] = pictures
            if match.status == "live" and not update.quarantined:
                await marks.table_drawn(self.bot.service, match.id, match.version)
        except discord.NotFound:
            if match.status != "live":
                return update
            # Someone deleted the table: post it again, so the match stays playable.
            posted = await channel.send(**message_parts(rendered), files=files_of(rendered))
            await self.bot.service.set_message(match.id, posted.id)
            self._written.setdefault(match.id, {})["message_id"] = posted.id
            return self._with_writes(update)
        return update

    async def table(
        self, match: svc.MatchInfo, view: PlayerView, update: svc.Update | None
    ) -> Rendered:
        """The public table, with the flow's own parts: the clock as a Discord timestamp (it
        ticks on every screen with no edit) and, in a response window, Pass and Play a card."""
        live = match.status == "live"
        deciders = update.deciders if update is not None and live else None
        window = live and update is not None and update.window
        # The clock is a Discord timestamp, which counts down on its own on every screen; a
        # "seconds left" figure would be stale by the next second.
        seconds_left = None
        if match.deadline is not None and match.deadline_at is None:
            seconds_left = match.deadline - asyncio.get_running_loop().time()
        # The clock's words are the hands' (``clock_line``: decided by the deadline's kind).
        passed = passed_line(update) if window else None
        top = [line for line in (clock_line(match), passed) if line]
        rendered = await off_loop(  # the picture is drawn in the picture thread
            render_table,
            match,
            view,
            deciders=deciders,
            log=list(self._logs.get(match.id, ())),
            seconds_left=seconds_left,
            clock="\n".join(top) or None,
        )
        if not window:
            return rendered
        buttons = (*rendered.buttons, *self._window_buttons(match, rendered))
        return replace(rendered, buttons=buttons)

    def _window_buttons(self, match: svc.MatchInfo, rendered: Rendered) -> list[ButtonSpec]:
        row = max((b.row or 0 for b in rendered.buttons), default=0)
        if len([b for b in rendered.buttons if (b.row or 0) == row]) > 3:
            row += 1
        return [
            ButtonSpec(
                label=play_texts.BUTTON_PASS,
                custom_id=keys.make_custom_id(match.id, match.version, PASS),
                style=Style.SECONDARY,
                row=row,
            ),
            ButtonSpec(
                label=play_texts.BUTTON_RESPOND,
                custom_id=keys.make_custom_id(match.id, match.version, keys.RESPOND),
                style=Style.SUCCESS,
                row=row,
            ),
        ]


def _note(text: str) -> Rendered:
    """A table that became a notice: still a layout, since a table message drawn as one
    cannot go back to plain content (Discord keeps the Components V2 flag)."""
    return Rendered(blocks=(Text(text),))


def _ended_line(match: svc.MatchInfo) -> str:
    reason = error_texts.ENDED_REASONS.get(
        match.ended_reason or "", error_texts.ENDED_REASONS["unreadable"]
    )
    return error_texts.MATCH_ENDED.format(match=match.id, reason=reason)
