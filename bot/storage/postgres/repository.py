"""``Repository``, the PostgreSQL ``MatchRepository`` (``bot.storage.ports``). Reads
(``matches.py``), lobby / seat writes (``seats.py``), pins (``pins.py``) and live hands are its
bases; the game's writes (start, each move, snapshots) are here.

Each move is one statement (data-modifying CTEs): the version check, the log row, the
snapshot and the seat's timeout count commit together or not at all, in one round trip. A
stale writer matches no row in ``moved``, so the other parts, which read ``moved``, do nothing.
"""

from __future__ import annotations

import json
import time
from typing import Any

from bot.storage.models import ActionRow, VersionConflict
from bot.storage.postgres.database import affected
from bot.storage.postgres.live_hands import LiveHandWrites
from bot.storage.postgres.pins import PinWrites, save_card_set
from bot.storage.postgres.seats import SeatWrites

# The SQL of this module, named after the method that runs it.
START_MATCH_SQL = (
    "UPDATE matches SET status = 'live', header_json = $1, ai_seed = $2,"
    " deadline_at = $3, deadline_kind = $4, version = version + 1, updated_at = $5,"
    " card_set = $6, rules_version = $7"
    " WHERE id = $8 AND version = $9 AND status = 'lobby'"
)
FIRST_SNAPSHOT_SQL = "INSERT INTO snapshots (match_id, action_count, state_json) VALUES ($1, 0, $2)"
RECORD_ACTION_SQL = (
    "WITH moved AS (UPDATE matches SET version = version + 1, status = $3::text,"
    " outcome_json = $4::text, deadline_at = $5::float8, deadline_kind = $6::text,"
    " updated_at = $7::float8 WHERE id = $1::bigint AND version = $2::bigint RETURNING id),"
    " logged AS (INSERT INTO actions (match_id, idx, seat, action_json, by_timeout, by_ai,"
    " created_at) SELECT id, $8::bigint, $9::bigint, $10::text, $11::bigint, $12::bigint,"
    " $7::float8 FROM moved),"
    " snapped AS (UPDATE snapshots SET action_count = $8::bigint + 1, state_json = $13::text"
    " WHERE match_id IN (SELECT id FROM moved)),"
    # $14: a timeout that counts towards the AFK hand-over; $15: a person's own move forgives.
    " counted AS (UPDATE seats SET timeouts = CASE WHEN $14::boolean THEN timeouts + 1 ELSE 0"
    " END WHERE match_id IN (SELECT id FROM moved) AND seat = $9::bigint"
    " AND ($14::boolean OR $15::boolean))"
    " SELECT count(*) FROM moved"
)
REPLACE_SNAPSHOT_SQL = "UPDATE snapshots SET action_count = $1, state_json = $2 WHERE match_id = $3"


class Repository(SeatWrites, PinWrites, LiveHandWrites):
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
        card_set: tuple[str, str, dict[str, Any] | None] | None = None,
        rules_version: int | None = None,
    ) -> None:
        """``card_set`` is (digest, game, definitions); definitions ``None`` when the caller
        knows that digest is stored already (they are written once per digest)."""
        async with self._writing(match_id) as conn:
            if card_set is not None and card_set[2] is not None:
                await save_card_set(conn, card_set[0], card_set[1], card_set[2])
            status = await conn.execute(
                START_MATCH_SQL,
                json.dumps(header),
                ai_seed,
                deadline_at,
                deadline_kind if deadline_at is not None else None,
                time.time(),
                card_set[0] if card_set is not None else None,
                rules_version,
                match_id,
                expected_version,
            )
            if affected(status) != 1:
                raise VersionConflict(match_id)
            await conn.execute(FIRST_SNAPSHOT_SQL, match_id, json.dumps(state))

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
        """Append one action and replace the snapshot, all or nothing, if nobody moved first:
        one statement, one round trip (it runs for every move, AI moves included)."""
        count_timeout = action.by_timeout and action.afk
        forgive = not action.by_ai and not action.by_timeout
        try:
            moved = await self.db.fetchval(
                RECORD_ACTION_SQL,
                match_id,
                expected_version,
                "finished" if outcome is not None else "live",
                json.dumps(outcome) if outcome is not None else None,
                deadline_at,
                deadline_kind if deadline_at is not None else None,
                time.time(),
                index,
                action.seat,
                json.dumps(action.action),
                int(action.by_timeout),
                int(action.by_ai),
                json.dumps(state),
                count_timeout,
                forgive,
            )
        finally:
            self._forget(match_id)
        if moved != 1:
            raise VersionConflict(match_id)

    async def replace_snapshot(self, match_id: int, count: int, state: dict[str, Any]) -> None:
        await self._one(match_id, REPLACE_SNAPSHOT_SQL, count, json.dumps(state), match_id)
