"""The private hands: which seats are owed a hand, and delivering it by DM.

The publisher collects updates and flushes each match in one background task; after the
table and the log thread, the hands due go out through here (never to a player who refused
DMs this match, nor on a server that keeps hands in "My hand" only). A seat is told when it
starts to decide, not again while it keeps deciding; in a response window nobody is told.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import play_texts, plugins
from bot import service as svc
from bot.components import build_view, files_of, has_controls
from bot.render import render_hand
from bot.render.pictures import off_loop

if TYPE_CHECKING:
    from bot.client import Backstab

log = logging.getLogger(__name__)

DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"


class HandDelivery:
    """Hands owed per match and the DMs that carry them. ``reschedule`` asks the publisher
    for another flush (a refused DM changes the table: it tells the seat to use My hand)."""

    def __init__(self, bot: Backstab, reschedule: Callable[[int], None]) -> None:
        self.bot = bot
        self._reschedule = reschedule
        self._due: dict[int, set[int]] = {}
        # Seats whose DMs were refused for good this match, since the match was last read.
        self._closed: dict[int, set[int]] = {}

    def owe(self, match_id: int, seats: set[int] | frozenset[int]) -> None:
        """``seats`` are owed a hand at the next flush (a restart's lost hands)."""
        if seats:
            self._due.setdefault(match_id, set()).update(seats)

    def on_update(self, update: svc.Update) -> None:
        """Who this update makes owed a hand."""
        match = update.match
        if match.status != "live":
            return
        due = self._due.setdefault(match.id, set())
        if update.started:
            due.update(s.seat for s in match.seats if s.user_id is not None)
        # A seat is told when it starts to decide, not again while it keeps deciding; in
        # a response window nobody is DMed: the table's Pass / Play a card serve everyone.
        if not update.window:
            due.update(update.deciders - update.before)
        # A seat nobody waits on may still owe an answer (a classic trade offer's
        # partner): the game's plugin says who is dealt a fresh hand.
        due.update(plugins.fresh_hands(match.game, update.events))

    def closed(self, match_id: int) -> set[int]:
        """Seats whose DMs were refused for good since the match was read."""
        return self._closed.get(match_id, set())

    def forget(self, match_id: int) -> None:
        self._due.pop(match_id, None)
        self._closed.pop(match_id, None)

    async def deal(self, update: svc.Update) -> None:
        match = update.match
        seats = self._due.pop(match.id, set())
        if not seats or match.status != "live" or update.game is None:
            return
        rules = await self.bot.service.settings.get(match.guild_id)
        if rules.hand_delivery != "dm":
            return  # this server keeps hands in the My hand button only
        for seat in match.seats:
            human = seat.user_id is not None and seat.ai_level is None
            if seat.seat in seats and human and not seat.dm_closed:
                assert seat.user_id is not None
                await self._dm_hand(update, seat.seat, seat.user_id)

    async def _dm_hand(self, update: svc.Update, seat: int, user_id: int) -> None:
        match, game, state = update.match, update.game, update.state
        assert game is not None
        view = game.view(state, seat)
        actions = game.legal_actions(state, seat)
        rendered = await off_loop(render_hand, match, view.to_json(), actions)
        kwargs: dict[str, Any] = {"embeds": list(rendered.embeds), "files": files_of(rendered)}
        if has_controls(rendered):
            kwargs["view"] = build_view(rendered)
        # The clock is the deciders' only: a free actor's optional moves (a curse on anyone's
        # turn) are never timed.
        if actions and seat in update.deciders and match.deadline_at is not None:
            when = f"<t:{int(match.deadline_at)}:R>"
            kwargs["content"] = play_texts.TURN_CLOCK.format(when=when)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(**kwargs)
            # Remembered, so a restart after a crash re-sends only the hands that were lost.
            await self.bot.service.hand_sent(match.id, user_id, match.version)
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
            self._closed.setdefault(match.id, set()).add(seat)
            self._reschedule(match.id)
        except discord.HTTPException:
            log.warning("could not DM the hand of match %s to %s", match.id, user_id)
