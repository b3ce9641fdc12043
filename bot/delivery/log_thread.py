"""A match's log thread: its public lines, posted in batches (issue 29.2).

Every post counts against Discord's global limit (50 requests per second per bot token, every
process and shard together); one post per click was a third of what a bot spent. The lines a
flush brings are posted at once when the thread had nothing for ``LOG_GAP`` seconds, else kept
and posted together when that gap is over (and always at once when the match is over). The
thread is the long log; the table's own "last moves" shows every line at once, so nothing a
player needs waits on it. Lines are kept in memory only, as before: a crash or a restart may
lose the lines of the last ``LOG_GAP`` seconds from the thread (before: those of the one flush
in flight), never from the match (its action log, ``/match replay``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord

from bot import plugins
from bot.core import service as svc
from bot.delivery.host import Host
from bot.delivery.pacing import ChannelPacer
from bot.words import play_texts

log = logging.getLogger(__name__)

LOG_GAP = 30.0  # seconds between two posts to one match's thread while it is played
MESSAGE_LIMIT = 2000  # Discord: characters in one message

Latest = Callable[[int], svc.Update | None]  # the match as last published, writes included
Wrote = Callable[[int, int], None]  # (match, thread): the thread the match now has


class LogThreads:
    def __init__(self, bot: Host, pacer: ChannelPacer, latest: Latest, wrote: Wrote) -> None:
        self.bot = bot
        self._pacer = pacer
        self._latest = latest
        self._wrote = wrote
        self._lines: dict[int, list[str]] = {}
        self._no_thread: set[int] = set()
        self._posted: dict[int, float] = {}  # when each match's thread was last posted to
        self._later: dict[int, asyncio.Task[None]] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def add(self, match_id: int, lines: list[str]) -> None:
        if lines:
            self._lines.setdefault(match_id, []).extend(lines)

    def knows(self, match_id: int) -> bool:
        kept = (self._lines, self._no_thread, self._posted, self._later, self._locks)
        return any(match_id in k for k in kept)

    def forget(self, match_id: int) -> None:
        self._lines.pop(match_id, None)
        self._no_thread.discard(match_id)
        self._posted.pop(match_id, None)
        self._locks.pop(match_id, None)
        later = self._later.pop(match_id, None)
        if later is not None:
            later.cancel()

    def close(self) -> None:
        for task in self._later.values():
            task.cancel()

    async def flush(self, update: svc.Update) -> int | None:
        """Post the lines due now, or keep them for the next post; the thread's id when this
        opened one."""
        match = update.match
        if match.id not in self._lines:
            return None
        wait = self._wait(match)
        if wait <= 0:
            return await self._post(update)
        if match.id not in self._later:
            self._later[match.id] = asyncio.create_task(self._post_later(match.id, wait))
        return None

    def _wait(self, match: svc.MatchInfo) -> float:
        if match.status != "live":
            return 0.0  # the last lines (who won, why it ended) go at once
        last = self._posted.get(match.id)
        if last is None:
            return 0.0
        return LOG_GAP - (asyncio.get_running_loop().time() - last)

    async def _post_later(self, match_id: int, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
            self._later.pop(match_id, None)
            update = self._latest(match_id)
            if update is not None:
                await self._post(update)
        except asyncio.CancelledError:
            raise
        except Exception:  # a task nobody awaits
            log.exception("posting the log of match %s failed", match_id)

    async def _post(self, update: svc.Update) -> int | None:
        match = update.match
        lock = self._locks.setdefault(match.id, asyncio.Lock())
        async with lock:  # lines leave in the order they came
            lines = self._lines.pop(match.id, [])
            if not lines or match.id in self._no_thread:
                return None
            self._posted[match.id] = asyncio.get_running_loop().time()
            opened = None
            # The match as last published, with the thread a post before this one opened.
            thread_id = (self._latest(match.id) or update).match.thread_id
            if thread_id is None:
                thread_id = opened = await self._open(match)
                if thread_id is None:
                    return None
                self._wrote(match.id, thread_id)
            thread = self.bot.get_partial_messageable(thread_id, guild_id=match.guild_id)
            for chunk in chunks(lines, MESSAGE_LIMIT):
                await self._pacer.wait(thread_id)
                try:
                    await thread.send(chunk)
                except discord.HTTPException:
                    log.warning("match %s: could not post to its log thread", match.id)
                    break
            return opened

    async def _open(self, match: svc.MatchInfo) -> int | None:
        if match.message_id is None:
            return None
        channel = self.bot.get_partial_messageable(match.channel_id, guild_id=match.guild_id)
        name = play_texts.THREAD_NAME.format(game=plugins.title(match.game), match=match.id)
        try:
            thread = await channel.get_partial_message(match.message_id).create_thread(name=name)
        except discord.HTTPException:
            # No permission to open threads here: the table's last lines are the log.
            log.info("match %s: no log thread in channel %s", match.id, match.channel_id)
            self._no_thread.add(match.id)
            return None
        await self.bot.service.set_message(match.id, match.message_id, thread.id)
        return thread.id


def chunks(lines: list[str], limit: int) -> list[str]:
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
