"""The process's heap once it has started (issue 29.4; figures in docs/performance.md, "Garbage
collection"). Python's cyclic collector walks every tracked object of a generation when it
collects it; a full (generation 2) collection walks them all and stops the event loop meanwhile.

- **Freeze what start-up made.** Modules, card data and tiles, discord.py's and the cogs'
  objects: alive for the process's life, so every full collection would walk them again for
  nothing. ``settle`` collects once (start-up's garbage is not frozen) and ``gc.freeze()``s
  the rest out of every later collection. Frozen objects are still freed by their reference
  counts when dropped (a restored snapshot, which the background log check replaces by its
  replay); only a reference cycle among them would stay until ``unsettle``. Nothing made
  after the start is frozen, so no cache the bot fills later can leak this way.
- **Fewer full collections.** The default thresholds (700, 10, 10) ran a full collection every
  4–6 s at 1,000 matches, 0.4–0.8 s of CPU each, though nearly everything promoted to the old
  generation dies by its reference count (a click's objects, an edit's payload), not by the
  collector. ``THRESHOLDS`` let the young generation fill more before it is collected (a
  click's objects die before they are promoted) and ask for ten times the middle
  collections before a full one.
"""

from __future__ import annotations

import gc

THRESHOLDS = (5_000, 10, 100)
"""``gc.set_threshold`` once started: see the module's docstring and docs/performance.md."""

_before: tuple[int, int, int] | None = None  # the thresholds before the first settle
_settled = 0  # bots settled and not yet closed in this process


def settle() -> int:
    """After start-up and the restore: start-up's garbage collected, the rest frozen out of
    every later collection, the thresholds set. Returns how many objects are frozen."""
    global _before, _settled
    gc.collect()
    gc.freeze()
    if _before is None:
        _before = gc.get_threshold()
    gc.set_threshold(*THRESHOLDS)
    _settled += 1
    return gc.get_freeze_count()


def unsettle() -> None:
    """At close: once the last settled bot of the process closes, the frozen heap is collected
    again and the thresholds are as they were, so a bot replaced in the same process (a restart
    in SimCord, the tests) leaves nothing behind it; a bot still running keeps its own."""
    global _before, _settled
    _settled = max(0, _settled - 1)
    if _settled:
        return
    gc.unfreeze()
    if _before is not None:
        gc.set_threshold(*_before)
        _before = None
