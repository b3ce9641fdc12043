"""The plain values storage hands out (rows as dicts, a stored match, an action to record)
and the few SQL helpers every storage module shares."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import aiosqlite

Row = dict[str, Any]


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
    # Rows that could not be read (an action or the snapshot that is not JSON): the match is
    # quarantined, never half-restored; every other match restores as usual.
    damaged: list[str] = field(default_factory=list)

    @property
    def id(self) -> int:
        return int(self.row["id"])


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
