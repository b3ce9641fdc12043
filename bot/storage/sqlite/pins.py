"""Every SQL string about what a match is pinned to and about restarts: content-addressed card
sets, each match's card set and rules version, ending a match the bot cannot go on with, and
moving running turn timers by an outage."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from bot.storage.sqlite.matches import MatchReads
from bot.storage.sqlite.rows import _bump, _one

# The SQL of this module, named after the method that runs it.
CARD_SET_SQL = "SELECT definitions_json FROM card_sets WHERE digest = ?"
PIN_CARD_SET_SQL = "UPDATE matches SET card_set = ? WHERE id = ?"
PIN_RULES_SQL = "UPDATE matches SET rules_version = ? WHERE id = ?"
END_MATCH_SQL = (
    "UPDATE matches SET status = 'cancelled', ended_reason = ?, deadline_at = NULL,"
    " deadline_kind = NULL WHERE id = ? AND status = 'live'"
)
# Only a mark that raises it (as ``MARK_HAND_SENT_SQL``); ``?1`` is the version, used twice.
MARK_TABLE_DRAWN_SQL = (
    "UPDATE matches SET table_version = ?1 WHERE id = ?2 AND COALESCE(table_version, -1) < ?1"
)
TABLE_VERSION_SQL = "SELECT table_version FROM matches WHERE id = ?"
LAST_ALIVE_SQL = "SELECT MAX(updated_at) FROM matches WHERE status = 'live'"
EXPIRED_BY_OUTAGE_SQL = (
    "SELECT id FROM matches WHERE status = 'live' AND deadline_at IS NOT NULL"
    " AND deadline_at > ? AND deadline_at <= ?"
)
MOVE_DEADLINES_SQL = (
    "UPDATE matches SET deadline_at = deadline_at + ? WHERE status = 'live'"
    " AND deadline_at IS NOT NULL AND deadline_at > ?"
)
SAVE_CARD_SET_SQL = (
    "INSERT OR IGNORE INTO card_sets (digest, game, definitions_json, created_at)"
    " VALUES (?, ?, ?, ?)"
)


class PinWrites(MatchReads):
    async def card_set(self, digest: str) -> dict[str, Any] | None:
        async with self.db.exclusive() as conn:
            row = await _one(conn, CARD_SET_SQL, (digest,))
        return json.loads(row["definitions_json"]) if row is not None else None

    async def pin_match(
        self,
        match_id: int,
        *,
        card_set: tuple[str, str, dict[str, Any]] | None,
        rules_version: int,
    ) -> None:
        """Point the match at a card set ((digest, game, definitions), stored once per digest)
        and a rules version. The version is not bumped: nothing a player sees changed."""
        async with self._writing(match_id) as conn:
            if card_set is not None:
                await save_card_set(conn, *card_set)
                await conn.execute(PIN_CARD_SET_SQL, (card_set[0], match_id))
            await conn.execute(PIN_RULES_SQL, (rules_version, match_id))

    async def end_match(self, match_id: int, reason: str) -> bool:
        """A live match the bot cannot go on with: closed with no result (so no rating moves)
        and the reason kept. False when it was no longer live."""
        async with self._writing(match_id) as conn:
            cursor = await conn.execute(
                END_MATCH_SQL,
                (reason, match_id),
            )
            if cursor.rowcount != 1:
                return False
            await _bump(conn, match_id)
        return True

    async def mark_table_drawn(self, match_id: int, version: int) -> None:
        """The public table shows ``version``. No part of ``MatchInfo``: no cache drop."""

        def write(raw: sqlite3.Connection) -> None:
            raw.execute(
                MARK_TABLE_DRAWN_SQL,
                (version, match_id),
            )

        await self.db.write(write)

    async def table_version(self, match_id: int) -> int | None:
        async with self.db.exclusive() as conn:
            row = await _one(conn, TABLE_VERSION_SQL, (match_id,))
        return None if row is None or row["table_version"] is None else int(row["table_version"])

    # restarts -----------------------------------------------------------------------------
    async def last_alive(self) -> float | None:
        """When the last process was last known alive: its last write to a live match (a
        move, a timeout, a start); None when no match is live."""
        async with self.db.exclusive() as conn:
            rows = list(await conn.execute_fetchall(LAST_ALIVE_SQL))
        value = rows[0][0] if rows else None
        return None if value is None else float(value)

    async def move_deadlines(self, by: float, running_at: float, now: float) -> list[int]:
        """Move by ``by`` seconds the deadline of every live match whose timer was still
        running at ``running_at`` (when the outage began); the matches whose old deadline
        had already passed by ``now`` (their tables show a clock that ran out)."""
        async with self.db.transaction() as conn:
            rows = await conn.execute_fetchall(
                EXPIRED_BY_OUTAGE_SQL,
                (running_at, now),
            )
            expired = [int(r[0]) for r in rows]
            cursor = await conn.execute(
                MOVE_DEADLINES_SQL,
                (by, running_at),
            )
            moved = cursor.rowcount
        if moved:
            self._matches.clear()  # cached rows hold the old deadlines
        return expired


async def save_card_set(conn: Any, digest: str, game: str, definitions: dict[str, Any]) -> None:
    await conn.execute(
        SAVE_CARD_SET_SQL,
        (digest, game, json.dumps(definitions, sort_keys=True), time.time()),
    )
