"""A stand-in for ``ai_worker.think_job`` that a spawned worker can import (module level, so
it pickles): a search that takes a given time, or one that never returns."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

HANG = -1.0
DIE_ONCE = "die-once:"


def answer(tag: str, seconds: float, budget_ms: float) -> dict[str, Any]:
    """Thinks for ``seconds`` (a slow search), then names itself and its worker; ``HANG``: a
    search that never returns (a bug, a livelock), which only killing its worker ends; a tag
    ``DIE_ONCE`` + a path: the worker dies under the first such search."""
    while seconds == HANG:
        time.sleep(60)
    if tag.startswith(DIE_ONCE):  # the worker dies the first time (its mark not yet left)
        mark = Path(tag.removeprefix(DIE_ONCE))
        if not mark.exists():
            mark.write_text("died")
            os._exit(1)
    time.sleep(seconds)
    return {"tag": tag, "pid": os.getpid(), "budget_ms": budget_ms}
