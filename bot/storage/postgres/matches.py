"""The PostgreSQL adapter's match reads: the match row and its seats (cached, the bot's most
frequent read, one round trip when it misses), the action log, snapshots, deadlines, and
everything a restart needs in four queries.

The cache is this process's: every write to a match goes through this class and drops the
entry, which is right while one bot process writes the database (running several is its own
issue, which must drop or share this cache).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
from cachetools import LRUCache

from bot.storage.models import MatchRow, SeatRow, StoredMatch
from bot.storage.postgres.database import Conn, Database
from bot.storage.postgres.rows import (
    MATCH_COLUMNS,
    MATCH_SQL,
    SEAT_COLUMNS,
    SEATS_SQL,
    match_row,
    seat_row,
)

MATCH_CACHE_SIZE = 4096

_PREFIXED = ", ".join(f"m.{c.strip()}" for c in MATCH_COLUMNS.split(","))
_SEATS_PREFIXED = ", ".join(f"x.{c.strip()}" for c in SEAT_COLUMNS.split(","))
_MATCH_WIDTH = len(MATCH_COLUMNS.split(","))

# The SQL of this module, named after the method that runs it.
MATCH_WITH_SEATS_SQL = (
    f"SELECT {_PREFIXED}, {_SEATS_PREFIXED} FROM matches m"
    " LEFT JOIN seats x ON x.match_id = m.id WHERE m.id = $1 ORDER BY x.seat"
)
ACTIONS_SQL = "SELECT action_json FROM actions WHERE match_id = $1 ORDER BY idx"
SNAPSHOT_SQL = "SELECT action_count, state_json FROM snapshots WHERE match_id = $1"
DEADLINES_SQL = (
    "SELECT id, version, deadline_at FROM matches"
    " WHERE status = $1 AND deadline_at IS NOT NULL ORDER BY id"
)
# $1: the statuses (NULL for any), $2: one match (NULL for all).
STORED_WHERE = (
    "($1::text[] IS NULL OR m.status = ANY($1::text[])) AND ($2::bigint IS NULL OR m.id = $2)"
)
STORED_MATCHES_SQL = f"SELECT {_PREFIXED} FROM matches m WHERE {STORED_WHERE} ORDER BY m.id"
_JOINED = f"JOIN matches m ON m.id = x.match_id WHERE {STORED_WHERE}"
STORED_SEATS_SQL = f"SELECT {_SEATS_PREFIXED} FROM seats x {_JOINED} ORDER BY x.match_id, x.seat"
STORED_ACTIONS_SQL = (
    f"SELECT x.match_id, x.idx, x.action_json FROM actions x {_JOINED} ORDER BY x.match_id, x.idx"
)
STORED_SNAPSHOTS_SQL = f"SELECT x.match_id, x.action_count, x.state_json FROM snapshots x {_JOINED}"
# Without the log: each log's length, and how many of its rows are JSON but not an object,
# the server parsing each row (``::json`` only validates, cheaper than ``::jsonb``). A row that
# is not JSON at all fails the cast and the whole statement (PostgreSQL 15 has no safe cast),
# so it runs in a savepoint and such a log is read whole (``STORED_ACTIONS_SQL``), as rare as
# a damaged row.
_NOT_AN_OBJECT = "json_typeof(x.action_json::json) <> 'object'"
# The actions after each snapshot (fewer than SNAPSHOT_EVERY): a restore replays them on it.
STORED_TAILS_SQL = (
    "SELECT x.match_id, x.action_json FROM actions x"
    f" JOIN snapshots s ON s.match_id = x.match_id {_JOINED} AND x.idx >= s.action_count"
    " ORDER BY x.match_id, x.idx"
)
STORED_COUNTS_SQL = (
    f"SELECT x.match_id, count(*), count(*) FILTER (WHERE {_NOT_AN_OBJECT}) FROM actions x"
    f" {_JOINED} GROUP BY x.match_id"
)
STORED_NOT_OBJECTS_SQL = (
    f"SELECT x.match_id, x.idx FROM actions x {_JOINED} AND {_NOT_AN_OBJECT}"
    " ORDER BY x.match_id, x.idx"
)


class MatchReads:
    def __init__(self, db: Database) -> None:
        self.db = db
        # match id -> (match row, seat rows); a read keeps what it read only if no write to
        # that match finished meanwhile (the per-match write count did not move).
        self._matches: LRUCache[int, tuple[MatchRow, tuple[SeatRow, ...]]] = LRUCache(
            MATCH_CACHE_SIZE
        )
        self._writes: dict[int, int] = {}

    @asynccontextmanager
    async def _writing(self, match_id: int) -> AsyncIterator[Conn]:
        try:
            async with self.db.transaction() as conn:
                yield conn
        finally:
            self._forget(match_id)

    def _forget(self, match_id: int) -> None:
        """After a write to the match or its seats has committed (or failed)."""
        self._matches.pop(match_id, None)
        self._writes[match_id] = self._writes.get(match_id, 0) + 1

    # reads ---------------------------------------------------------------------------------
    async def match(self, match_id: int) -> MatchRow | None:
        row = await self.db.fetchrow(MATCH_SQL, match_id)
        return match_row(row) if row is not None else None

    async def seats(self, match_id: int) -> list[SeatRow]:
        return [seat_row(r) for r in await self.db.fetch(SEATS_SQL, match_id)]

    async def match_with_seats(self, match_id: int) -> tuple[MatchRow, list[SeatRow]] | None:
        cached = self._matches.get(match_id)
        if cached is None:
            writes = self._writes.get(match_id, 0)
            rows = await self.db.fetch(MATCH_WITH_SEATS_SQL, match_id)
            if not rows:
                return None
            head = match_row(tuple(rows[0])[:_MATCH_WIDTH])
            seats = tuple(
                seat_row(tuple(r)[_MATCH_WIDTH:]) for r in rows if r[_MATCH_WIDTH] is not None
            )
            if self._writes.get(match_id, 0) != writes:
                return head, list(seats)  # a write landed meanwhile: this may be old already
            cached = (head, seats)
            self._matches[match_id] = cached  # the least recently read one goes at the cap
        return cached[0], list(cached[1])

    async def match_ids(
        self,
        *,
        statuses: Sequence[str],
        channel_id: int | None = None,
        guild_id: int | None = None,
        user_id: int | None = None,
    ) -> list[int]:
        sql = "SELECT m.id FROM matches m WHERE m.status = ANY($1::text[])"
        params: list[Any] = [list(statuses)]
        if channel_id is not None:
            params.append(channel_id)
            sql += f" AND m.channel_id = ${len(params)}"
        if guild_id is not None:
            params.append(guild_id)
            sql += f" AND m.guild_id = ${len(params)}"
        if user_id is not None:
            params.append(user_id)
            sql += (
                " AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id"
                f" AND s.user_id = ${len(params)})"
            )
        sql += " ORDER BY m.id"
        return [int(r[0]) for r in await self.db.fetch(sql, *params)]

    async def actions(self, match_id: int) -> list[dict[str, Any]]:
        return [json.loads(r[0]) for r in await self.db.fetch(ACTIONS_SQL, match_id)]

    async def stored_matches(
        self,
        *,
        statuses: Sequence[str] | None = ("live",),
        match_id: int | None = None,
        log: bool = True,
    ) -> list[StoredMatch]:
        """Everything needed to bring matches back into memory, in four queries however many
        matches there are, on one connection inside one transaction (one snapshot of the
        database: a move landing meanwhile cannot pair a new log with an old snapshot).
        Without the ``log``, each log's length and the indexes of its damaged rows only,
        worked out by the server: no action is sent or parsed here (issue 30: parsing every
        action was most of a restart's time)."""
        params = (list(statuses) if statuses is not None else None, match_id)
        rows: dict[int, MatchRow] = {}
        seats: dict[int, list[SeatRow]] = {}
        actions: dict[int, list[dict[str, Any]]] = {}
        damaged: dict[int, list[str]] = {}
        counts: dict[int, int] = {}
        snapshots: dict[int, tuple[int, dict[str, Any]]] = {}
        async with self.db.connection() as conn, conn.transaction(isolation="repeatable_read"):
            for row in await conn.fetch(STORED_MATCHES_SQL, *params):
                found = match_row(row)
                rows[found.id] = found
                seats[found.id], actions[found.id], damaged[found.id] = [], [], []
            if not rows:
                return []
            for row in await conn.fetch(STORED_SEATS_SQL, *params):
                seats[int(row[0])].append(seat_row(row))
            tails: dict[int, list[dict[str, Any]]] = {i: [] for i in rows}
            if log or not await _counted(conn, params, counts, damaged):
                for row in await conn.fetch(STORED_ACTIONS_SQL, *params):
                    action = _json_object(row[2])
                    if action is None:
                        damaged[int(row[0])].append(f"action {row[1]}")
                    actions[int(row[0])].append(action or {})
                    counts[int(row[0])] = counts.get(int(row[0]), 0) + 1
            else:
                for row in await conn.fetch(STORED_TAILS_SQL, *params):
                    tails[int(row[0])].append(_json_object(row[1]) or {})
            for row in await conn.fetch(STORED_SNAPSHOTS_SQL, *params):
                state = _json_object(row[2])
                if state is not None:  # an unreadable snapshot: the log is the truth
                    snapshots[int(row[0])] = (int(row[1]), state)
        return [
            StoredMatch(
                head,
                tuple(seats[i]),
                tuple(actions[i]) if log else (),
                snapshots.get(i),
                tuple(damaged[i]),
                None if log else counts.get(i, 0),
                () if log else tuple(tails[i]),
            )
            for i, head in rows.items()
        ]

    async def snapshot(self, match_id: int) -> tuple[int, dict[str, Any]] | None:
        row = await self.db.fetchrow(SNAPSHOT_SQL, match_id)
        if row is None:
            return None
        return int(row[0]), json.loads(row[1])

    async def deadlines(self, status: str) -> list[tuple[int, int, float]]:
        """(match, version, deadline_at) of every match in ``status`` with a deadline."""
        rows = await self.db.fetch(DEADLINES_SQL, status)
        return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]


async def _counted(
    conn: Conn,
    params: tuple[Any, ...],
    counts: dict[int, int],
    damaged: dict[int, list[str]],
) -> bool:
    """Each log's length and its rows that are JSON but no object, into ``counts`` and
    ``damaged``; False (nothing filled in) when some row is not JSON at all."""
    try:
        async with conn.transaction():  # a savepoint: a failed cast leaves the read usable
            found = await conn.fetch(STORED_COUNTS_SQL, *params)
            if any(int(row[2]) for row in found):
                for row in await conn.fetch(STORED_NOT_OBJECTS_SQL, *params):
                    damaged[int(row[0])].append(f"action {row[1]}")
    except asyncpg.InvalidTextRepresentationError:
        return False
    for row in found:
        counts[int(row[0])] = int(row[1])
    return True


def _json_object(text: Any) -> dict[str, Any] | None:
    """A stored JSON object, or None for a row that is damaged (not text, not JSON)."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return None
    return value if isinstance(value, dict) else None
