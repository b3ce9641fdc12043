"""The SQLite adapter's match reads: the match row and its seats (cached, the bot's most
frequent read), the action log, snapshots, deadlines, and everything a restart needs in four
queries.

Reads run under the connection lock without BEGIN: each is one statement (or a pair that
cannot interleave with a write, since writes take the same lock), which saves two round trips.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite
from cachetools import LRUCache

from bot.storage.models import MatchRow, SeatRow, StoredMatch
from bot.storage.sqlite.database import Database
from bot.storage.sqlite.rows import (
    MATCH_COLUMNS,
    MATCH_SQL,
    SEAT_COLUMNS,
    SEATS_SQL,
    _one,
    _seats,
    match_row,
    seat_row,
)

MATCH_CACHE_SIZE = 4096  # a few KB each; more than the live matches of a busy bot


# The SQL of this module, named after the method that runs it.
ACTIONS_SQL = "SELECT action_json FROM actions WHERE match_id = ? ORDER BY idx"
SNAPSHOT_SQL = "SELECT action_count, state_json FROM snapshots WHERE match_id = ?"
DEADLINES_SQL = (
    "SELECT id, version, deadline_at FROM matches"
    " WHERE status = ? AND deadline_at IS NOT NULL ORDER BY id"
)


class MatchReads:
    def __init__(self, db: Database) -> None:
        self.db = db
        # match id -> (match row, seat rows), the bot's most frequent read (every view, every
        # redraw). Every write to a match or its seats goes through this class and drops the
        # entry once committed; a read keeps what it read only if no write to that match
        # committed meanwhile (the per-match write count did not move).
        # The records are frozen, so a hit hands out the cached ones themselves.
        self._matches: LRUCache[int, tuple[MatchRow, tuple[SeatRow, ...]]] = LRUCache(
            MATCH_CACHE_SIZE
        )
        self._writes: dict[int, int] = {}

    @asynccontextmanager
    async def _writing(self, match_id: int) -> AsyncIterator[aiosqlite.Connection]:
        try:
            async with self.db.transaction() as conn:
                yield conn
        finally:
            self._forget(match_id)

    # reads ---------------------------------------------------------------------------------
    async def match(self, match_id: int) -> MatchRow | None:
        async with self.db.exclusive() as conn:
            row = await _one(conn, MATCH_SQL, (match_id,))
        return match_row(row) if row is not None else None

    async def seats(self, match_id: int) -> list[SeatRow]:
        async with self.db.exclusive() as conn:
            return await _seats(conn, match_id)

    async def match_with_seats(self, match_id: int) -> tuple[MatchRow, list[SeatRow]] | None:
        def read(raw: sqlite3.Connection) -> tuple[MatchRow, tuple[SeatRow, ...]] | None:
            found = raw.execute(MATCH_SQL, (match_id,)).fetchall()
            if not found:
                return None
            seats = raw.execute(SEATS_SQL, (match_id,)).fetchall()
            return match_row(found[0]), tuple(seat_row(s) for s in seats)

        cached = self._matches.get(match_id)
        if cached is None:
            writes = self._writes.get(match_id, 0)
            # One thread hop, not three (see ``Database.read``).
            found = await self.db.read(read)
            if found is None:
                return None
            if self._writes.get(match_id, 0) != writes:
                # a write landed meanwhile: what was read may already be old
                return found[0], list(found[1])
            cached = found
            self._matches[match_id] = cached  # the least recently read one goes at the cap
        return cached[0], list(cached[1])

    def _forget(self, match_id: int) -> None:
        """After a write to the match or its seats has committed (or failed)."""
        self._matches.pop(match_id, None)
        self._writes[match_id] = self._writes.get(match_id, 0) + 1

    async def match_ids(
        self,
        *,
        statuses: Sequence[str],
        channel_id: int | None = None,
        guild_id: int | None = None,
        user_id: int | None = None,
    ) -> list[int]:
        marks = ",".join("?" for _ in statuses)
        sql = f"SELECT m.id FROM matches m WHERE m.status IN ({marks})"
        params: list[Any] = list(statuses)
        if channel_id is not None:
            sql += " AND m.channel_id = ?"
            params.append(channel_id)
        if guild_id is not None:
            sql += " AND m.guild_id = ?"
            params.append(guild_id)
        if user_id is not None:
            sql += " AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.user_id = ?)"
            params.append(user_id)
        sql += " ORDER BY m.id"
        async with self.db.exclusive() as conn:
            cursor = await conn.execute(sql, params)
            return [int(r[0]) for r in await cursor.fetchall()]

    async def actions(self, match_id: int) -> list[dict[str, Any]]:
        async with self.db.exclusive() as conn:
            cursor = await conn.execute(ACTIONS_SQL, (match_id,))
            return [json.loads(r[0]) for r in await cursor.fetchall()]

    async def stored_matches(
        self,
        *,
        statuses: Sequence[str] | None = ("live",),
        match_id: int | None = None,
        log: bool = True,
    ) -> list[StoredMatch]:
        """Everything needed to bring matches back into memory (any status when ``statuses``
        is None), in four queries however many matches there are: a restart restores them all
        at once. Without the ``log``, SQLite counts each log and names its rows that are not
        a JSON object (``json_valid``): parsing every action was most of a restart's time;
        only the actions after each snapshot are read (``StoredMatch.tail``)."""
        where = "1"
        params: list[Any] = []
        if statuses is not None:
            where = "m.status IN (" + ",".join("?" for _ in statuses) + ")"
            params.extend(statuses)
        if match_id is not None:
            where += " AND m.id = ?"
            params.append(match_id)
        rows: dict[int, MatchRow] = {}
        seats: dict[int, list[SeatRow]] = {}
        actions: dict[int, list[dict[str, Any]]] = {}
        damaged: dict[int, list[str]] = {}
        snapshots: dict[int, tuple[int, dict[str, Any]]] = {}
        counts: dict[int, int] = {}
        async with self.db.exclusive() as conn:
            for row in await conn.execute_fetchall(
                f"SELECT {_PREFIXED} FROM matches m WHERE {where} ORDER BY m.id", params
            ):
                found = match_row(row)
                rows[found.id] = found
                seats[found.id], actions[found.id], damaged[found.id] = [], [], []
            if not rows:
                return []
            joined = f"JOIN matches m ON m.id = x.match_id WHERE {where}"
            for row in await conn.execute_fetchall(
                f"SELECT {_SEATS_PREFIXED} FROM seats x {joined} ORDER BY x.match_id, x.seat",
                params,
            ):
                seats[int(row[0])].append(seat_row(row))
            if log:
                for row in await conn.execute_fetchall(
                    f"SELECT x.match_id, x.idx, x.action_json FROM actions x {joined}"
                    " ORDER BY x.match_id, x.idx",
                    params,
                ):
                    action = _json_object(row[2])
                    if action is None:
                        damaged[int(row[0])].append(f"action {row[1]}")
                    actions[int(row[0])].append(action or {})
            else:
                for row in await conn.execute_fetchall(
                    f"SELECT x.match_id, COUNT(*) FROM actions x {joined} GROUP BY x.match_id",
                    params,
                ):
                    counts[int(row[0])] = int(row[1])
                for row in await conn.execute_fetchall(
                    f"SELECT x.match_id, x.idx FROM actions x {joined} AND NOT {_AN_OBJECT}"
                    " ORDER BY x.match_id, x.idx",
                    params,
                ):
                    damaged[int(row[0])].append(f"action {row[1]}")
                # The actions after each snapshot (fewer than ``SNAPSHOT_EVERY``): the restore
                # replays them on it. A damaged one is named above.
                for row in await conn.execute_fetchall(
                    f"SELECT x.match_id, x.action_json FROM actions x"
                    f" JOIN snapshots s ON s.match_id = x.match_id {joined}"
                    " AND x.idx >= s.action_count ORDER BY x.match_id, x.idx",
                    params,
                ):
                    actions[int(row[0])].append(_json_object(row[1]) or {})
            for row in await conn.execute_fetchall(
                f"SELECT x.match_id, x.action_count, x.state_json FROM snapshots x {joined}",
                params,
            ):
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
                () if log else tuple(actions[i]),
            )
            for i, head in rows.items()
        ]

    async def snapshot(self, match_id: int) -> tuple[int, dict[str, Any]] | None:
        async with self.db.exclusive() as conn:
            row = await _one(
                conn,
                SNAPSHOT_SQL,
                (match_id,),
            )
        if row is None:
            return None
        return int(row["action_count"]), json.loads(row["state_json"])

    async def deadlines(self, status: str) -> list[tuple[int, int, float]]:
        """(match, version, deadline_at) of every match in ``status`` with a deadline."""
        async with self.db.exclusive() as conn:
            rows = await conn.execute_fetchall(
                DEADLINES_SQL,
                (status,),
            )
        return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]


# An action row that ``_json_object`` reads: JSON text holding an object (CASE: json_type
# raises on text that is not JSON).
_AN_OBJECT = (
    "COALESCE(CASE WHEN json_valid(x.action_json) THEN json_type(x.action_json) END = 'object', 0)"
)
_PREFIXED = ", ".join(f"m.{c.strip()}" for c in MATCH_COLUMNS.split(","))
_SEATS_PREFIXED = ", ".join(f"x.{c.strip()}" for c in SEAT_COLUMNS.split(","))


def _json_object(text: Any) -> dict[str, Any] | None:
    """A stored JSON object, or None for a row that is damaged (not text, not JSON)."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return None
    return value if isinstance(value, dict) else None
