"""Publishing a match to Discord: the table message, the log thread and the private hands.

The service publishes every change; this collects them per match and flushes them in one
background task, paced per channel under Discord's edit limit (5 edits / 5 s), so a burst of
moves (AI turns, several passes) costs one table edit. After the table: the new log lines go to
the match's thread, then the hands due go by DM (never to a player who refused DMs this match,
nor on a server that keeps hands in "My hand" only).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot import plugins, texts
from bot import service as svc
from bot.components import build_view, files_of, has_controls
from bot.pacing import ChannelPacer
from bot.render import ButtonSpec, Rendered, Style, public_event_lines, render_hand, render_table
from bot.render import ids as keys
from bot.render.pictures import off_loop
from engine.core import PASS

if TYPE_CHECKING:
    from bot.client import Backstab

log = logging.getLogger(__name__)

DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
LOG_KEEP = 30  # lines kept in memory for the table's "last moves"
MESSAGE_LIMIT = 2000  # Discord: characters in one message
RESPOND = "respond"  # the table's "Play a card" key in a response window (opens the hand)

LobbyRender = Callable[[svc.MatchInfo], Rendered]


class TablePublisher:
    def __init__(self, bot: Backstab, lobby_render: LobbyRender) -> None:
        self.bot = bot
        self._lobby_render = lobby_render
        self.pacer = ChannelPacer()
        self._latest: dict[int, svc.Update] = {}
        self._logs: dict[int, deque[str]] = {}
        self._thread_lines: dict[int, list[str]] = {}
        self._dm_due: dict[int, set[int]] = {}
        self._no_thread: set[int] = set()
        self._flushes: dict[int, asyncio.Task[None]] = {}
        self._dirty: set[int] = set()
        # Flushes that need no table edit (a hand re-sent after a restart to a current table).
        self._table_drawn: set[int] = set()
        self.active = True

    def close(self) -> None:
        self.active = False
        for task in self._flushes.values():
            task.cancel()

    async def latest(self, match_id: int) -> svc.Update:
        """The last update seen, or the match as it stands (after a restart)."""
        found = self._latest.get(match_id)
        return found if found is not None else await self.bot.service.current(match_id)

    async def ensure_drawn(self, match_id: int) -> None:
        """After a restart the table may predate the last moves (an edit lost in the crash):
        the first click on a match redraws it once. Nothing is sent for untouched matches."""
        if match_id in self._latest or not self.active:
            return
        update = await self.bot.service.current(match_id)
        if update.match.status != "live":
            return
        self._latest[match_id] = update
        self._seed_log(update.match)
        if await self.bot.service.table_current(match_id):
            return  # the table shows this very version: a redraw would change nothing
        self.schedule(match_id)

    def _seed_log(self, match: svc.MatchInfo) -> None:
        """The first sight of a match since this process started: its "Last moves" lines
        come from the events of its last actions (replayed at the restore), so a table drawn
        after a restart keeps them."""
        if match.id not in self._logs:
            recent = self.bot.service.recent_events(match.id)
            lines = public_event_lines(match, recent) if recent else []
            self._logs[match.id] = deque(lines, maxlen=LOG_KEEP)

    # collecting ---------------------------------------------------------------------------

    async def on_update(self, update: svc.Update) -> None:
        match = update.match
        if not self.active or match.status == "lobby":
            return  # lobby redraws answer the click that caused them (see the lobby cog)
        self._latest[match.id] = update
        self._seed_log(match)
        lines = public_event_lines(match, update.events)
        if match.ended_reason is not None:
            lines.append(_ended_line(match))
        self._logs.setdefault(match.id, deque(maxlen=LOG_KEEP)).extend(lines)
        self._thread_lines.setdefault(match.id, []).extend(lines)
        if match.status == "live":
            due = self._dm_due.setdefault(match.id, set())
            if update.started:
                due.update(s.seat for s in match.seats if s.user_id is not None)
            # A seat is told when it starts to decide, not again while it keeps deciding; in
            # a response window nobody is DMed: the table's Pass / Play a card serve everyone.
            if not update.window:
                due.update(update.deciders - update.before)
            # A seat nobody waits on may still owe an answer (a classic trade offer's
            # partner): the game's plugin says who is dealt a fresh hand.
            due.update(plugins.fresh_hands(match.game, update.events))
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
            update = self._latest[match_id]
            try:
                # One read of the match serves the table, the thread and the hands.
                if match_id in self._table_drawn:
                    self._table_drawn.discard(match_id)
                    match = await self.bot.service.get(match_id)
                else:
                    match = await self._redraw_table(update)
                await self._post_log(match)
                await self._deal_hands(match)
            except Exception:
                log.exception("publishing match %s failed", match_id)
        self._forget_if_over(match_id)

    def _forget_if_over(self, match_id: int) -> None:
        """A finished or closed match is drawn for the last time: drop what was kept for it."""
        update = self._latest.get(match_id)
        if update is None or match_id in self._dirty or update.match.status == "live":
            return
        self._latest.pop(match_id, None)
        self._logs.pop(match_id, None)
        self._thread_lines.pop(match_id, None)
        self._dm_due.pop(match_id, None)
        self._flushes.pop(match_id, None)
        self._no_thread.discard(match_id)

    # the table ----------------------------------------------------------------------------

    async def _redraw_table(self, update: svc.Update) -> svc.MatchInfo:
        if update.match.id in self.bot.service.quarantined:
            match = await self.bot.service.get(update.match.id)
            rendered = Rendered(content=texts.MATCH_QUARANTINED.format(match=match.id))
        elif update.match.status == "cancelled":
            match = await self.bot.service.get(update.match.id)
            if match.ended_reason is not None:  # a live match the bot ended: no result
                rendered = Rendered(content=_ended_line(match))
            else:
                rendered = self._lobby_render(match)  # a lobby that expired: no game state
        else:
            match, view, _ = await self.bot.service.view(update.match.id, None)
            rendered = await self.table(match, view.to_json(), update)
        if match.message_id is None:
            return match
        channel = self.bot.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        try:
            await channel.get_partial_message(match.message_id).edit(
                content=rendered.content,
                embeds=list(rendered.embeds),
                view=build_view(rendered),
                attachments=files_of(rendered),
            )
            if match.status == "live" and match.id not in self.bot.service.quarantined:
                await self.bot.service.table_drawn(match.id, match.version)
        except discord.NotFound:
            if match.status != "live":
                return match
            # Someone deleted the table: post it again, so the match stays playable.
            posted = await channel.send(
                content=rendered.content,
                embeds=list(rendered.embeds),
                view=build_view(rendered),
                files=files_of(rendered),
            )
            await self.bot.service.set_message(match.id, posted.id)
            return replace(match, message_id=posted.id)
        return match

    async def table(
        self, match: svc.MatchInfo, view: dict[str, Any], update: svc.Update | None
    ) -> Rendered:
        """The public table, with the flow's own parts: the clock as a Discord timestamp (it
        ticks on every screen with no edit) and, in a response window, Pass and Play a card."""
        live = match.status == "live"
        deciders = update.deciders if update is not None and live else None
        # The clock is a Discord timestamp in the content (below), which counts down on its
        # own; a "seconds left" figure in the embed would be stale by the next second.
        seconds_left = None
        if match.deadline is not None and match.deadline_at is None:
            seconds_left = match.deadline - asyncio.get_running_loop().time()
        rendered = await off_loop(  # the picture is drawn in the picture thread
            render_table,
            match,
            view,
            deciders=deciders,
            log=list(self._logs.get(match.id, ())),
            seconds_left=seconds_left,
        )
        if not live:
            return rendered
        window = update is not None and update.window
        content = [rendered.content] if rendered.content else []
        if match.deadline_at is not None:
            clock = texts.WINDOW_CLOCK if window else texts.TURN_CLOCK
            content.append(clock.format(when=f"<t:{int(match.deadline_at)}:R>"))
        buttons = rendered.buttons
        if window:
            buttons = (*buttons, *self._window_buttons(match, rendered))
        return replace(rendered, content="\n".join(content) or None, buttons=buttons)

    def _window_buttons(self, match: svc.MatchInfo, rendered: Rendered) -> list[ButtonSpec]:
        row = max((b.row or 0 for b in rendered.buttons), default=0)
        if len([b for b in rendered.buttons if (b.row or 0) == row]) > 3:
            row += 1
        return [
            ButtonSpec(
                label=texts.BUTTON_PASS,
                custom_id=keys.make_custom_id(match.id, match.version, PASS),
                style=Style.SECONDARY,
                row=row,
            ),
            ButtonSpec(
                label=texts.BUTTON_RESPOND,
                custom_id=keys.make_custom_id(match.id, match.version, RESPOND),
                style=Style.SUCCESS,
                row=row,
            ),
        ]

    def log_lines(self, match_id: int) -> list[str]:
        return list(self._logs.get(match_id, ()))

    # the thread ---------------------------------------------------------------------------

    async def _post_log(self, match: svc.MatchInfo) -> None:
        match_id = match.id
        lines = self._thread_lines.pop(match_id, [])
        if not lines or match_id in self._no_thread:
            return
        thread_id = match.thread_id or await self._open_thread(match)
        if thread_id is None:
            return
        thread = self.bot.get_partial_messageable(thread_id, guild_id=match.guild_id)
        for chunk in _chunks(lines, MESSAGE_LIMIT):
            await self.pacer.wait(thread_id)
            try:
                await thread.send(chunk)
            except discord.HTTPException:
                log.warning("match %s: could not post to its log thread", match_id)
                return

    async def _open_thread(self, match: svc.MatchInfo) -> int | None:
        if match.message_id is None:
            return None
        channel = self.bot.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        name = texts.THREAD_NAME.format(game=plugins.title(match.game), match=match.id)
        try:
            thread = await channel.get_partial_message(match.message_id).create_thread(name=name)
        except discord.HTTPException:
            # No permission to open threads here: the table's last lines are the log.
            log.info("match %s: no log thread in channel %s", match.id, match.channel_id)
            self._no_thread.add(match.id)
            return None
        await self.bot.service.set_message(match.id, match.message_id, thread.id)
        return thread.id

    # private hands ------------------------------------------------------------------------

    async def _deal_hands(self, match: svc.MatchInfo) -> None:
        seats = self._dm_due.pop(match.id, set())
        if not seats or match.status != "live":
            return
        rules = await self.bot.service.settings.get(match.guild_id)
        if rules.hand_delivery != "dm":
            return  # this server keeps hands in the My hand button only
        for seat in match.seats:
            human = seat.user_id is not None and seat.ai_level is None
            if seat.seat in seats and human and not seat.dm_closed:
                assert seat.user_id is not None
                await self.dm_hand(match, seat.user_id)

    async def resend_lost_hands(self) -> None:
        """After a restart: hands a crash kept from their players (``hands_owed``) go out
        again through the usual flush, which redraws the table too. A match this publisher
        has already seen since the start is left to its normal flow."""
        service = self.bot.service
        # Tables the restart itself changed: a match ended (its cards or rules changed beyond
        # replay), one quarantined, one whose clock ran out while the bot was down.
        changed = [*service.ended_at_start, *service.quarantined, *service.moved_deadlines]
        for match_id in dict.fromkeys(changed):
            if match_id in self._latest or not self.active:
                continue
            update = await service.current(match_id)
            self._latest[match_id] = update
            self._seed_log(update.match)
            if update.match.ended_reason is not None:
                self._thread_lines.setdefault(match_id, []).append(_ended_line(update.match))
            self.schedule(match_id)
        for match_id, seats in (await service.hands_owed()).items():
            if match_id in self._latest or not self.active:
                continue
            update = await service.current(match_id)
            self._latest[match_id] = update
            self._seed_log(update.match)
            self._dm_due.setdefault(match_id, set()).update(seats)
            if await service.table_current(match_id):
                self._table_drawn.add(match_id)  # the DM goes; the table stays as it is
            self.schedule(match_id)

    async def dm_hand(self, match: svc.MatchInfo, user_id: int) -> None:
        fresh, view, actions = await self.bot.service.view(match.id, user_id)
        rendered = await off_loop(render_hand, fresh, view.to_json(), actions)
        kwargs: dict[str, Any] = {"embeds": list(rendered.embeds), "files": files_of(rendered)}
        if has_controls(rendered):
            kwargs["view"] = build_view(rendered)
        # The clock is the deciders' only: a free actor's optional moves (a curse on anyone's
        # turn) are never timed.
        latest = self._latest.get(match.id)
        timed = latest is None or fresh.seat_of(user_id) in latest.deciders
        if actions and timed and fresh.deadline_at is not None:
            when = f"<t:{int(fresh.deadline_at)}:R>"
            kwargs["content"] = texts.TURN_CLOCK.format(when=when)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(**kwargs)
            # Remembered, so a restart after a crash re-sends only the hands that were lost.
            await self.bot.service.hand_sent(match.id, user_id, fresh.version)
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                # Another refusal (no shared server any more, a block, a spam guard): this
                # one hand waits for "My hand"; the other seats' hands still go out.
                log.warning(
                    "could not DM the hand of match %s to %s (%s)", match.id, user_id, exc.code
                )
                return
            # Remembered for the rest of the match: the table tells them to use "My hand".
            await self.bot.service.mark_dm_closed(match.id, user_id)
            self.schedule(match.id)
        except discord.HTTPException:
            log.warning("could not DM the hand of match %s to %s", match.id, user_id)


def _ended_line(match: svc.MatchInfo) -> str:
    reason = texts.ENDED_REASONS.get(match.ended_reason or "", texts.ENDED_REASONS["unreadable"])
    return texts.MATCH_ENDED.format(match=match.id, reason=reason)


def _chunks(lines: list[str], limit: int) -> list[str]:
    out: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out
