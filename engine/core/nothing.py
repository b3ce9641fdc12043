"""How every game writes "none" (issue 26.4): in memory, ``None``; on the wire (records, action
arguments, snapshots, views and events), ``NOTHING``.

A seat, a card instance, a colour or an index is a small non-negative int, so a ``0`` meaning
"none" is a real one (quest's 1.1: an item doubled in every fight was card instance 0), and a
``-1`` that reaches an index reads the last element without a word. ``int | None`` makes the
type checker ask for the check at every use; the wire keeps ``NOTHING`` (``-1``), what records
and snapshots have always held, so a saved match loads and replays unchanged, on this code and
on the code before it.
"""

from __future__ import annotations

NOTHING = -1


def wire(value: int | None) -> int:
    """``value`` as stored and shown: ``NOTHING`` for ``None``."""
    return NOTHING if value is None else value


def unwire(value: int | None) -> int | None:
    """A stored id or ``NOTHING`` (or ``null``) as ``int | None``. Every id it reads is
    non-negative, so any negative number is "none"."""
    return None if value is None or value < 0 else value
