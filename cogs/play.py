"""Playing a match: clicks on game actions, "My hand", the window's Pass and Play a card, the
hand's pager and selects, and ``/match status|hand|concede``.

Publishing (the table, the log thread, DMs) is ``bot.delivery.publisher.TablePublisher``'s job;
this cog turns clicks into service calls and answers the person who clicked, privately.
Action buttons live only on private messages (a DM or an ephemeral reply); the public table
carries only harmless ones (My hand; Pass and Play a card while a response window is open).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import plugins
from bot.core import service as svc
from bot.delivery.components import acknowledge, answer_first, selected_values, send_private
from bot.delivery.hand_answers import HandAnswers, is_public
from bot.delivery.hands import DM_CLOSED
from bot.render import ButtonId, ButtonSpec, Rendered, Style, controls
from bot.render import ids as keys
from bot.render.drafts import is_draft, pressed
from bot.render.model import Controls, Gallery, Rule, Text
from bot.render.names import shown_name
from bot.render.pictures import off_loop
from bot.screens import render_hand
from bot.screens.table import read_draft, render_look, seat_details
from bot.words import error_texts, play_texts
from engine.core import PASS

if TYPE_CHECKING:
    from bot.client import Backstab

log = logging.getLogger(__name__)

__all__ = ["DM_CLOSED", "PlayCog"]


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: Backstab) -> None:
        self.bot = bot
        self.publisher = bot.app.publisher
        self.catch_up = bot.app.catch_up
        self.answers = HandAnswers(bot, self.publisher, self._send_spectator)

    async def cog_load(self) -> None:
        router = self.bot.button_router
        # Every click is acknowledged by the router before anything is read (issue 29.3).
        # The table's buttons: a click on them only ever comes from the match's server, and
        # is answered with a new private message (the router's private "thinking" answer).
        router.route(keys.HAND, self.on_hand, on_server=True, opens=True)
        router.route(keys.RESPOND, self.on_hand, on_server=True, opens=True)
        router.route(keys.LOOK, self.on_look, on_server=True, opens=True)
        # Answered by redrawing the message clicked: a hand's pager, "Take my seat back", a
        # builder's step, a "Yes, ...", "Yes, concede" and (route_actions) a move.
        router.route(keys.RECLAIM_SEAT, self.on_reclaim_seat)
        for number in range(controls.MAX_PAGES):
            router.route(controls.page_key(number), self.on_page)
        router.route_prefix(keys.DRAFT_PREFIX, self.on_draft)
        router.route_prefix(keys.SURE_PREFIX, self.on_sure)
        router.route(keys.CONCEDE_SURE, self.on_concede_sure)
        router.route_actions(self.on_action)
        # The service restores matches after the cogs load; hands a crash kept from players
        # are sent once the bot is connected.
        self._restarted = asyncio.create_task(self._resend_lost_hands())

    async def cog_unload(self) -> None:
        self._restarted.cancel()
        self.publisher.close()
        self.bot.button_router.unroute(self)

    async def _resend_lost_hands(self) -> None:
        await self.bot.wait_until_ready()
        try:
            await self.catch_up.resend_lost_hands()
        except Exception:
            if self.publisher.active and not self._released():
                log.exception("re-sending hands after the restart failed")

    def _released(self) -> bool:
        """The bot let its service go (a test replacing it, a shutdown under way)."""
        try:
            service = self.bot.service
        except RuntimeError:
            return True
        return service is None or self.bot.is_closed()

    # buttons ------------------------------------------------------------------------------

    async def on_hand(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        await self.answers.send(interaction, button.match_id)
        await self._ensure_drawn(button.match_id)

    async def on_look(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        """The table's closer look (a game's larger picture), for whoever asks, privately."""
        match, view, _ = await self.bot.service.view(button.match_id, None)
        rendered = await off_loop(render_look, match, view)
        if rendered is None:
            await send_private(interaction, play_texts.LOOK_NOTHING)
            return
        await send_private(interaction, None, rendered)

    async def _ensure_drawn(self, match_id: int) -> None:
        await self.catch_up.ensure_drawn(match_id)

    async def on_reclaim_seat(
        self, interaction: discord.Interaction[Any], button: ButtonId
    ) -> None:
        await self.bot.service.reclaim_seat(button.match_id, interaction.user.id)
        await self.answers.show(interaction, button.match_id, note=play_texts.BACK_DONE)

    async def on_page(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        """Prev / Next on a hand: the same private message, another page (kept while the
        hand is redrawn as the match moves)."""
        page = controls.page_of(button.key) or 0
        await self.answers.show(interaction, button.match_id, page=page)

    async def on_action(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        key = button.key
        if controls.is_pick(key):
            chosen = selected_values(interaction)
            if not chosen:
                await send_private(interaction, error_texts.GENERIC_ERROR)
                return
            key = chosen[0]
            if is_draft(key):  # a builder's entry among the hand's moves (bot/render/drafts.py)
                await self.on_draft(interaction, button)
                return
        if await self._asks_first(interaction, button, key):
            return
        await self._play(interaction, button, key)

    async def _asks_first(
        self, interaction: discord.Interaction[Any], button: ButtonId, key: str
    ) -> bool:
        """A move that cannot be taken back (``Game.irreversible``) is not played on its
        first press: the same private message asks "Yes, ..." (issue 27.2). A stale press is
        left to the move's own version check."""
        if not plugins.maybe_irreversible(key):
            return False
        match = await self.bot.service.get(button.match_id)
        if not plugins.irreversible(match.game, key) or button.version != match.version:
            return False
        try:
            keys.make_custom_id(match.id, match.version, keys.SURE_PREFIX + key)
        except ValueError:
            return False  # a key too long to carry its "Yes": never a move nobody can make
        await self.answers.show(interaction, button.match_id, sure=key)
        return True

    async def on_sure(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        """ "Yes, ..." on a move that cannot be taken back: played now, version-checked; a
        forged one (a move the game does not call irreversible) changes nothing."""
        key = button.key.removeprefix(keys.SURE_PREFIX)
        match = await self.bot.service.get(button.match_id)
        if not plugins.irreversible(match.game, key):
            await self.answers.show(interaction, button.match_id, note=play_texts.STALE)
            return
        await self._play(interaction, button, key)

    async def _play(
        self, interaction: discord.Interaction[Any], button: ButtonId, key: str
    ) -> None:
        await acknowledge(interaction)
        if is_public(interaction):  # pressed on the table (its Pass), answered by the defer
            self.publisher.tokens.note(button.match_id, interaction)
        await self._ensure_drawn(button.match_id)
        try:
            update = await self.bot.service.act(
                button.match_id, interaction.user.id, key, button.version
            )
        except svc.ServiceError as exc:
            if exc.code != "stale":
                raise  # worded by the router's relay
            # A stale button gets the live hand with the refusal, in that same message.
            await self.answers.show(interaction, button.match_id, note=play_texts.STALE)
            return
        if key == PASS and is_public(interaction):
            return  # answered by the defer: the table's "Passed:" line shows it (issue 18)
        await self.answers.refresh_clicked(interaction, update)

    async def on_draft(self, interaction: discord.Interaction[Any], button: ButtonId) -> None:
        """A press on a game's builder (bot/render/drafts.py): the same private message shows
        the builder at the state chosen, or the legal move the builder stands for is played.
        A builder the match has moved past gets the fresh hand, nothing changed."""
        # A select's value is the state it picks; a several-value select's are what it chose.
        key, values = pressed(button.key, selected_values(interaction))
        match, view, actions = await self.bot.service.view(button.match_id, interaction.user.id)
        if match.seat_of(interaction.user.id) is None:
            await send_private(interaction, error_texts.service_error("not_seated"))
            return
        step = await off_loop(read_draft, match, key, view, actions, values)
        if step.refusal is not None:
            await send_private(interaction, step.refusal)
            return
        if step.draft is None and not step.play:  # no builder for that state any more
            await self.answers.show(interaction, button.match_id, note=play_texts.STALE)
            return
        if not step.play and is_public(interaction):  # never a hand over a public message
            rendered = await off_loop(render_hand, match, view, actions, draft=step.draft)
            await send_private(interaction, None, rendered)
            return
        if not step.play:  # the same message at the new state, kept by later redraws too
            await self.answers.show(interaction, button.match_id, draft=step.draft)
            return
        await acknowledge(interaction)
        try:
            update = await self.bot.service.act_all(
                button.match_id, interaction.user.id, step.play, button.version
            )
        except svc.ServiceError as exc:
            if exc.code != "stale":
                raise  # worded by the router's relay
            await self.answers.show(interaction, button.match_id, note=play_texts.STALE)
            return
        await self.answers.refresh_clicked(interaction, update, draft=step.draft)

    async def _send_spectator(
        self, interaction: discord.Interaction[Any], match: svc.MatchInfo
    ) -> None:
        """Someone not seated: they may look at the table, never at a hand."""
        if match.status == "lobby":
            await send_private(interaction, error_texts.service_error("not_seated"))
            return
        await send_private(interaction, play_texts.SPECTATOR_NOTE, await self._look(match.id))

    async def _look(self, match_id: int) -> Rendered:
        """The public table as it stands, drawn for one private answer, with the seats in
        full (what the table's one line per seat leaves out)."""
        fresh, view, _ = await self.bot.service.view(match_id, None)
        latest = self.publisher.latest(match_id) or await self.bot.service.current(match_id)
        table = await self.publisher.table(fresh, view, latest)
        return _looked_at(table, seat_details(fresh, view))

    # slash commands (called by cogs.match) --------------------------------------------------

    # Each answers first (issue 29.3: privately "thinking", before any read); what it then
    # sends, a refusal included, replaces that answer.

    async def show_status(self, interaction: discord.Interaction[Any]) -> None:
        await answer_first(interaction)
        match = await self._current_match(interaction, include_channel=True)
        if match is None:
            await send_private(interaction, error_texts.NO_MATCH_HERE)
            return
        if match.status == "lobby":
            await send_private(interaction, rendered=self.bot.app.lobby(match))
            return
        await send_private(interaction, rendered=await self._look(match.id))

    async def show_hand(
        self, interaction: discord.Interaction[Any], match_id: int | None = None
    ) -> None:
        await answer_first(interaction)
        match = await self._my_match(interaction, match_id, pick_for_me=True)
        if match is not None:
            await self.answers.send(interaction, match.id)

    async def concede(
        self, interaction: discord.Interaction[Any], match_id: int | None = None
    ) -> None:
        # Conceding cannot be undone: with several matches here and none named, nothing is
        # guessed; the caller is asked which.
        await answer_first(interaction)
        match = await self._my_match(interaction, match_id, pick_for_me=False)
        if match is None:
            return
        yes = ButtonSpec(
            play_texts.CONCEDE_YES,
            keys.make_custom_id(match.id, match.version, keys.CONCEDE_SURE),
            Style.DANGER,
        )  # issue 27.2: asked once; the answer is this same private message
        asked = Rendered(content=play_texts.CONCEDE_ASK.format(match=match.id), buttons=(yes,))
        await send_private(interaction, rendered=asked)

    async def on_concede_sure(
        self, interaction: discord.Interaction[Any], button: ButtonId
    ) -> None:
        """ "Yes, concede": the seat leaves; a match already over refuses it, worded."""
        await acknowledge(interaction)
        await self.bot.service.concede(button.match_id, interaction.user.id)
        done = error_texts.CONCEDED.format(match=button.match_id)
        await interaction.edit_original_response(content=done, view=None)

    async def seat_to_ai(
        self, interaction: discord.Interaction[Any], player: discord.abc.User, match_id: int | None
    ) -> None:
        """A moderator gives a player's seat to the AI (someone kicked, banned or gone)."""
        await answer_first(interaction)
        if interaction.guild_id is None:
            await send_private(interaction, error_texts.GUILD_ONLY)
            return
        # Checked here too: default_permissions is only what Discord shows by default, and a
        # server may change it.
        if not interaction.permissions.manage_guild:
            await send_private(interaction, error_texts.SEAT_MODS_ONLY)
            return
        theirs = await self.bot.service.matches_of_user(
            interaction.guild_id, player.id, statuses=("live",)
        )
        here = [
            m for m in theirs if m.channel_id == interaction.channel_id and match_id in (None, m.id)
        ]
        if len(here) != 1:
            name = shown_name(player.display_name)
            listed = ", ".join(f"#{m.id}" for m in sorted(here, key=lambda m: -m.id))
            refusal = error_texts.SEAT_PICK_A_MATCH if here else error_texts.SEAT_NOT_PLAYING
            await send_private(interaction, refusal.format(name=name, matches=listed))
            return
        [match] = here
        await self.bot.service.seat_to_ai(match.id, player.id)
        seat = next(s for s in match.seats if s.user_id == player.id)
        done = error_texts.SEAT_TO_AI_DONE.format(name=shown_name(seat.name), match=match.id)
        await send_private(interaction, done)

    async def my_live_matches(self, interaction: discord.Interaction[Any]) -> list[svc.MatchInfo]:
        """The caller's live matches in this channel, newest first."""
        if interaction.guild_id is None:
            return []
        mine = await self.bot.service.matches_of_user(
            interaction.guild_id, interaction.user.id, statuses=("live",)
        )
        here = [m for m in mine if m.channel_id == interaction.channel_id]
        return sorted(here, key=lambda m: m.id, reverse=True)

    async def _my_match(
        self, interaction: discord.Interaction[Any], match_id: int | None, *, pick_for_me: bool
    ) -> svc.MatchInfo | None:
        """The live match of this channel the caller plays in: the one named, else the only
        one, else (``pick_for_me``) the one waiting on the caller, else the newest. Answers
        the caller itself when there is none, or when it will not guess."""
        here = await self.my_live_matches(interaction)
        if match_id is not None:
            named = next((m for m in here if m.id == match_id), None)
            if named is None:
                await send_private(
                    interaction, error_texts.NOT_YOUR_MATCH_HERE.format(match=match_id)
                )
            return named
        if len(here) <= 1:
            if not here:
                await send_private(interaction, error_texts.NO_MATCH_HERE)
            return here[0] if here else None
        if not pick_for_me:
            listed = ", ".join(f"#{m.id}" for m in here)
            await send_private(interaction, error_texts.PICK_A_MATCH.format(matches=listed))
            return None
        for match in here:
            update = await self.bot.service.current(match.id)
            if match.seat_of(interaction.user.id) in update.deciders:
                return match
        return here[0]

    async def _current_match(
        self, interaction: discord.Interaction[Any], *, include_channel: bool = False
    ) -> svc.MatchInfo | None:
        """The caller's newest lobby or live match in this channel (or, for status, the
        channel's newest live match when the caller sits in none)."""
        if interaction.guild_id is None:
            return None
        mine = await self.bot.service.matches_of_user(interaction.guild_id, interaction.user.id)
        here = [m for m in mine if m.channel_id == interaction.channel_id]
        if not here and include_channel and interaction.channel_id is not None:
            here = await self.bot.service.live_matches_in_channel(interaction.channel_id)
        live = [m for m in here if m.status == "live"]
        pool = live or here
        return max(pool, key=lambda m: m.id) if pool else None


def _looked_at(table: Rendered, details: str | None = None) -> Rendered:
    """The table for one private answer: its words only (no controls: My hand and Pass
    belong on the table itself; no picture: it would be uploaded again for one look), and
    the seats in full after them."""
    blocks = tuple(b for b in table.blocks if not isinstance(b, Controls | Gallery))
    if details:
        blocks += (Rule(), Text(details))
    return replace(table, buttons=(), selects=(), pictures=(), blocks=blocks)


async def setup(bot: Backstab) -> None:
    await bot.add_cog(PlayCog(bot))
