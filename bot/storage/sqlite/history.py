"""The SQLite ``HistoryRepository``: a player's finished matches in a server."""

from __future__ import annotations

from bot.storage.sqlite.database import Database

# The SQL of this module, named after the method that runs it.
FINISHED_AT_SQL = "SELECT updated_at FROM matches WHERE id = ? AND status = 'finished'"


class HistoryStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def finished_of(
        self, guild_id: int, user_id: int, *, limit: int, offset: int
    ) -> tuple[list[tuple[int, float]], int]:
        """(match id, finished at) newest first, one page, and how many there are in all.
        Served by ``seats_by_user_match`` then the matches' primary key (migration 0002)."""
        # CROSS JOIN fixes the order: walk the player's seats newest first, then look each
        # match up by id, so a page costs its ten rows however big the server is.
        where = (
            " FROM seats s CROSS JOIN matches m ON m.id = s.match_id"
            " WHERE s.user_id = ? AND m.guild_id = ? AND m.status = 'finished'"
        )
        async with self.db.exclusive() as conn:
            rows = await conn.execute_fetchall(
                "SELECT m.id, m.updated_at" + where + " ORDER BY s.match_id DESC LIMIT ? OFFSET ?",
                (user_id, guild_id, limit, offset),
            )
            total = list(
                await conn.execute_fetchall("SELECT COUNT(*)" + where, (user_id, guild_id))
            )
        return [(int(r[0]), float(r[1])) for r in rows], int(total[0][0])

    async def finished_at(self, match_id: int) -> float | None:
        async with self.db.exclusive() as conn:
            rows = list(
                await conn.execute_fetchall(
                    FINISHED_AT_SQL,
                    (match_id,),
                )
            )
        return float(rows[0][0]) if rows else None
