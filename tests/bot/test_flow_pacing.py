"""Pacing under Discord's edit limit (5 edits per 5 seconds per channel), on the loop's clock.
Scaled down (5 per 0.2 s) so the test runs in a blink; the rule is the same."""

from __future__ import annotations

import asyncio

from bot.delivery.pacing import ChannelPacer


async def test_no_more_than_the_limit_in_any_window_and_channels_are_separate() -> None:
    pacer = ChannelPacer(limit=5, per=0.2)
    loop = asyncio.get_running_loop()
    stamps: list[float] = []
    for _ in range(12):
        await pacer.wait(1)
        stamps.append(loop.time())
    for i, start in enumerate(stamps):
        inside = [t for t in stamps[i:] if t - start < 0.2 - 1e-6]
        assert len(inside) <= 5
    assert pacer.delay(2) == 0.0  # another channel has its own budget


async def test_a_free_channel_waits_for_nothing() -> None:
    pacer = ChannelPacer(limit=5, per=5)
    for _ in range(5):
        assert pacer.delay(7) == 0.0
        await pacer.wait(7)
    assert 0 < pacer.delay(7) <= 5.0  # the sixth waits for the first to age out
