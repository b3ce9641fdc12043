"""A process that dies right after a person's move is stored, before the AI answers it: the
stand-in tests put over ``AiDriver.run``. A person's move now comes staged with the replies
that need no think (issue 29.5: one write per burst), so the stand-in stores the staged
move alone, as a strong seat's think (or a crash inside one) leaves it."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from bot.core.ledger import Burst, Ledger
from bot.core.match_types import MatchInfo, Update

Run = Callable[..., Coroutine[Any, Any, Update]]  # AiDriver.run's shape


def dies_before_the_ai(ledger: Ledger) -> Run:
    async def crash(match: MatchInfo, updates: list[Update], burst: Burst | None = None) -> Update:
        if burst is not None:
            updates = [*updates, *await ledger.store(burst)]
        return updates[-1]  # the process is gone before the AI's burst

    return crash
