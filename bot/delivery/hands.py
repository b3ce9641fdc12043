"""The private hands: drawing a player's hand, keeping their one live hand current, and telling
them when the match waits on them.

The publisher collects updates and flushes each match in one background task; after the
table and the log thread, ``HandDelivery.deal`` runs with the same snapshot. Every player's
live hand (``bot.delivery.hand_messages``: their hand DM, or their last "My hand" answer in the
channel) is edited in place when its drawing changed. A seat that starts to decide (not in a
response window, where the table's Pass / Play a card serve everyone), or that the game's
plugin deals a fresh hand (a trade offered to it), is told by a short DM ping with a link to
its live hand; a player with no live hand gets their hand DM instead (its first message is
the notification). DMs go only to players who did not refuse them this match, on servers
that send hands by DM (``/settings hand_delivery``); the others are mentioned in one short
channel message per match (the previous one deleted).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import discord

from bot import plugins
from bot.core import service as svc
from bot.delivery import marks, pings
from bot.delivery.hand_messages import (
    DM,
    Drawn,
    LiveHands,
    digest_of,
    message_kwargs,
    picture_marks,
)
from bot.delivery.host import Host
from bot.delivery.pacing import ChannelPacer
from bot.delivery.pings import PingPolicy
from bot.render import ButtonSpec, Rendered, Style
from bot.render import ids as keys
from bot.render.names import discord_time, shown_name
from bot.render.pictures import off_loop
from bot.screens import render_hand
from bot.storage.models import LiveHand
from bot.words import play_texts
from engine.core import PlayerView

log = logging.getLogger(__name__)

DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"


async def draw_hand(
    match: svc.MatchInfo,
    view: PlayerView,
    actions: list[Any],
    seat_number: int | None,
    *,
    deciders: frozenset[int],
    note: str | None = None,
    page: int = 0,
    draft: str | None = None,
    sure: str | None = None,
    dm: bool = False,
    passed: str | None = None,
) -> tuple[Rendered, str | None]:
    """One seat's hand and the words above it: a note (why it was redrawn), and the clock
    while the match waits on the seat (a free actor's optional moves are never timed). A seat
    the AI took over while its player was away shows only the button to take it back."""
    # Who the match waits on, from the service (a game's view may not list it): a seat
    # with nothing to do is told whom it waits for, not "Not your move yet".
    rendered = await off_loop(
        render_hand,
        match,
        view,
        actions,
        page=page,
        deciders=deciders,
        draft=draft,
        sure=sure,
        dm=dm,
    )
    deciding = seat_number in deciders
    seat = next((s for s in match.seats if s.seat == seat_number), None)
    if seat is not None and seat.afk and match.status == "live":
        back = ButtonSpec(
            label=play_texts.BUTTON_AFK_BACK,
            custom_id=keys.make_custom_id(match.id, match.version, keys.RECLAIM_SEAT),
            style=Style.SUCCESS,
            row=4,
        )
        rendered = replace(rendered, buttons=(back,), selects=())
        note = play_texts.AFK_NOTE
    clock = clock_line(match) if actions and deciding else None
    lines = [line for line in (note, rendered.content, passed, clock) if line]
    return replace(rendered, content=None), "\n".join(lines) or None


def clock_line(match: svc.MatchInfo) -> str | None:
    """The clock the match runs on, in the same words on the table, in every hand and in a
    ping: "⚡ Window closes …" for a response window's (the bot passes then for whoever has not
    answered; nobody is marked away) or "⏳ Time runs out …" for a turn's (the seat is marked
    away). One fact decides: the deadline's own kind, stored with it and read by the clock
    when it runs out (``bot.core.clock``), so a restart and a deadline moved by an outage keep
    it, where the last published update (``Update.window``) is gone. None with no clock."""
    if match.status != "live" or match.deadline_at is None:
        return None
    template = play_texts.WINDOW_CLOCK if match.deadline_kind == "window" else play_texts.TURN_CLOCK
    return template.format(when=discord_time(match.deadline_at))


def passed_line(update: svc.Update | None) -> str | None:
    """Who passed in the response window the match waits on, as counted ("Passed ✓ 2/3:
    Alice, Bob"; issue 27.4), for the table and every hand; None before anyone passed. An
    auto-passer passes only when the window closes, so it never tells who holds an answer."""
    if update is None or update.game is None or not update.window:
        return None
    window = svc.window_of(update.game, update.state)
    if window is None or not window.passed:
        return None
    names = [shown_name(s.name) for s in update.match.seats if s.seat in window.passed]
    return play_texts.PASSED_LINE.format(
        passed=len(window.passed), asked=len(window.eligible), names=", ".join(names)
    )


def jump_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


class HandDelivery:
    """Hands owed per match, the live hands, and the DMs that carry hands and pings.
    ``reschedule`` asks the publisher for another flush (a refused DM changes the table: it
    tells the seat to use My hand)."""

    def __init__(self, bot: Host, reschedule: Callable[[int], None], pacer: ChannelPacer) -> None:
        self.bot = bot
        self.live = LiveHands(bot, pacer)
        self._reschedule = reschedule
        self._due: dict[int, set[int]] = {}
        # Seats whose DMs were refused for good this match, since the match was last read.
        self._closed: dict[int, set[int]] = {}
        # The last channel message that mentioned a match's deciders (memory only).
        self._mentions: dict[int, int] = {}
        # Why each owed seat is told (``pings.TURN`` / ``ASKED`` / ``MOVE``), per match.
        self._why: dict[int, dict[int, str]] = {}
        self.pings = PingPolicy(lambda: bot.service.players)
        self._pacer = pacer

    def owe(self, match_id: int, seats: Iterable[int]) -> None:
        """``seats`` are owed a notification at the next flush (a restart's lost hands: what
        they missed is not known, so they are told as at a turn's start)."""
        seats = set(seats)
        self._due.setdefault(match_id, set()).update(seats)
        why = self._why.setdefault(match_id, {})
        why.update({seat: pings.TURN for seat in seats})

    def on_update(self, update: svc.Update) -> None:
        """Who this update makes owed a notification."""
        match = update.match
        if match.status != "live":
            return
        due = self._due.setdefault(match.id, set())
        why = self._why.setdefault(match.id, {})
        if update.started:
            due.update(s.seat for s in match.seats if s.user_id is not None)
        # A seat is told when it starts to decide, not again while it keeps deciding; in
        # a response window nobody is told: the table's Pass / Play a card serve everyone.
        if not update.window:
            for seat in update.deciders - update.before:
                due.add(seat)
                why.setdefault(seat, pings.MOVE)
        # A seat nobody waits on may still owe an answer (a classic trade offer's
        # partner): the engine says whom an event asks by name. What the engine says the
        # events mean decides the ping: a turn that starts, a question put by name.
        for seat, reason in pings.reasons(update.game, update.events).items():
            if seat in due or reason == pings.ASKED:
                due.add(seat)
                why[seat] = reason

    def closed(self, match_id: int) -> set[int]:
        """Seats whose DMs were refused for good since the match was read."""
        return self._closed.get(match_id, set())

    def knows(self, match_id: int) -> bool:
        """Whether anything is kept for the match (``bot.core.live.MatchState``)."""
        kept = (self._due, self._closed, self._mentions, self._why)
        return any(match_id in k for k in kept)

    def forget(self, match_id: int) -> None:
        self._due.pop(match_id, None)
        self._closed.pop(match_id, None)
        self._mentions.pop(match_id, None)
        self._why.pop(match_id, None)
        self.live.forget(match_id)

    # a flush --------------------------------------------------------------------------------

    async def deal(self, update: svc.Update) -> None:
        """Every live hand of the match redrawn where it changed; the seats owed a
        notification told."""
        match = update.match
        due = self._due.pop(match.id, set())
        why = self._why.pop(match.id, {})
        if update.game is None:
            return
        rules = await self.bot.service.settings.get(match.guild_id)
        by_dm = rules.hand_delivery == "dm"
        mention: list[int] = []
        for seat in match.seats:
            if seat.user_id is None:
                continue
            told = seat.seat in due and seat.ai_level is None and match.status == "live"
            hand = await self.live.get(match.id, seat.user_id)
            if hand is None and not told:
                continue
            dm = by_dm and not seat.dm_closed
            # Told with a ping (or a mention) only as the player chose, one a minute at most.
            reason = why.get(seat.seat, pings.MOVE)
            pinged = told and await self.pings.wanted(seat.user_id, reason, limited=dm)
            if pinged and not dm:
                mention.append(seat.user_id)
            async with self.live.lock(match.id, seat.user_id):
                await self._serve(update, seat, told=told, by_dm=dm, ping=pinged)
        await self._mention(match, mention)

    async def _serve(
        self, update: svc.Update, seat: svc.SeatInfo, *, told: bool, by_dm: bool, ping: bool
    ) -> None:
        match, game = update.match, update.game
        assert game is not None and seat.user_id is not None
        user_id = seat.user_id
        deciding = seat.seat in update.deciders
        hand = await self.live.get(match.id, user_id)
        drawn = self.live.drawn(match.id, user_id)
        if hand is not None and drawn.version >= match.version:
            # Drawn at this very version already (the click that made this move redrew
            # it): no second view, no edit.
            if told and by_dm:
                await self._tell(match, hand, deciding, ping=ping)
            return
        view = update.view_of(seat.seat)  # the memo the seat's next click reads again
        live = match.status == "live"
        actions = update.legal_of(seat.seat) if live else []
        # A builder half-way through stays open, unless something new is asked of the seat
        # (it starts to decide, an offer reaches it): then the hand shows that first.
        draft = None if told else drawn.draft
        in_dm = hand is None or hand.place == DM  # a DM opens at its bottom (issue 27.4)
        rendered, content = await draw_hand(
            match,
            view,
            actions,
            seat.seat,
            deciders=update.deciders,
            page=drawn.page,
            draft=draft,
            dm=in_dm,
            passed=passed_line(update),
        )
        if hand is not None and await self.live.redraw(hand, rendered, content, match.version):
            if told and by_dm:
                await self._tell(match, hand, deciding, ping=ping)
            return
        if told and by_dm:
            await self._send_hand(match, user_id, rendered, content, seat.seat)

    async def _send_hand(
        self,
        match: svc.MatchInfo,
        user_id: int,
        rendered: Rendered,
        content: str | None,
        seat: int,
    ) -> None:
        """A new hand DM: the player had no live hand (the match began, or theirs could no
        longer be edited). Being a new message, it is the notification too."""
        old = await self.live.get(match.id, user_id)
        try:
            sent = await self.live.dms.send(
                user_id, **message_kwargs(rendered, content, edit=False)
            )
        except discord.HTTPException as exc:
            await self._refused(match, user_id, seat, exc)
            return
        if old is not None:
            await self.live.retire(old)
        await self._drop_ping(old)
        await self.live.save(LiveHand(match.id, user_id, DM, sent.channel.id, sent.id))
        drawn = Drawn(digest_of(rendered, content), match.version, pictures=picture_marks(rendered))
        self.live.set_drawn(match.id, user_id, drawn)
        # Remembered, so a restart after a crash re-sends only the hands that were lost.
        await marks.hand_sent(self.bot.service, match.id, user_id, match.version)

    async def _tell(
        self, match: svc.MatchInfo, hand: LiveHand, deciding: bool, *, ping: bool
    ) -> None:
        """A seat owed a word whose live hand is up to date: pinged, or (not wanted now: the
        player's choice, the minute's limit) its hand counted as delivered as it stands, so a
        restart does not take it for a lost one."""
        if ping:
            await self._ping(match, hand, deciding)
            return
        await marks.hand_sent(self.bot.service, match.id, hand.user_id, match.version)

    async def _ping(self, match: svc.MatchInfo, hand: LiveHand, deciding: bool) -> None:
        """A short DM: the match waits on you, with a link to your live hand (the table's,
        for a hand in the channel: an ephemeral message has no link). The last ping goes."""
        if hand.place == DM:
            link = jump_url(None, hand.channel_id, hand.message_id)
        elif match.message_id is not None:
            link = jump_url(match.guild_id, match.channel_id, match.message_id)
        else:
            link = ""
        words = play_texts.HAND_PING if deciding else play_texts.HAND_PING_OFFER
        text = words.format(match=match.id, game=plugins.title(match.game))
        clock = clock_line(match) if deciding else None
        if clock is not None:
            text = f"{text}\n{clock}"
        # A short line and a link button, never a raw 80-character address (issue 27.3).
        opens = play_texts.PING_OPEN_HAND if hand.place == DM else play_texts.PING_OPEN_TABLE
        view = pings.link_view(opens, link)
        try:
            kwargs: dict[str, Any] = {} if view is None else {"view": view}
            sent = await self.live.dms.send(hand.user_id, content=text, **kwargs)
        except discord.HTTPException as exc:
            seat = match.seat_of(hand.user_id)
            await self._refused(match, hand.user_id, -1 if seat is None else seat, exc)
            return
        self.pings.sent(hand.user_id)
        await self._drop_ping(hand)
        await self.live.save(self.live.with_ping(hand, sent.channel.id, sent.id))
        await marks.hand_sent(self.bot.service, match.id, hand.user_id, match.version)

    async def _mention(self, match: svc.MatchInfo, users: list[int]) -> None:
        """Players the bot may not DM (a server that keeps hands out of DMs, closed DMs) are
        told by one short message in the game channel that mentions them; the match's
        previous one goes, so the channel keeps at most one per match."""
        if not users or match.status != "live":
            return
        channel = self.bot.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        text = play_texts.HAND_MENTION.format(
            mentions=" ".join(f"<@{u}>" for u in users), match=match.id
        )
        await self._pacer.wait(match.channel_id)
        try:
            sent = await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException:
            log.warning("match %s: could not mention its deciders", match.id)
            return
        old = self._mentions.get(match.id)
        self._mentions[match.id] = sent.id
        if old is not None:
            with contextlib.suppress(discord.HTTPException):  # already gone
                await channel.get_partial_message(old).delete()

    async def _drop_ping(self, hand: LiveHand | None) -> None:
        if hand is None or hand.ping_id is None or hand.ping_channel_id is None:
            return
        channel = self.bot.get_partial_messageable(
            hand.ping_channel_id, type=discord.ChannelType.private
        )
        with contextlib.suppress(discord.HTTPException):  # already gone: its reader deleted it
            await channel.get_partial_message(hand.ping_id).delete()

    async def _refused(
        self, match: svc.MatchInfo, user_id: int, seat: int, exc: discord.HTTPException
    ) -> None:
        if not isinstance(exc, discord.Forbidden):
            log.warning("could not DM match %s to %s", match.id, user_id)
            return
        if exc.code != DM_CLOSED:
            # Another refusal (no shared server any more, a block, a spam guard): this one
            # message waits for "My hand"; the other seats' still go out.
            log.warning("could not DM match %s to %s (%s)", match.id, user_id, exc.code)
            return
        # Remembered for the rest of the match: the table tells them to use "My hand".
        await self.bot.service.mark_dm_closed(match.id, user_id)
        self._closed.setdefault(match.id, set()).add(seat)
        self._reschedule(match.id)
