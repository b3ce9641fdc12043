"""A stand-in for ``ai_worker.think_job`` that a spawned worker can import (module level, so
it pickles): a search that takes a given time, or one that never returns."""

from __future__ import annotations

import os
import time
from typing import Any

HANG = -1.0


def answer(tag: str, seconds: float, budget_ms: float) -> dict[str, Any]:
    """Thinks for ``seconds`` (a slow search), then names itself and its worker; ``HANG``: a
    search that never returns (a bug, a livelock), which only killing its worker ends."""
    while seconds == HANG:
        time.sleep(60)
    time.sleep(seconds)
    return {"tag": tag, "pid": os.getpid(), "budget_ms": budget_ms}
