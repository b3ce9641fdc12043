"""Pacing of message edits and posts per channel, under Discord's limits.

Discord lets a bot edit messages in one channel about 5 times in 5 seconds; past that it answers
429 and discord.py sleeps. Waiting here instead lets the play cog fold every update that lands
meanwhile into the same edit, so a burst of moves costs one edit and the table never lags
behind a queue of stale edits.
"""

from __future__ import annotations

import asyncio
from collections import deque

EDITS_PER_WINDOW = 5  # Discord: message edits per channel...
WINDOW_SECONDS = 5.0  # ...per this many seconds


class ChannelPacer:
    """A sliding window of recent sends per channel, on the running loop's clock (so a test's
    simulated clock drives it too)."""

    def __init__(self, limit: int | None = None, per: float | None = None) -> None:
        # Read at construction, not definition, so a test can loosen the module defaults.
        self.limit = limit if limit is not None else EDITS_PER_WINDOW
        self.per = per if per is not None else WINDOW_SECONDS
        self._sent: dict[int, deque[float]] = {}

    def delay(self, channel_id: int) -> float:
        """Seconds to wait before the next send in ``channel_id`` stays within the limit."""
        now = asyncio.get_running_loop().time()
        sent = self._sent.get(channel_id)
        if sent is None:
            return 0.0
        while sent and now - sent[0] >= self.per:
            sent.popleft()
        if len(sent) < self.limit:
            return 0.0
        return self.per - (now - sent[0])

    async def wait(self, channel_id: int) -> None:
        """Wait for a free slot, then take it."""
        while (delay := self.delay(channel_id)) > 0:
            await asyncio.sleep(delay)
        loop = asyncio.get_running_loop()
        self._sent.setdefault(channel_id, deque()).append(loop.time())
