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
from collections.abc import Sequence
from typing import Any

from bot.storage.models import ActionRow, Delivered, LogForked, VersionConflict, seat_mask
from bot.storage.postgres.database import affected
from bot.storage.postgres.live_hands import LiveHandWrites, write_delivery
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
RECORD_ACTIONS_SQL = (
    "WITH moved AS (UPDATE matches SET version = version + $3::bigint, status = $4::text,"
    " outcome_json = $5::text, deadline_at = $6::float8, deadline_kind = $7::text,"
    " updated_at = $8::float8, lapsed_seats = COALESCE($19::bigint, lapsed_seats)"
    " WHERE id = $1::bigint AND version = $2::bigint"
    # The invariant of every commit (issue 30.10): the moves go at the end of the stored log
    # ($14 is where the plan leaves it, $3 its length).
    " AND (SELECT count(*) FROM actions WHERE match_id = $1::bigint) + $3::bigint = $14::bigint"
    " RETURNING id),"
    " logged AS (INSERT INTO actions (match_id, idx, seat, action_json, by_timeout, by_ai,"
    " created_at) SELECT moved.id, a.idx, a.seat, a.action_json, a.by_timeout, a.by_ai,"
    " $8::float8 FROM moved, unnest($9::bigint[], $10::bigint[], $11::text[], $12::bigint[],"
    " $13::bigint[]) AS a (idx, seat, action_json, by_timeout, by_ai)),"
    # $15 NULL: no snapshot this time (the log is the truth; one every SNAPSHOT_EVERY).
    " snapped AS (UPDATE snapshots SET action_count = $14::bigint, state_json = $15::text"
    " WHERE $15::text IS NOT NULL AND match_id IN (SELECT id FROM moved)),"
    # Per seat: start again from 0 (a person's own move forgave the timeouts) or not, then
    # add the timeouts that count towards the AFK hand-over (``timeouts`` below).
    " counted AS (UPDATE seats s SET timeouts = CASE WHEN t.reset THEN t.added"
    " ELSE s.timeouts + t.added END FROM unnest($16::bigint[], $17::boolean[], $18::bigint[])"
    " AS t (seat, reset, added) WHERE s.match_id IN (SELECT id FROM moved) AND s.seat = t.seat)"
    " SELECT count(*) FROM moved"
)
FORKED_SQL = (
    "SELECT m.version, (SELECT count(*) FROM actions a WHERE a.match_id = m.id)"
    " FROM matches m WHERE m.id = $1"
)
REPLACE_SNAPSHOT_SQL = "UPDATE snapshots SET action_count = $1, state_json = $2 WHERE match_id = $3"


def timeouts(actions: Sequence[ActionRow]) -> tuple[list[int], list[bool], list[int]]:
    """What the actions, in order, do to each seat's run of timeouts, as (seats, reset, added):
    a timeout that counts adds one, a person's own move starts the run again from 0, an AI's
    move or a lapsed window leaves it."""
    runs: dict[int, tuple[bool, int]] = {}
    for action in actions:
        reset, added = runs.get(action.seat, (False, 0))
        if action.by_timeout and action.afk:
            runs[action.seat] = (reset, added + 1)
        elif not action.by_ai and not action.by_timeout:
            runs[action.seat] = (True, 0)
    seats = sorted(runs)
    return seats, [runs[s][0] for s in seats], [runs[s][1] for s in seats]


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
        state: dict[str, Any] | None,
        outcome: dict[str, Any] | None,
        deadline_at: float | None,
        deadline_kind: str | None = "turn",
    ) -> None:
        """Append one action and replace the snapshot, all or nothing, if nobody moved first:
        one statement, one round trip (it runs for every move, AI moves included)."""
        await self.record_actions(
            match_id,
            expected_version,
            index,
            (action,),
            state=state,
            outcome=outcome,
            deadline_at=deadline_at,
            deadline_kind=deadline_kind,
        )

    async def record_actions(
        self,
        match_id: int,
        expected_version: int,
        index: int,
        actions: Sequence[ActionRow],
        *,
        state: dict[str, Any] | None,
        outcome: dict[str, Any] | None,
        deadline_at: float | None,
        deadline_kind: str | None = "turn",
        delivered: Delivered | None = None,
        lapsed: frozenset[int] | None = None,
    ) -> None:
        """A plan's or a burst's actions (issue 30.5) in the same one statement: all of them
        or none; refused whole when ``index`` is not the stored log's length (``LogForked``,
        issue 30.10), checked in that statement (the away rule's ``lapsed`` seats too, in the
        match's UPDATE). Delivery marks (``delivered``, issue 29.5)
        make it a transaction: the statement, then the marks, only if it moved the match
        (a statement cannot update the row ``moved`` updates a second time)."""
        seats, reset, added = timeouts(actions)
        try:
            moved = await self._record(
                delivered,
                match_id,
                expected_version,
                len(actions),
                "finished" if outcome is not None else "live",
                json.dumps(outcome) if outcome is not None else None,
                deadline_at,
                deadline_kind if deadline_at is not None else None,
                time.time(),
                [index + n for n in range(len(actions))],
                [a.seat for a in actions],
                [json.dumps(a.action) for a in actions],
                [int(a.by_timeout) for a in actions],
                [int(a.by_ai) for a in actions],
                index + len(actions),
                json.dumps(state) if state is not None else None,
                seats,
                reset,
                added,
                seat_mask(lapsed) if lapsed is not None else None,
            )
        finally:
            self._forget(match_id)
        if moved != 1:
            # Nothing was written; which refusal it was costs a read, on this path only.
            found = await self.db.fetchrow(FORKED_SQL, match_id)
            if found is not None and int(found[0]) == expected_version:
                raise LogForked(match_id, index, int(found[1]))
            raise VersionConflict(match_id)

    async def _record(self, delivered: Delivered | None, *args: Any) -> Any:
        if not delivered:
            return await self.db.fetchval(RECORD_ACTIONS_SQL, *args)
        async with self.db.transaction() as conn:
            moved = await conn.fetchval(RECORD_ACTIONS_SQL, *args)
            if moved == 1:
                await write_delivery(conn, delivered)
        return moved

    async def replace_snapshot(self, match_id: int, count: int, state: dict[str, Any]) -> None:
        await self._one(match_id, REPLACE_SNAPSHOT_SQL, count, json.dumps(state), match_id)
