"""Each player's one live hand message per match (issue 18): where it is, drawing it in place,
and retiring the one it replaces.

A player's hand lives in one message with live controls: their hand DM, or the ephemeral
answer to their last "My hand" in the game channel. The publisher edits it in place as the
match moves; a click on it answers by editing that same message. Opening the hand somewhere
else (another "My hand", or a press on an old hand) makes that message the live one and
retires the previous one (deleted). Where it is is stored (``LiveHand``), so after a restart
the same message is edited again.

An ephemeral message can only be edited through the interaction token that created it (or of
a later click on it), for 15 minutes (Discord). Past that the hand cannot be redrawn: it is
left as it is, and a press on it gets a fresh interaction that re-shows the live hand in that
same message. DM edits count against Discord's global rate limit, interaction edits do not,
so a hand DM clicked in the last 14 minutes is edited through that click's interaction;
a hand is edited only when its drawing changed, once per publisher flush (a burst of moves
costs one edit).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from dataclasses import dataclass, fields, replace
from typing import Any

import discord

from bot.delivery import marks
from bot.delivery.components import files_of, has_controls, message_parts
from bot.delivery.dm_channels import DmChannels
from bot.delivery.host import Host
from bot.delivery.layouts import is_layout
from bot.delivery.pacing import ChannelPacer
from bot.render import Rendered
from bot.render.model import Text
from bot.storage.models import LiveHand
from bot.words import play_texts

log = logging.getLogger(__name__)

# Discord: an interaction token edits its messages for 15 minutes; a minute is kept spare so
# an edit never races the expiry.
TOKEN_LIFE = 14 * 60.0
# When an ephemeral hand is closed (its controls taken off, a note put in) before its token
# dies, so no hand the bot can no longer reach keeps live controls. A timer on the event
# loop's clock (a test's simulated clock drives it too); apart from TOKEN_LIFE, which a test
# may set to 0 to stand for a token that died while the bot could not act.
CLOSE_AFTER = TOKEN_LIFE

DM, CHANNEL = "dm", "channel"
Key = tuple[int, int]  # (match, user)


@dataclass
class Drawn:
    """What the live hand shows now. Memory only, but for its ``draft`` and ``page``, stored
    with the live hand: after a restart the first flush redraws them."""

    digest: str = ""
    version: int = -1
    page: int = 0
    # A builder the player is half-way through (bot/render/drafts.py): a redraw of the match
    # moving on keeps it open at the parts set, as a page is kept.
    draft: str | None = None
    # The pictures the live hand message carries (``picture_marks``), so an edit that keeps
    # them uploads nothing (issue 29.4); None: not known (after a restart), so sent again.
    pictures: PictureMarks | None = None


PictureMarks = tuple[tuple[str, str], ...]


def picture_marks(rendered: Rendered) -> PictureMarks:
    """Each rendered picture's file name and a fingerprint of its bytes (hashed when drawn)."""
    return tuple((p.filename, p.digest) for p in getattr(rendered, "pictures", ()))


def digest_of(rendered: Rendered, content: str | None) -> str:
    """A fingerprint of a drawing: an unchanged hand is not edited again."""
    parts: list[Any] = [content]
    for f in fields(rendered):
        value = getattr(rendered, f.name)
        if f.name == "embeds":
            value = [e.to_dict() for e in value]
        elif f.name == "pictures":
            value = list(picture_marks(rendered))
        parts.append((f.name, repr(value)))
    return hashlib.sha1(repr(parts).encode()).hexdigest()


def message_kwargs(
    rendered: Rendered,
    content: str | None,
    *,
    edit: bool,
    shown: PictureMarks | None = None,
) -> dict[str, Any]:
    """The hand as a message's parts (an edit replaces attachments; a send adds files). A
    hand is a layout (Components V2): ``content`` is drawn above it, never as content. An
    edit of a message that already carries these very pictures (``shown``) names no
    attachments, so Discord keeps them and nothing is uploaded again: the layout's
    ``attachment://`` names find the kept files."""
    kwargs = message_parts(rendered, content)
    if edit:
        if shown is None or shown != picture_marks(rendered):
            kwargs["attachments"] = files_of(rendered)
    else:
        kwargs["files"] = files_of(rendered)
        if not is_layout(rendered) and not has_controls(rendered):
            del kwargs["view"]
    return kwargs


