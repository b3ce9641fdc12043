"""PostgreSQL rows to the port's records, and the SQL every store module shares.

Columns are named in ``SELECT`` lists (never ``*``), so each record is built by position, as in
the SQLite adapter, and a migration adding a column changes no record.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from bot.storage.models import MatchRow, SeatRow
from bot.storage.postgres.database import Conn

MATCH_COLUMNS = (
    "id, guild_id, channel_id, message_id, thread_id, game, status, host_id, version,"
    " options_json, header_json, ai_seed, outcome_json, deadline_at, deadline_kind, created_at,"
    " updated_at, card_set, rules_version, ended_reason, lapsed_seats"
)
SEAT_COLUMNS = "match_id, seat, user_id, ai_level, name, dm_closed, timeouts, afk"

MATCH_SQL = f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = $1"
SEATS_SQL = f"SELECT {SEAT_COLUMNS} FROM seats WHERE match_id = $1 ORDER BY seat"
BUMP_SQL = "UPDATE matches SET version = version + 1, updated_at = $1 WHERE id = $2"


def match_row(row: Iterable[Any]) -> MatchRow:
    return MatchRow(*row)


def seat_row(row: Iterable[Any]) -> SeatRow:
    match_id, seat, user_id, ai_level, name, dm_closed, timeouts, afk = tuple(row)
    return SeatRow(
        int(match_id), int(seat), user_id, ai_level, str(name), bool(dm_closed), timeouts, bool(afk)
    )


async def bump(conn: Conn, match_id: int) -> None:
    await conn.execute(BUMP_SQL, time.time(), match_id)
