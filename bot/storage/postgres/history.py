"""The PostgreSQL ``HistoryRepository``: a player's finished matches in a server."""

from __future__ import annotations

from bot.storage.postgres.database import Database

# The SQL of this module, named after the method that runs it.
_FINISHED_OF = (
    " FROM seats s JOIN matches m ON m.id = s.match_id"
    " WHERE s.user_id = $1 AND m.guild_id = $2 AND m.status = 'finished'"
)
FINISHED_OF_SQL = (
    "SELECT m.id, m.updated_at, count(*) OVER ()"
    + _FINISHED_OF
    + " ORDER BY s.match_id DESC LIMIT $3 OFFSET $4"
)
FINISHED_COUNT_SQL = "SELECT count(*)" + _FINISHED_OF
FINISHED_AT_SQL = "SELECT updated_at FROM matches WHERE id = $1 AND status = 'finished'"


class HistoryStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def finished_of(
        self, guild_id: int, user_id: int, *, limit: int, offset: int
    ) -> tuple[list[tuple[int, float]], int]:
        """(match id, finished at) newest first, one page, and how many there are in all: one
        query (the window count) unless the page is past the end."""
        rows = await self.db.fetch(FINISHED_OF_SQL, user_id, guild_id, limit, offset)
        if rows:
            total = int(rows[0][2])
        else:
            total = int(await self.db.fetchval(FINISHED_COUNT_SQL, user_id, guild_id))
        return [(int(r[0]), float(r[1])) for r in rows], total

    async def finished_at(self, match_id: int) -> float | None:
        found = await self.db.fetchval(FINISHED_AT_SQL, match_id)
        return None if found is None else float(found)