async def answer_new(
    interaction: discord.Interaction[Any], rendered: Rendered, content: str | None
) -> int | None:
    """Answer privately with a new message; its id (None when Discord did not say)."""
    kwargs = message_kwargs(rendered, content, edit=False)
    kwargs["ephemeral"] = True
    if kwargs.get("content") is None:
        kwargs.pop("content")
    if interaction.response.is_done():
        sent = await interaction.followup.send(wait=True, **kwargs)
        return sent.id
    callback = await interaction.response.send_message(**kwargs)
    return callback.message_id


class LiveHands:
    """The live hand of every (match, player) this process knows, loaded from storage once
    per match, with one lock per hand so a click's redraw and a flush's never cross."""

    def __init__(
        self, bot: Host, pacer: ChannelPacer | None = None, dms: DmChannels | None = None
    ) -> None:
        self.bot = bot
        self._pacer = pacer  # DM edits count against Discord's limits; interaction edits not
        # Every DM hand stored or loaded says where its player's DM channel is.
        self.dms = dms if dms is not None else DmChannels(bot)
        self._hands: dict[Key, LiveHand] = {}
        self._drawn: dict[Key, Drawn] = {}
        self._locks: dict[Key, asyncio.Lock] = {}
        self._loaded: set[int] = set()
        self._timers: dict[Key, asyncio.TimerHandle] = {}
        self._watched: dict[Key, str] = {}  # the token each timer was set for
        self._closing: set[asyncio.Task[None]] = set()
        # The last click on each hand DM: (token, message, when). Memory only, unlike an
        # ephemeral hand's token (a DM is always editable by its ids; storing a token per
        # click would be a write per click).
        self._dm_tokens: dict[Key, tuple[str, int, float]] = {}

    def lock(self, match_id: int, user_id: int) -> asyncio.Lock:
        key = (match_id, user_id)
        found = self._locks.get(key)
        if found is None:
            found = self._locks[key] = asyncio.Lock()
        return found

    async def get(self, match_id: int, user_id: int) -> LiveHand | None:
        if match_id not in self._loaded:
            self._loaded.add(match_id)
            for hand in await self.bot.service.live_hands(match_id):
                key = (hand.match_id, hand.user_id)
                if hand.place == DM:
                    self.dms.learn(hand.user_id, hand.channel_id)
                if key not in self._hands:
                    self._hands[key] = hand
                    self._watch(hand)
                    # What it showed besides the match before a restart: the first redraw
                    # keeps a builder half-built, and the page (issue 30.8).
                    if key not in self._drawn:
                        self._drawn[key] = Drawn(page=hand.page, draft=hand.draft)
        return self._hands.get((match_id, user_id))

    def drawn(self, match_id: int, user_id: int) -> Drawn:
        return self._drawn.setdefault((match_id, user_id), Drawn())

    def set_drawn(self, match_id: int, user_id: int, drawn: Drawn) -> None:
        self._drawn[(match_id, user_id)] = drawn

    def knows(self, match_id: int) -> bool:
        """Whether anything is kept for the match (``bot.core.live.MatchState``)."""
        return match_id in self._loaded or bool(self._keys(match_id))

    def forget(self, match_id: int) -> None:
        """A match drawn for the last time, or gone to another process: what was kept for it
        goes, its token timers too (the rows stay)."""
        for key in self._keys(match_id):
            self._unwatch(key)
            self._hands.pop(key, None)
            self._drawn.pop(key, None)
            self._locks.pop(key, None)
            self._dm_tokens.pop(key, None)
        self._loaded.discard(match_id)

    def _keys(self, match_id: int) -> list[Key]:
        kept = {*self._hands, *self._drawn, *self._locks, *self._timers, *self._watched}
        kept |= set(self._dm_tokens)
        return [k for k in kept if k[0] == match_id]

    async def save(self, hand: LiveHand) -> None:
        key = (hand.match_id, hand.user_id)
        before = self._hands.get(key)
        self._hands[key] = hand
        if hand.place == DM:
            self.dms.learn(hand.user_id, hand.channel_id)
        self._watch(hand)
        # Held for the next write; one naming another message, written by the end of the
        # publish or click (bot.delivery.marks).
        moved = marks.moved(before, hand)
        await marks.save_live_hand(
            self.bot.service, hand, lambda: self._hands.get(key), moved=moved
        )

    async def drop(self, hand: LiveHand) -> None:
        key = (hand.match_id, hand.user_id)
        if self._hands.get(key) == hand:
            self._unwatch(key)
            self._hands.pop(key, None)
            self._drawn.pop(key, None)
            await self.bot.service.drop_live_hand(hand.match_id, hand.user_id)

    def close(self) -> None:
        """The bot is stopping: no hand is closed from here on (a restart watches again)."""
        for key in list(self._timers):
            self._unwatch(key)

    # closing an ephemeral hand before its token dies --------------------------------------

    def _watch(self, hand: LiveHand) -> None:
        key = (hand.match_id, hand.user_id)
        if hand.token is not None and self._watched.get(key) == hand.token:
            return  # the same token (a ping saved beside it): its timer stands
        self._unwatch(key)
        if hand.place != CHANNEL or hand.token is None:
            return
        left = CLOSE_AFTER - (time.time() - (hand.token_at or 0.0))
        if left > 0:
            loop = asyncio.get_running_loop()
            self._timers[key] = loop.call_later(left, self._close_later, hand)
            self._watched[key] = hand.token

    def _unwatch(self, key: Key) -> None:
        self._watched.pop(key, None)
        timer = self._timers.pop(key, None)
        if timer is not None:
            timer.cancel()

    def _close_later(self, hand: LiveHand) -> None:
        task = asyncio.create_task(self._close(hand))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _close(self, hand: LiveHand) -> None:
        """An ephemeral hand whose token is about to die: its controls go and a note says
        how to open a fresh one; the player has no live hand until then (the next
        notification sends the hand DM, where DMs are allowed)."""
        key = (hand.match_id, hand.user_id)
        try:
            async with self.lock(*key):
                current = self._hands.get(key)
                if current is None or (current.message_id, current.token) != (
                    hand.message_id,
                    hand.token,
                ):
                    return  # shown again since: a fresh token
                self._unwatch(key)
                with contextlib.suppress(discord.HTTPException):
                    # A layout (Components V2) cannot become plain content: the note is
                    # the closed hand's only text display, its pictures and controls gone.
                    closed = Rendered(blocks=(Text(play_texts.HAND_CLOSED),))
                    await self._webhook(current).edit_message(
                        current.message_id, **message_parts(closed), attachments=[]
                    )
                await self.drop(current)
        except Exception:  # a timer's task: nobody awaits it
            log.exception("closing the hand of %s in match %s failed", hand.user_id, hand.match_id)

    # making a message the live hand -------------------------------------------------------

    async def claim(
        self,
        interaction: discord.Interaction[Any],
        match_id: int,
        message_id: int,
        drawn: Drawn,
    ) -> None:
        """The message ``interaction`` answered with (or clicked on) now shows the player's
        hand: it becomes the live hand; the one before it, elsewhere, is retired. Call it
        under ``lock``."""
        user_id = interaction.user.id
        old = await self.get(match_id, user_id)
        private_dm = interaction.guild_id is None
        channel_id = interaction.channel_id or 0
        hand = LiveHand(
            match_id,
            user_id,
            DM if private_dm else CHANNEL,
            channel_id,
            message_id,
            # A DM is edited by its ids; an ephemeral answer only through a token.
            token=None if private_dm else interaction.token,
            token_at=None if private_dm else time.time(),
            ping_channel_id=old.ping_channel_id if old else None,
            ping_id=old.ping_id if old else None,
            draft=drawn.draft,
            page=drawn.page,
        )
        if old is not None and old.message_id != message_id:
            await self.retire(old)
        if private_dm:
            self._dm_tokens[(match_id, user_id)] = (interaction.token, message_id, time.time())
        self._drawn[(match_id, user_id)] = drawn
        if hand != old:
            await self.save(hand)

    async def retire(self, hand: LiveHand) -> None:
        """A superseded hand loses its controls: deleted (a DM by its ids, an ephemeral
        answer through its token while that lives; past it nothing can touch it, and a
        press on it re-shows the live hand there)."""
        try:
            if hand.place == DM:
                channel = self.bot.get_partial_messageable(
                    hand.channel_id, type=discord.ChannelType.private
                )
                await channel.get_partial_message(hand.message_id).delete()
            elif self.editable(hand):
                await self._webhook(hand).delete_message(hand.message_id)
        except discord.HTTPException:
            log.info("match %s: an old hand of %s was already gone", hand.match_id, hand.user_id)

    # drawing it ----------------------------------------------------------------------------

    def editable(self, hand: LiveHand) -> bool:
        if hand.place == DM:
            return True
        return hand.token is not None and time.time() - (hand.token_at or 0.0) < TOKEN_LIFE

    async def redraw(
        self, hand: LiveHand, rendered: Rendered, content: str | None, version: int
    ) -> bool:
        """Edit the live hand in place when its drawing changed (call under ``lock``).
        False: it can no longer be edited (deleted, or its token expired) and was dropped."""
        drawn = self.drawn(hand.match_id, hand.user_id)
        digest = digest_of(rendered, content)
        if version < drawn.version or digest == drawn.digest:
            return True  # a newer drawing landed already, or nothing changed
        if not self.editable(hand):
            await self.drop(hand)
            return False
        kwargs = message_kwargs(rendered, content, edit=True, shown=drawn.pictures)
        pictures = picture_marks(rendered)
        if hand.place == DM and await self._edit_dm_by_token(hand, kwargs):
            drawn.digest, drawn.version, drawn.pictures = digest, version, pictures
            return True
        try:
            if hand.place == DM:
                if self._pacer is not None:
                    await self._pacer.wait(hand.channel_id)
                channel = self.bot.get_partial_messageable(
                    hand.channel_id, type=discord.ChannelType.private
                )
                await channel.get_partial_message(hand.message_id).edit(**kwargs)
            else:
                await self._webhook(hand).edit_message(hand.message_id, **kwargs)
        except discord.HTTPException as exc:
            if isinstance(exc, discord.NotFound) or hand.place == CHANNEL:
                # Deleted by its player, or the token died early (a client reload
                # does not, but a revoked or expired token does): the next "My hand"
                # or notification makes a new one.
                await self.drop(hand)
                return False
            log.warning("match %s: could not redraw the hand of %s", hand.match_id, hand.user_id)
            return True
        drawn.digest, drawn.version, drawn.pictures = digest, version, pictures
        return True

    async def _edit_dm_by_token(self, hand: LiveHand, kwargs: dict[str, Any]) -> bool:
        """A hand DM clicked less than ``TOKEN_LIFE`` ago is edited through that click's
        interaction, which Discord does not count against the bot's global limit (50
        requests/s per token); False (the token gone or refused): edit it by its ids."""
        key = (hand.match_id, hand.user_id)
        kept = self._dm_tokens.get(key)
        if kept is None or kept[1] != hand.message_id:
            return False
        token, _, at = kept
        if time.time() - at >= TOKEN_LIFE:
            self._dm_tokens.pop(key, None)
            return False
        try:
            await self._webhook(replace(hand, token=token)).edit_message(hand.message_id, **kwargs)
        except discord.HTTPException:
            self._dm_tokens.pop(key, None)
            return False
        return True

    def _webhook(self, hand: LiveHand) -> discord.Webhook:
        """The interaction's webhook: an ephemeral answer is edited through its token."""
        application_id = self.bot.application_id or (self.bot.user.id if self.bot.user else 0)
        assert hand.token is not None
        return discord.Webhook.partial(application_id, hand.token, client=self.bot.client)

    def with_ping(self, hand: LiveHand, channel_id: int | None, ping_id: int | None) -> LiveHand:
        return replace(hand, ping_channel_id=channel_id, ping_id=ping_id)
