"""Answering a player with their hand: over the private message they clicked (a DM or an
ephemeral hand), or as a new private answer (My hand, ``/match hand``). Whatever shows the
hand becomes the player's one live hand (``bot.delivery.hand_messages``); the play cog calls
these."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.core import service as svc
from bot.delivery import marks
from bot.delivery.components import send_private
from bot.delivery.hand_messages import (
    Drawn,
    answer_new,
    digest_of,
    message_kwargs,
    picture_marks,
)
from bot.delivery.hands import draw_hand, passed_line
from bot.delivery.host import Host
from bot.words import error_texts
from engine.core import PlayerView

if TYPE_CHECKING:
    from bot.delivery.publisher import TablePublisher

Spectator = Callable[[discord.Interaction[Any], svc.MatchInfo], Awaitable[None]]


class HandAnswers:
    """``spectator`` answers someone not seated (they may see the table, never a hand)."""

    def __init__(self, bot: Host, publisher: TablePublisher, spectator: Spectator) -> None:
        self.bot = bot
        self._publisher = publisher
        self.live = publisher.hands.live
        self._spectator = spectator

    async def refresh_clicked(
        self,
        interaction: discord.Interaction[Any],
        update: svc.Update,
        *,
        draft: str | None = None,
    ) -> None:
        """Redraw the private message whose button was used with the player's new hand,
        drawn from the update the click returned (the match as the click left it). It is
        (or becomes) the player's live hand."""
        match, game = update.match, update.game
        seat = match.seat_of(interaction.user.id)
        if is_public(interaction) or game is None or seat is None:
            return  # never draw a hand over a public message
        # From the update's memo, which the click on this hand at this version reads again.
        view = update.view_of(seat)
        actions = update.legal_of(seat) if match.status == "live" else []
        # The hand placed here and its DM marked sent: one transaction (bot.delivery.marks).
        async with marks.batched(self.bot.service):
            await self._draw_here(
                interaction,
                match,
                view,
                actions,
                seat,
                deciders=update.deciders,
                draft=draft,
                passed=passed_line(update),
            )
            user_id = interaction.user.id
            # The hand DM itself is now up to date: marked with the move's publish when one is
            # due (``TablePublisher.carry``), else here.
            if interaction.guild_id is None and not self._publisher.carry(
                match.id, user_id, match.version
            ):
                await marks.hand_sent(self.bot.service, match.id, user_id, match.version)

    async def show(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        *,
        note: str | None = None,
        page: int = 0,
        draft: str | None = None,
        sure: str | None = None,
    ) -> None:
        """The caller's hand as it stands (at ``draft``: a builder half-way through; asking
        "Yes, ..." for ``sure``, a move that cannot be taken back): in the private message
        clicked (a DM or an ephemeral hand), else as a new private answer."""
        if is_public(interaction) or interaction.message is None:
            await self.send(interaction, match_id, note=note)
            return
        match, view, actions = await self.bot.service.view(match_id, interaction.user.id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            await send_private(interaction, error_texts.service_error("not_seated"))
            return
        await self._draw_here(
            interaction,
            match,
            view,
            list(actions),
            seat,
            deciders=self._deciders(match_id),
            note=note,
            page=page,
            draft=draft,
            sure=sure,
            passed=self._passed(match),
        )

    async def _draw_here(
        self,
        interaction: discord.Interaction[Any],
        match: svc.MatchInfo,
        view: PlayerView,
        actions: list[Any],
        seat: int,
        *,
        deciders: frozenset[int],
        note: str | None = None,
        page: int = 0,
        draft: str | None = None,
        sure: str | None = None,
        passed: str | None = None,
    ) -> None:
        """Draw the hand over the private message clicked, which becomes the live hand (an
        older hand's controls go; the clicked one may itself be an old one)."""
        live = self.live
        user_id = interaction.user.id
        assert interaction.message is not None
        message_id = interaction.message.id
        async with live.lock(match.id, user_id):
            current = await live.get(match.id, user_id)
            drawn = live.drawn(match.id, user_id)
            asked = note or draft or sure
            newer = drawn.version > match.version and not asked and page == drawn.page
            if current is not None and current.message_id == message_id and newer:
                # A newer drawing already landed on it (the flush of later moves).
                await live.claim(interaction, match.id, message_id, drawn)
                return
            rendered, content = await draw_hand(
                match,
                view,
                actions,
                seat,
                deciders=deciders,
                note=note,
                page=page,
                draft=draft,
                sure=sure,
                dm=interaction.guild_id is None,  # a DM opens at its bottom (issue 27.4)
                passed=passed,
            )
            # The clicked message is the live hand: its pictures are known, and kept when
            # they did not change (no upload).
            shown = (
                drawn.pictures if current is not None and current.message_id == message_id else None
            )
            kwargs = message_kwargs(rendered, content, edit=True, shown=shown)
            if interaction.response.is_done():
                await interaction.edit_original_response(**kwargs)
            else:
                await interaction.response.edit_message(**kwargs)
            digest = digest_of(rendered, content)
            drawn = Drawn(digest, match.version, page, draft, picture_marks(rendered))
            await live.claim(interaction, match.id, message_id, drawn)

    def _deciders(self, match_id: int) -> frozenset[int]:
        """Who the match waits on, as last published (no read: it decides whether the hand
        shows the clock and whom it says the seat waits for); nothing is published after a
        restart until the match moves, so then the session says (issue 30.8: no "Time runs
        out" line)."""
        latest = self._publisher.latest(match_id)
        if latest is None:
            return self.bot.service.deciders(match_id)
        return latest.deciders

    def _passed(self, match: svc.MatchInfo) -> str | None:
        """Who passed in the open window, as last published for this very version."""
        latest = self._publisher.latest(match.id)
        if latest is None or latest.match.version != match.version:
            return None
        return passed_line(latest)

    async def send(
        self, interaction: discord.Interaction[Any], match_id: int, *, note: str | None = None
    ) -> None:
        """The caller's hand as a new private answer (My hand, /match hand): it becomes their
        live hand, and the one before it is retired."""
        match = await self.bot.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            await self._spectator(interaction, match)
            return
        match, view, actions = await self.bot.service.view(match_id, interaction.user.id)
        live = self.live
        async with live.lock(match.id, interaction.user.id):
            rendered, content = await draw_hand(
                match,
                view,
                list(actions),
                seat,
                deciders=self._deciders(match_id),
                note=note,
                passed=self._passed(match),
            )
            message_id = await answer_new(interaction, rendered, content)
            if message_id is None:
                return
            drawn = Drawn(
                digest_of(rendered, content), match.version, pictures=picture_marks(rendered)
            )
            await live.claim(interaction, match.id, message_id, drawn)


def is_public(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    private = interaction.guild_id is None or (message is not None and message.flags.ephemeral)
    return not private
