"""What this process holds of its live matches: one ``LiveMatch`` per match (its session, its
lock, its restart marks) in the ``LiveMatches`` host, which also decides which matches the
process holds at all (``holds``) and releases everything it knows of one (``forget``).

Why one host with a small protocol rather than every piece in one object: the core may not
import delivery (tests/architecture), and each piece of state is private to the logic that
uses it (a turn timer's handle to ``TurnTimers``, a pending table flush to the publisher).
So the core's own per-match state lives in the ``LiveMatch``, and every other holder of
per-match state registers with the host as a ``MatchState`` (``knows``, ``forget``): one
call releases a match from the process, and ``holding`` names whatever still knows it
(docs/architecture.md, "The process-local state of a live match").
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator, MutableMapping, MutableSet
from dataclasses import dataclass, field
from typing import Protocol

from bot.core.session import MatchSession
from bot.storage.models import MatchRow

Holds = Callable[[MatchRow], bool]
"""Whether this process holds a match (restores it, times it, drives its AI)."""


def everything(row: MatchRow) -> bool:
    return True


def by_shard(shard: int, shards: int) -> Holds:
    """The matches of the servers Discord routes to gateway shard ``shard`` of ``shards``
    (its rule: ``(guild_id >> 22) % shards``), for a process that runs that shard."""

    def holds(row: MatchRow) -> bool:
        return (row.guild_id >> 22) % shards == shard

    return holds


class MatchState(Protocol):
    """A piece of process-local state kept per match outside the ``LiveMatch`` (timers, AI
    bursts, the publisher's flushes, live hands…), registered with the host."""

    def knows(self, match_id: int) -> bool: ...

    def forget(self, match_id: int) -> None:
        """Release everything held about the match (cancel its timers and tasks)."""


@dataclass(eq=False)
class LiveMatch:
    """One match as this process holds it in the core."""

    id: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # its changes run in order
    session: MatchSession | None = None  # while it is live and in memory
    quarantined: str | None = None  # why its rows cannot be read (set at start)
    unchecked: bool = False  # restored from a snapshot whose log is not replayed yet
    moved_deadline: bool = False  # its clock ran out while the bot was down (redrawn)


class LiveMatches:
    """The host: every match this process holds, by id, and the other holders of per-match
    state. ``holds`` chooses which matches a start restores (every one by default)."""

    def __init__(self, holds: Holds = everything) -> None:
        self.holds = holds
        self._matches: dict[int, LiveMatch] = {}
        self._states: dict[str, MatchState] = {}
        # Views of the marks, for the collaborators that keep them (restore, clock, start).
        self.quarantined: MutableMapping[int, str] = _Reasons(self._matches)
        self.unchecked: MutableSet[int] = _Marks(self, "unchecked")
        self.moved_deadlines: MutableSet[int] = _Marks(self, "moved_deadline")

    def entry(self, match_id: int) -> LiveMatch:
        found = self._matches.get(match_id)
        if found is None:
            found = self._matches[match_id] = LiveMatch(match_id)
        return found

    def lock(self, match_id: int) -> asyncio.Lock:
        return self.entry(match_id).lock

    # sessions ---------------------------------------------------------------------------------

    def get(self, match_id: int) -> MatchSession | None:
        found = self._matches.get(match_id)
        return found.session if found is not None else None

    def __getitem__(self, match_id: int) -> MatchSession:
        session = self.get(match_id)
        if session is None:
            raise KeyError(match_id)
        return session

    def __contains__(self, match_id: object) -> bool:
        return isinstance(match_id, int) and self.get(match_id) is not None

    def __len__(self) -> int:
        return sum(1 for m in self._matches.values() if m.session is not None)

    def put(self, match_id: int, session: MatchSession) -> None:
        self.entry(match_id).session = session

    def drop(self, match_id: int) -> None:
        """The match left memory (it ended); its lock stays for whoever waits on it."""
        found = self._matches.get(match_id)
        if found is not None:
            found.session = None

    def ids(self) -> list[int]:
        return [i for i, m in self._matches.items() if m.session is not None]

    # the other holders, and letting a match go ------------------------------------------------

    def register(self, name: str, state: MatchState) -> None:
        self._states[name] = state

    def registered(self) -> list[str]:
        return list(self._states)

    def holding(self, match_id: int) -> list[str]:
        """Whatever in this process still holds state about the match, by name."""
        found = self._matches.get(match_id)
        held = [] if found is None else [f"live match {name}" for name in _held(found)]
        return held + [name for name, state in self._states.items() if state.knows(match_id)]

    async def forget(self, match_id: int) -> None:
        """Release the match from this process (another one holds it now): every registered
        holder lets go (timers and tasks cancelled), then, once nothing runs under its lock,
        its session, lock and marks go too. The database is untouched."""
        for state in self._states.values():
            state.forget(match_id)
        found = self._matches.get(match_id)
        if found is None:
            return
        async with found.lock:
            self._matches.pop(match_id, None)


def _held(match: LiveMatch) -> list[str]:
    marks = {
        "session": match.session is not None,
        "quarantine": match.quarantined is not None,
        "unchecked": match.unchecked,
        "moved deadline": match.moved_deadline,
        "lock": True,  # an entry always has its lock
    }
    return [name for name, held in marks.items() if held]


class _Reasons(MutableMapping[int, str]):
    """``LiveMatch.quarantined`` of every match, as a mapping."""

    def __init__(self, matches: dict[int, LiveMatch]) -> None:
        self._matches = matches

    def __contains__(self, match_id: object) -> bool:  # every click asks: no KeyError raised
        found = self._matches.get(match_id) if isinstance(match_id, int) else None
        return found is not None and found.quarantined is not None

    def __getitem__(self, match_id: int) -> str:
        found = self._matches.get(match_id)
        if found is None or found.quarantined is None:
            raise KeyError(match_id)
        return found.quarantined

    def __setitem__(self, match_id: int, reason: str) -> None:
        found = self._matches.get(match_id)
        if found is None:
            found = self._matches[match_id] = LiveMatch(match_id)
        found.quarantined = reason

    def __delitem__(self, match_id: int) -> None:
        self[match_id]
        self._matches[match_id].quarantined = None

    def __iter__(self) -> Iterator[int]:
        return iter([i for i, m in self._matches.items() if m.quarantined is not None])

    def __len__(self) -> int:
        return sum(1 for m in self._matches.values() if m.quarantined is not None)


class _Marks(MutableSet[int]):
    """One yes/no field of every ``LiveMatch`` (``unchecked``, ``moved_deadline``), as a set
    (iterated in id order, as the sets of ids it replaces were)."""

    def __init__(self, host: LiveMatches, mark: str) -> None:
        self._host = host
        self._mark = mark

    def __contains__(self, match_id: object) -> bool:
        found = self._host._matches.get(match_id) if isinstance(match_id, int) else None
        return found is not None and bool(getattr(found, self._mark))

    def __iter__(self) -> Iterator[int]:
        marked = [i for i, m in self._host._matches.items() if getattr(m, self._mark)]
        return iter(sorted(marked))

    def __len__(self) -> int:
        return sum(1 for m in self._host._matches.values() if getattr(m, self._mark))

    def add(self, match_id: int) -> None:
        setattr(self._host.entry(match_id), self._mark, True)

    def discard(self, match_id: int) -> None:
        found = self._host._matches.get(match_id)
        if found is not None:
            setattr(found, self._mark, False)
