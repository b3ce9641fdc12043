"""Every SQL string of the bot lives here. Callers get plain rows (dicts), never cursors.

Reads run under the connection lock without BEGIN: each is one statement (or a pair that
cannot interleave with a write, since writes take the same lock), which saves two round trips.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.storage.database import Database

Row = dict[str, Any]
MATCH_CACHE_SIZE = 4096  # a few KB each; more than the live matches of a busy bot


class VersionConflict(Exception):
    """The optimistic ``WHERE version = ?`` matched no row: someone else moved first."""


@dataclass(frozen=True)
class ActionRow:
    seat: int
    action: dict[str, Any]
    by_timeout: bool = False
    by_ai: bool = False
    # A timeout that counts towards the AFK hand-over (a lapsed response window does not).
    afk: bool = True


@dataclass
class StoredMatch:
    """A match as stored: its row, seats, action log and latest snapshot."""

    row: Row
    seats: list[Row]
    actions: list[dict[str, Any]]
    snapshot: tuple[int, dict[str, Any]] | None

    @property
    def id(self) -> int:
        return int(self.row["id"])


class Repository:
    def __init__(self, db: Database) -> None:
        self.db = db
        # match id -> (match row, seat rows), the bot's most frequent read (every view, every
        # redraw). Every write to a match or its seats goes through this class and drops the
        # entry once committed; a read keeps what it read only if no write to that match
        # committed meanwhile (the per-match write count did not move).
        self._matches: OrderedDict[int, tuple[Row, list[Row]]] = OrderedDict()
        self._writes: dict[int, int] = {}

    @asynccontextmanager
    async def _writing(self, match_id: int) -> AsyncIterator[aiosqlite.Connection]:
        try:
            async with self.db.transaction() as conn:
                yield conn
        finally:
            self._forget(match_id)

    # reads ---------------------------------------------------------------------------------
    async def match(self, match_id: int) -> Row | None:
        async with self.db.exclusive() as conn:
            return await _one(conn, "SELECT * FROM matches WHERE id = ?", (match_id,))

    async def seats(self, match_id: int) -> list[Row]:
        async with self.db.exclusive() as conn:
            return await _seats(conn, match_id)

    async def match_with_seats(self, match_id: int) -> tuple[Row, list[Row]] | None:
        def read(raw: sqlite3.Connection) -> tuple[Row, list[Row]] | None:
            found = raw.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchall()
            if not found:
                return None
            seats = raw.execute(SEATS_SQL, (match_id,)).fetchall()
            return dict(found[0]), [dict(s) for s in seats]

        cached = self._matches.get(match_id)
        if cached is None:
            writes = self._writes.get(match_id, 0)
            # One thread hop, not three (see ``Database.read``).
            found = await self.db.read(read)
            if found is None:
                return None
            if self._writes.get(match_id, 0) != writes:
                return found  # a write landed meanwhile: what was read may already be old
            cached = found
            self._matches[match_id] = cached
            if len(self._matches) > MATCH_CACHE_SIZE:
                self._matches.popitem(last=False)
        self._matches.move_to_end(match_id)
        return dict(cached[0]), [dict(s) for s in cached[1]]

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
            cursor = await conn.execute(
                "SELECT action_json FROM actions WHERE match_id = ? ORDER BY idx", (match_id,)
            )
            return [json.loads(r[0]) for r in await cursor.fetchall()]

    async def stored_matches(
        self, *, statuses: Sequence[str] | None = ("live",), match_id: int | None = None
    ) -> list[StoredMatch]:
        """Everything needed to bring matches back into memory (any status when ``statuses``
        is None), in four queries however many matches there are: a restart restores them all
        at once."""
        where = "1"
        params: list[Any] = []
        if statuses is not None:
            where = "m.status IN (" + ",".join("?" for _ in statuses) + ")"
            params.extend(statuses)
        if match_id is not None:
            where += " AND m.id = ?"
            params.append(match_id)
        found: dict[int, StoredMatch] = {}
        async with self.db.exclusive() as conn:
            for row in await conn.execute_fetchall(
                f"SELECT m.* FROM matches m WHERE {where} ORDER BY m.id", params
            ):
                found[int(row["id"])] = StoredMatch(dict(row), [], [], None)
            if not found:
                return []
            joined = f"JOIN matches m ON m.id = x.match_id WHERE {where}"
            for row in await conn.execute_fetchall(
                f"SELECT x.* FROM seats x {joined} ORDER BY x.match_id, x.seat", params
            ):
                found[int(row["match_id"])].seats.append(dict(row))
            for row in await conn.execute_fetchall(
                f"SELECT x.match_id, x.action_json FROM actions x {joined}"
                " ORDER BY x.match_id, x.idx",
                params,
            ):
                found[int(row[0])].actions.append(json.loads(row[1]))
            for row in await conn.execute_fetchall(
                f"SELECT x.match_id, x.action_count, x.state_json FROM snapshots x {joined}",
                params,
            ):
                found[int(row[0])].snapshot = (int(row[1]), json.loads(row[2]))
        return list(found.values())

    async def snapshot(self, match_id: int) -> tuple[int, dict[str, Any]] | None:
        async with self.db.exclusive() as conn:
            row = await _one(
                conn,
                "SELECT action_count, state_json FROM snapshots WHERE match_id = ?",
                (match_id,),
            )
        if row is None:
            return None
        return int(row["action_count"]), json.loads(row["state_json"])

    # lobby writes --------------------------------------------------------------------------
    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any],
    ) -> int:
        now = time.time()
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO matches (guild_id, channel_id, game, status, host_id, version,"
                " options_json, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, 0, ?, ?, ?)",
                (guild_id, channel_id, game, host_id, json.dumps(options), now, now),
            )
            match_id = int(cursor.lastrowid or 0)
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                (match_id, host_id, host_name),
            )
        return match_id

    async def set_message(self, match_id: int, message_id: int, thread_id: int | None) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(
                "UPDATE matches SET message_id = ?, thread_id = COALESCE(?, thread_id)"
                " WHERE id = ?",
                (message_id, thread_id, match_id),
            )

    async def add_seat(
        self, match_id: int, seat: int, user_id: int | None, name: str, ai_level: str | None
    ) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, name, ai_level)"
                " VALUES (?, ?, ?, ?, ?)",
                (match_id, seat, user_id, name, ai_level),
            )
            await _bump(conn, match_id)

    async def remove_seat(
        self, match_id: int, seat: int, *, new_host: int | None, cancel: bool
    ) -> None:
        """Drop a lobby seat and close the gap so seats stay numbered in joining order."""
        async with self._writing(match_id) as conn:
            await conn.execute(
                "DELETE FROM seats WHERE match_id = ? AND seat = ?", (match_id, seat)
            )
            # Two steps through negative numbers keep the primary key unique while renumbering.
            await conn.execute(
                "UPDATE seats SET seat = -seat WHERE match_id = ? AND seat > ?", (match_id, seat)
            )
            await conn.execute(
                "UPDATE seats SET seat = -seat - 1 WHERE match_id = ? AND seat < 0", (match_id,)
            )
            if new_host is not None:
                await conn.execute(
                    "UPDATE matches SET host_id = ? WHERE id = ?", (new_host, match_id)
                )
            if cancel:
                await conn.execute(
                    "UPDATE matches SET status = 'cancelled' WHERE id = ?", (match_id,)
                )
            await _bump(conn, match_id)

    async def set_host(self, match_id: int, user_id: int) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute("UPDATE matches SET host_id = ? WHERE id = ?", (user_id, match_id))
            await _bump(conn, match_id)

    async def set_options(self, match_id: int, options: dict[str, Any]) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(
                "UPDATE matches SET options_json = ? WHERE id = ?", (json.dumps(options), match_id)
            )
            await _bump(conn, match_id)

    async def set_deadline(
        self, match_id: int, deadline_at: float | None, kind: str | None
    ) -> None:
        """A lobby's idle expiry (live matches set theirs with each action)."""
        async with self._writing(match_id) as conn:
            await conn.execute(
                "UPDATE matches SET deadline_at = ?, deadline_kind = ? WHERE id = ?",
                (deadline_at, kind, match_id),
            )

    async def hand_to_ai(self, match_id: int, seat: int, level: str) -> None:
        """An AFK seat: the AI plays it from now on; its user stays recorded. The version is
        not bumped, so buttons already drawn for other seats stay valid."""
        async with self._writing(match_id) as conn:
            await conn.execute(
                "UPDATE seats SET ai_level = ?, afk = 1 WHERE match_id = ? AND seat = ?",
                (level, match_id, seat),
            )

    async def take_back(self, match_id: int, seat: int) -> None:
        """The player of an AFK seat is back: the seat is theirs again, timeouts forgiven."""
        async with self._writing(match_id) as conn:
            await conn.execute(
                "UPDATE seats SET ai_level = NULL, afk = 0, timeouts = 0"
                " WHERE match_id = ? AND seat = ? AND afk = 1",
                (match_id, seat),
            )

    async def deadlines(self, status: str) -> list[tuple[int, int, float]]:
        """(match, version, deadline_at) of every match in ``status`` with a deadline."""
        async with self.db.exclusive() as conn:
            rows = await conn.execute_fetchall(
                "SELECT id, version, deadline_at FROM matches"
                " WHERE status = ? AND deadline_at IS NOT NULL ORDER BY id",
                (status,),
            )
        return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]

    async def set_status(self, match_id: int, status: str) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute("UPDATE matches SET status = ? WHERE id = ?", (status, match_id))
            await _bump(conn, match_id)

    async def mark_dm_closed(self, match_id: int, user_id: int) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(
                "UPDATE seats SET dm_closed = 1 WHERE match_id = ? AND user_id = ?",
                (match_id, user_id),
            )

    # the game ------------------------------------------------------------------------------
    async def start_match(
        self,
        match_id: int,
        expected_version: int,
        *,
        header: dict[str, Any],
        ai_seed: int,
        state: dict[str, Any],
        deadline_at: float | None,
        deadline_kind: str | None = "turn",
    ) -> None:
        async with self._writing(match_id) as conn:
            cursor = await conn.execute(
                "UPDATE matches SET status = 'live', header_json = ?, ai_seed = ?,"
                " deadline_at = ?, deadline_kind = ?, version = version + 1, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'lobby'",
                (
                    json.dumps(header),
                    ai_seed,
                    deadline_at,
                    deadline_kind if deadline_at is not None else None,
                    time.time(),
                    match_id,
                    expected_version,
                ),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(match_id)
            await conn.execute(
                "INSERT INTO snapshots (match_id, action_count, state_json) VALUES (?, 0, ?)",
                (match_id, json.dumps(state)),
            )

    async def record_action(
        self,
        match_id: int,
        expected_version: int,
        index: int,
        action: ActionRow,
        *,
        state: dict[str, Any],
        outcome: dict[str, Any] | None,
        deadline_at: float | None,
        deadline_kind: str | None = "turn",
    ) -> None:
        """Append one action and replace the snapshot, all or nothing, if nobody moved first.
        The whole transaction is one thread hop (see ``Database.write``): it runs for every
        move, AI moves included."""
        now = time.time()
        status = "finished" if outcome is not None else "live"
        state_json = json.dumps(state)
        outcome_json = json.dumps(outcome) if outcome is not None else None

        def write(raw: sqlite3.Connection) -> None:
            cursor = raw.execute(
                "UPDATE matches SET version = version + 1, status = ?, outcome_json = ?,"
                " deadline_at = ?, deadline_kind = ?, updated_at = ? WHERE id = ? AND version = ?",
                (
                    status,
                    outcome_json,
                    deadline_at,
                    deadline_kind if deadline_at is not None else None,
                    now,
                    match_id,
                    expected_version,
                ),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(match_id)
            raw.execute(
                "INSERT INTO actions (match_id, idx, seat, action_json, by_timeout, by_ai,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    index,
                    action.seat,
                    json.dumps(action.action),
                    int(action.by_timeout),
                    int(action.by_ai),
                    now,
                ),
            )
            raw.execute(
                "UPDATE snapshots SET action_count = ?, state_json = ? WHERE match_id = ?",
                (index + 1, state_json, match_id),
            )
            if action.by_timeout and action.afk:
                raw.execute(
                    "UPDATE seats SET timeouts = timeouts + 1 WHERE match_id = ? AND seat = ?",
                    (match_id, action.seat),
                )
            elif not action.by_ai and not action.by_timeout:
                raw.execute(
                    "UPDATE seats SET timeouts = 0 WHERE match_id = ? AND seat = ?",
                    (match_id, action.seat),
                )

        try:
            await self.db.write(write)
        finally:
            self._forget(match_id)

    async def replace_snapshot(self, match_id: int, count: int, state: dict[str, Any]) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(
                "UPDATE snapshots SET action_count = ?, state_json = ? WHERE match_id = ?",
                (count, json.dumps(state), match_id),
            )

    # guild settings ------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        async with self.db.exclusive() as conn:
            row = await _one(
                conn, "SELECT settings_json FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
        return json.loads(row["settings_json"]) if row else {}

    async def save_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, settings_json) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings_json = excluded.settings_json",
                (guild_id, json.dumps(settings)),
            )


async def _one(conn: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> Row | None:
    rows = list(await conn.execute_fetchall(sql, params))
    return dict(rows[0]) if rows else None


SEATS_SQL = "SELECT * FROM seats WHERE match_id = ? ORDER BY seat"


async def _seats(conn: aiosqlite.Connection, match_id: int) -> list[Row]:
    cursor = await conn.execute(SEATS_SQL, (match_id,))
    return [dict(r) for r in await cursor.fetchall()]


async def _bump(conn: aiosqlite.Connection, match_id: int) -> None:
    await conn.execute(
        "UPDATE matches SET version = version + 1, updated_at = ? WHERE id = ?",
        (time.time(), match_id),
    )
