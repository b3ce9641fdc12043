"""SQLite rows to the port's records, and the few SQL helpers every adapter module shares.

Columns are named in ``SELECT`` lists (never ``*``) so each record is built by position, which
is both the cheapest mapping and immune to a migration adding a column the record lacks.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from typing import Any

import aiosqlite

from bot.storage.models import MatchRow, SeatRow

MATCH_COLUMNS = (
    "id, guild_id, channel_id, message_id, thread_id, game, status, host_id, version,"
    " options_json, header_json, ai_seed, outcome_json, deadline_at, deadline_kind, created_at,"
    " updated_at, card_set, rules_version, ended_reason, lapsed_seats"
)
SEAT_COLUMNS = "match_id, seat, user_id, ai_level, name, dm_closed, timeouts, afk"

MATCH_SQL = f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?"
SEATS_SQL = f"SELECT {SEAT_COLUMNS} FROM seats WHERE match_id = ? ORDER BY seat"
BUMP_SQL = "UPDATE matches SET version = version + 1, updated_at = ? WHERE id = ?"


def match_row(row: Sequence[Any]) -> MatchRow:
    return MatchRow(*row)


def seat_row(row: Sequence[Any]) -> SeatRow:
    match_id, seat, user_id, ai_level, name, dm_closed, timeouts, afk = row
    return SeatRow(
        int(match_id), int(seat), user_id, ai_level, str(name), bool(dm_closed), timeouts, bool(afk)
    )


async def _one(conn: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> sqlite3.Row | None:
    rows = list(await conn.execute_fetchall(sql, params))
    return rows[0] if rows else None


async def _seats(conn: aiosqlite.Connection, match_id: int) -> list[SeatRow]:
    return [seat_row(r) for r in await conn.execute_fetchall(SEATS_SQL, (match_id,))]


async def _bump(conn: aiosqlite.Connection, match_id: int) -> None:
    await conn.execute(BUMP_SQL, (time.time(), match_id))
