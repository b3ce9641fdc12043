"""Lobby and seat writes: a new match, seats joining and leaving, the host, options, the
lobby's deadline, AFK hand-overs and closed DMs. Every write drops the match from the read
cache once committed (``MatchReads._writing``)."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from bot.storage.sqlite.matches import MatchReads
from bot.storage.sqlite.rows import _bump

# The SQL of this module, named after the method that runs it.
CREATE_MATCH_SQL = (
    "INSERT INTO matches (guild_id, channel_id, game, status, host_id, version,"
    " options_json, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, 0, ?, ?, ?)"
)
HOST_SEAT_SQL = "INSERT INTO seats (match_id, seat, user_id, name) VALUES (?, 0, ?, ?)"
SET_MESSAGE_SQL = (
    "UPDATE matches SET message_id = ?, thread_id = COALESCE(?, thread_id) WHERE id = ?"
)
ADD_SEAT_SQL = "INSERT INTO seats (match_id, seat, user_id, name, ai_level) VALUES (?, ?, ?, ?, ?)"
REMOVE_SEAT_SQL = "DELETE FROM seats WHERE match_id = ? AND seat = ?"
RENUMBER_NEGATE_SQL = "UPDATE seats SET seat = -seat WHERE match_id = ? AND seat > ?"
RENUMBER_CLOSE_GAP_SQL = "UPDATE seats SET seat = -seat - 1 WHERE match_id = ? AND seat < 0"
CANCEL_SQL = "UPDATE matches SET status = 'cancelled' WHERE id = ?"
SET_HOST_SQL = "UPDATE matches SET host_id = ? WHERE id = ?"
SET_OPTIONS_SQL = "UPDATE matches SET options_json = ? WHERE id = ?"
SET_DEADLINE_SQL = "UPDATE matches SET deadline_at = ?, deadline_kind = ? WHERE id = ?"
HAND_TO_AI_SQL = "UPDATE seats SET ai_level = ?, afk = 1 WHERE match_id = ? AND seat = ?"
RECLAIM_SEAT_SQL = (
    "UPDATE seats SET ai_level = NULL, afk = 0, timeouts = 0"
    " WHERE match_id = ? AND seat = ? AND afk = 1"
)
SET_STATUS_SQL = "UPDATE matches SET status = ? WHERE id = ?"
MARK_DM_CLOSED_SQL = "UPDATE seats SET dm_closed = 1 WHERE match_id = ? AND user_id = ?"
# Only a mark that raises it: an UPDATE that matches the row rewrites its page even when the
# value stays (issue 29.5: bytes per click). ``?1`` is the version, used twice.
MARK_HAND_SENT_SQL = (
    "UPDATE seats SET hand_sent = ?1 WHERE match_id = ?2 AND user_id = ?3"
    " AND COALESCE(hand_sent, -1) < ?1"
)
UNSENT_HANDS_SQL = (
    "SELECT s.match_id, s.seat, s.hand_sent FROM seats s"
    " JOIN matches m ON m.id = s.match_id"
    " WHERE m.status = 'live' AND s.user_id IS NOT NULL AND s.ai_level IS NULL"
    " AND s.afk = 0 AND s.dm_closed = 0"
    " AND (s.hand_sent IS NULL OR s.hand_sent < m.version)"
    " ORDER BY s.match_id, s.seat"
)


class SeatWrites(MatchReads):
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
                CREATE_MATCH_SQL,
                (guild_id, channel_id, game, host_id, json.dumps(options), now, now),
            )
            match_id = int(cursor.lastrowid or 0)
            await conn.execute(
                HOST_SEAT_SQL,
                (match_id, host_id, host_name),
            )
        return match_id

    async def set_message(self, match_id: int, message_id: int, thread_id: int | None) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(
                SET_MESSAGE_SQL,
                (message_id, thread_id, match_id),
            )

    async def add_seat(
        self, match_id: int, seat: int, user_id: int | None, name: str, ai_level: str | None
    ) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(
                ADD_SEAT_SQL,
                (match_id, seat, user_id, name, ai_level),
            )
            await _bump(conn, match_id)

    async def remove_seat(
        self, match_id: int, seat: int, *, new_host: int | None, cancel: bool
    ) -> None:
        """Drop a lobby seat and close the gap so seats stay numbered in joining order."""
        async with self._writing(match_id) as conn:
            await conn.execute(REMOVE_SEAT_SQL, (match_id, seat))
            # Two steps through negative numbers keep the primary key unique while renumbering.
            await conn.execute(RENUMBER_NEGATE_SQL, (match_id, seat))
            await conn.execute(RENUMBER_CLOSE_GAP_SQL, (match_id,))
            if new_host is not None:
                await conn.execute(SET_HOST_SQL, (new_host, match_id))
            if cancel:
                await conn.execute(CANCEL_SQL, (match_id,))
            await _bump(conn, match_id)

    async def set_host(self, match_id: int, user_id: int) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(SET_HOST_SQL, (user_id, match_id))
            await _bump(conn, match_id)

    async def set_options(self, match_id: int, options: dict[str, Any]) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(SET_OPTIONS_SQL, (json.dumps(options), match_id))
            await _bump(conn, match_id)

    async def set_deadline(
        self, match_id: int, deadline_at: float | None, kind: str | None
    ) -> None:
        """A lobby's idle expiry (live matches set theirs with each action)."""
        async with self._writing(match_id) as conn:
            await conn.execute(
                SET_DEADLINE_SQL,
                (deadline_at, kind, match_id),
            )

    async def hand_to_ai(self, match_id: int, seat: int, level: str) -> None:
        """An AFK seat: the AI plays it from now on; its user stays recorded. The version is
        not bumped, so buttons already drawn for other seats stay valid."""
        async with self._writing(match_id) as conn:
            await conn.execute(
                HAND_TO_AI_SQL,
                (level, match_id, seat),
            )

    async def reclaim_seat(self, match_id: int, seat: int) -> None:
        """The player of an AFK seat is back: the seat is theirs again, timeouts forgiven."""
        async with self._writing(match_id) as conn:
            await conn.execute(
                RECLAIM_SEAT_SQL,
                (match_id, seat),
            )

    async def set_status(self, match_id: int, status: str) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(SET_STATUS_SQL, (status, match_id))
            await _bump(conn, match_id)

    async def mark_dm_closed(self, match_id: int, user_id: int) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(
                MARK_DM_CLOSED_SQL,
                (match_id, user_id),
            )

    # hand delivery ---------------------------------------------------------------------------
    async def mark_hand_sent(self, match_id: int, user_id: int, version: int) -> None:
        """A hand DM reached ``user_id`` at match ``version``. ``hand_sent`` is no part of
        ``SeatInfo``, so the cached seat rows stay valid: no cache drop (a DM goes out for
        every turn that starts)."""

        def write(raw: sqlite3.Connection) -> None:
            raw.execute(
                MARK_HAND_SENT_SQL,
                (version, match_id, user_id),
            )

        await self.db.write(write)

    async def unsent_hands(self) -> list[tuple[int, int, int | None]]:
        """(match, seat, hand_sent) of human seats of live matches whose last hand DM is
        missing or older than the match; AFK seats and closed DMs are left out."""
        async with self.db.exclusive() as conn:
            rows = await conn.execute_fetchall(UNSENT_HANDS_SQL)
        return [(int(r[0]), int(r[1]), None if r[2] is None else int(r[2])) for r in rows]
