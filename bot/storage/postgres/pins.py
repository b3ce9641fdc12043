"""Every SQL string about what a match is pinned to and about restarts, on PostgreSQL:
content-addressed card sets, each match's card set and rules version, ending a match the bot
cannot go on with, and moving running turn timers by an outage."""

from __future__ import annotations

import json
import time
from typing import Any

from bot.storage.postgres.database import Conn, affected
from bot.storage.postgres.matches import MatchReads
from bot.storage.postgres.rows import bump

# The SQL of this module, named after the method that runs it.
CARD_SET_SQL = "SELECT definitions_json FROM card_sets WHERE digest = $1"
PIN_SQL = "UPDATE matches SET card_set = COALESCE($1, card_set), rules_version = $2 WHERE id = $3"
END_MATCH_SQL = (
    "UPDATE matches SET status = 'cancelled', ended_reason = $1, deadline_at = NULL,"
    " deadline_kind = NULL WHERE id = $2 AND status = 'live'"
)
MARK_TABLE_DRAWN_SQL = (
    "UPDATE matches SET table_version = GREATEST(COALESCE(table_version, -1), $1) WHERE id = $2"
)
TABLE_VERSION_SQL = "SELECT table_version FROM matches WHERE id = $1"
LAST_ALIVE_SQL = "SELECT MAX(updated_at) FROM matches WHERE status = 'live'"
EXPIRED_BY_OUTAGE_SQL = (
    "SELECT id FROM matches WHERE status = 'live' AND deadline_at IS NOT NULL"
    " AND deadline_at > $1 AND deadline_at <= $2"
)
MOVE_DEADLINES_SQL = (
    "UPDATE matches SET deadline_at = deadline_at + $1 WHERE status = 'live'"
    " AND deadline_at IS NOT NULL AND deadline_at > $2"
)
SAVE_CARD_SET_SQL = (
    "INSERT INTO card_sets (digest, game, definitions_json, created_at)"
    " VALUES ($1, $2, $3, $4) ON CONFLICT (digest) DO NOTHING"
)


class PinWrites(MatchReads):
    async def card_set(self, digest: str) -> dict[str, Any] | None:
        found = await self.db.fetchval(CARD_SET_SQL, digest)
        return json.loads(found) if found is not None else None

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
            digest = card_set[0] if card_set is not None else None
            await conn.execute(PIN_SQL, digest, rules_version, match_id)

    async def end_match(self, match_id: int, reason: str) -> bool:
        """A live match the bot cannot go on with: closed with no result (so no rating moves)
        and the reason kept. False when it was no longer live."""
        async with self._writing(match_id) as conn:
            if affected(await conn.execute(END_MATCH_SQL, reason, match_id)) != 1:
                return False
            await bump(conn, match_id)
        return True

    async def mark_table_drawn(self, match_id: int, version: int) -> None:
        """The public table shows ``version``. No part of ``MatchInfo``: no cache drop."""
        await self.db.execute(MARK_TABLE_DRAWN_SQL, version, match_id)

    async def table_version(self, match_id: int) -> int | None:
        found = await self.db.fetchval(TABLE_VERSION_SQL, match_id)
        return None if found is None else int(found)

    # restarts -----------------------------------------------------------------------------
    async def last_alive(self) -> float | None:
        """When the last process was last known alive: its last write to a live match."""
        found = await self.db.fetchval(LAST_ALIVE_SQL)
        return None if found is None else float(found)

    async def move_deadlines(self, by: float, running_at: float, now: float) -> list[int]:
        """Move by ``by`` seconds the deadline of every live match whose timer was still
        running at ``running_at``; the matches whose old deadline had passed by ``now``."""
        async with self.db.transaction() as conn:
            rows = await conn.fetch(EXPIRED_BY_OUTAGE_SQL, running_at, now)
            moved = affected(await conn.execute(MOVE_DEADLINES_SQL, by, running_at))
        if moved:
            self._matches.clear()  # cached rows hold the old deadlines
        return [int(r[0]) for r in rows]


async def save_card_set(conn: Conn, digest: str, game: str, definitions: dict[str, Any]) -> None:
    await conn.execute(
        SAVE_CARD_SET_SQL, digest, game, json.dumps(definitions, sort_keys=True), time.time()
    )
