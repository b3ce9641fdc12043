"""The playground's page follows what the bot does on its own (issue 27, played as new users):
a window closing on its clock or an AI seat's turn reached SimCord's page only when somebody
pressed "Refresh preview". ``keep_fresh`` republishes it when the bot wrote to Discord since
its last look, and never while a person's own action is under way."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from simcord import SetupError

from bot.playground import keep_fresh


@dataclass
class Backend:
    transcript: list[Any] = field(default_factory=list)


@dataclass
class Env:
    backend: Backend = field(default_factory=Backend)
    _operation_task: object | None = None


@dataclass
class Preview:
    refreshed: int = 0
    busy: bool = False

    async def refresh(self) -> None:
        if self.busy:
            raise SetupError("operation overlaps active click")
        self.refreshed += 1


async def _looks(n: int) -> None:
    await asyncio.sleep(0.01 * n + 0.005)


async def test_the_page_is_republished_once_per_change_by_the_bot() -> None:
    env, preview = Env(), Preview()
    task = asyncio.ensure_future(keep_fresh(env, preview, every=0.01))
    try:
        await _looks(3)
        assert preview.refreshed == 0  # nothing happened: nothing redrawn
        env.backend.transcript.append(("HTTP", "PATCH /channels/1/messages/2", {}))
        await _looks(3)
        assert preview.refreshed == 1  # one change, one republish
        env._operation_task = object()  # a person's click is being played
        env.backend.transcript.append(("HTTP", "POST /interactions/3/callback", {}))
        await _looks(3)
        assert preview.refreshed == 1
        env._operation_task = None
        preview.busy = True  # the click began between the look and the refresh
        await _looks(2)
        assert preview.refreshed == 1
        preview.busy = False
        await _looks(3)
        assert preview.refreshed == 2  # the change is shown at the next look
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def test_without_a_transcript_the_page_is_left_as_simcord_draws_it() -> None:
    preview = Preview()
    await asyncio.wait_for(keep_fresh(object(), preview, every=0.01), timeout=1)
    assert preview.refreshed == 0
