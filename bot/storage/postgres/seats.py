"""Lobby and seat writes on PostgreSQL: a new match, seats joining and leaving, the host,
options, the lobby's deadline, AFK hand-overs and closed DMs. A write of one statement runs
without ``BEGIN`` (atomic by itself); a write of several is one transaction. Every write drops
the match from the read cache once it is done (``MatchReads._writing`` / ``_forget``)."""

from __future__ import annotations

import json
import time
from typing import Any

from bot.storage.postgres.matches import MatchReads
from bot.storage.postgres.rows import bump

# The SQL of this module, named after the method that runs it. The new match and its host's
# seat go in one statement.
CREATE_MATCH_SQL = (
    "WITH made AS (INSERT INTO matches (guild_id, channel_id, game, status, host_id, version,"
    " options_json, created_at, updated_at) VALUES ($1, $2, $3, 'lobby', $4, 0, $5, $6, $6)"
    " RETURNING id), host AS (INSERT INTO seats (match_id, seat, user_id, name)"
    " SELECT id, 0, $4, $7 FROM made) SELECT id FROM made"
)
SET_MESSAGE_SQL = (
    "UPDATE matches SET message_id = $1, thread_id = COALESCE($2, thread_id) WHERE id = $3"
)
ADD_SEAT_SQL = (
    "INSERT INTO seats (match_id, seat, user_id, name, ai_level) VALUES ($1, $2, $3, $4, $5)"
)
REMOVE_SEAT_SQL = "DELETE FROM seats WHERE match_id = $1 AND seat = $2"
RENUMBER_NEGATE_SQL = "UPDATE seats SET seat = -seat WHERE match_id = $1 AND seat > $2"
RENUMBER_CLOSE_GAP_SQL = "UPDATE seats SET seat = -seat - 1 WHERE match_id = $1 AND seat < 0"
CANCEL_SQL = "UPDATE matches SET status = 'cancelled' WHERE id = $1"
SET_HOST_SQL = "UPDATE matches SET host_id = $1 WHERE id = $2"
SET_OPTIONS_SQL = "UPDATE matches SET options_json = $1 WHERE id = $2"
SET_DEADLINE_SQL = "UPDATE matches SET deadline_at = $1, deadline_kind = $2 WHERE id = $3"
HAND_TO_AI_SQL = "UPDATE seats SET ai_level = $1, afk = 1 WHERE match_id = $2 AND seat = $3"
RECLAIM_SEAT_SQL = (
    "UPDATE seats SET ai_level = NULL, afk = 0, timeouts = 0"
    " WHERE match_id = $1 AND seat = $2 AND afk = 1"
)
SET_STATUS_SQL = "UPDATE matches SET status = $1 WHERE id = $2"
MARK_DM_CLOSED_SQL = "UPDATE seats SET dm_closed = 1 WHERE match_id = $1 AND user_id = $2"
MARK_HAND_SENT_SQL = (
    "UPDATE seats SET hand_sent = GREATEST(COALESCE(hand_sent, -1), $1)"
    " WHERE match_id = $2 AND user_id = $3"
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
        made = await self.db.fetchval(
            CREATE_MATCH_SQL,
            guild_id,
            channel_id,
            game,
            host_id,
            json.dumps(options),
            time.time(),
            host_name,
        )
        return int(made)

    async def set_message(self, match_id: int, message_id: int, thread_id: int | None) -> None:
        await self._one(match_id, SET_MESSAGE_SQL, message_id, thread_id, match_id)

    async def add_seat(
        self, match_id: int, seat: int, user_id: int | None, name: str, ai_level: str | None
    ) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(ADD_SEAT_SQL, match_id, seat, user_id, name, ai_level)
            await bump(conn, match_id)

    async def remove_seat(
        self, match_id: int, seat: int, *, new_host: int | None, cancel: bool
    ) -> None:
        """Drop a lobby seat and close the gap so seats stay numbered in joining order."""
        async with self._writing(match_id) as conn:
            await conn.execute(REMOVE_SEAT_SQL, match_id, seat)
            # Two steps through negative numbers keep the primary key unique while renumbering.
            await conn.execute(RENUMBER_NEGATE_SQL, match_id, seat)
            await conn.execute(RENUMBER_CLOSE_GAP_SQL, match_id)
            if new_host is not None:
                await conn.execute(SET_HOST_SQL, new_host, match_id)
            if cancel:
                await conn.execute(CANCEL_SQL, match_id)
            await bump(conn, match_id)

    async def set_host(self, match_id: int, user_id: int) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(SET_HOST_SQL, user_id, match_id)
            await bump(conn, match_id)

    async def set_options(self, match_id: int, options: dict[str, Any]) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(SET_OPTIONS_SQL, json.dumps(options), match_id)
            await bump(conn, match_id)

    async def set_deadline(
        self, match_id: int, deadline_at: float | None, kind: str | None
    ) -> None:
        """A lobby's idle expiry (live matches set theirs with each action)."""
        await self._one(match_id, SET_DEADLINE_SQL, deadline_at, kind, match_id)

    async def hand_to_ai(self, match_id: int, seat: int, level: str) -> None:
        """An AFK seat: the AI plays it from now on; its user stays recorded. The version is
        not bumped, so buttons already drawn for other seats stay valid."""
        await self._one(match_id, HAND_TO_AI_SQL, level, match_id, seat)

    async def reclaim_seat(self, match_id: int, seat: int) -> None:
        """The player of an AFK seat is back: the seat is theirs again, timeouts forgiven."""
        await self._one(match_id, RECLAIM_SEAT_SQL, match_id, seat)

    async def set_status(self, match_id: int, status: str) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(SET_STATUS_SQL, status, match_id)
            await bump(conn, match_id)

    async def mark_dm_closed(self, match_id: int, user_id: int) -> None:
        await self._one(match_id, MARK_DM_CLOSED_SQL, match_id, user_id)

    # hand delivery ---------------------------------------------------------------------------
    async def mark_hand_sent(self, match_id: int, user_id: int, version: int) -> None:
        """A hand DM reached ``user_id`` at match ``version``: no part of ``SeatInfo``, so no
        cache drop (a DM goes out for every turn that starts)."""
        await self.db.execute(MARK_HAND_SENT_SQL, version, match_id, user_id)

    async def unsent_hands(self) -> list[tuple[int, int, int | None]]:
        """(match, seat, hand_sent) of human seats of live matches whose last hand DM is
        missing or older than the match; AFK seats and closed DMs are left out."""
        rows = await self.db.fetch(UNSENT_HANDS_SQL)
        return [(int(r[0]), int(r[1]), None if r[2] is None else int(r[2])) for r in rows]

    async def _one(self, match_id: int, sql: str, *args: Any) -> str:
        """A write to the match of one statement: no ``BEGIN``, one round trip."""
        try:
            return await self.db.execute(sql, *args)
        finally:
            self._forget(match_id)
