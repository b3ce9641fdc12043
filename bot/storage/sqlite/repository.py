"""``Repository``, the SQLite ``MatchRepository`` (``bot.storage.ports``). Reads
(``matches.py``), lobby / seat writes (``seats.py``) and pins (``pins.py``) are its bases; the
game's writes (start, each move, snapshots) are here. Callers get the port's frozen records,
never rows or cursors.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from typing import Any

from bot.storage.models import ActionRow, Delivered, LogForked, VersionConflict, seat_mask
from bot.storage.sqlite.live_hands import LiveHandWrites, delivery_writer
from bot.storage.sqlite.pins import PinWrites, save_card_set
from bot.storage.sqlite.seats import SeatWrites

# The SQL of this module, named after the method that runs it.
START_MATCH_SQL = (
    "UPDATE matches SET status = 'live', header_json = ?, ai_seed = ?,"
    " deadline_at = ?, deadline_kind = ?, version = version + 1, updated_at = ?,"
    " card_set = ?, rules_version = ?"
    " WHERE id = ? AND version = ? AND status = 'lobby'"
)
FIRST_SNAPSHOT_SQL = "INSERT INTO snapshots (match_id, action_count, state_json) VALUES (?, 0, ?)"
# ``lapsed_seats`` NULL: left as it is (``record_actions``' ``lapsed``).
RECORD_ACTION_SQL = (
    "UPDATE matches SET version = version + ?, status = ?, outcome_json = ?,"
    " deadline_at = ?, deadline_kind = ?, updated_at = ?,"
    " lapsed_seats = COALESCE(?, lapsed_seats) WHERE id = ? AND version = ?"
)
# A move that does not end the match names neither ``status`` nor ``outcome_json``: SQLite
# rewrites every index holding a column the SET names, changed or not, and three of the
# matches' indexes hold ``status`` (by channel, by guild, by status): three pages a move
# (issue 29.5: bytes per click). Its status stays 'live' (only a live match is moved).
RECORD_MOVE_SQL = (
    "UPDATE matches SET version = version + ?, deadline_at = ?, deadline_kind = ?,"
    " updated_at = ?, lapsed_seats = COALESCE(?, lapsed_seats) WHERE id = ? AND version = ?"
)
APPEND_ACTION_SQL = (
    "INSERT INTO actions (match_id, idx, seat, action_json, by_timeout, by_ai,"
    " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
)
LOG_LENGTH_SQL = "SELECT COUNT(*) FROM actions WHERE match_id = ?"
COUNT_TIMEOUT_SQL = "UPDATE seats SET timeouts = timeouts + 1 WHERE match_id = ? AND seat = ?"
# Only a seat with timeouts to forgive: an UPDATE that matches its row rewrites the seats page
# even when the value stays 0 (a page in every person's move's transaction, issue 29.5).
FORGIVE_TIMEOUTS_SQL = (
    "UPDATE seats SET timeouts = 0 WHERE match_id = ? AND seat = ? AND timeouts <> 0"
)
REPLACE_SNAPSHOT_SQL = "UPDATE snapshots SET action_count = ?, state_json = ? WHERE match_id = ?"


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
            cursor = await conn.execute(
                START_MATCH_SQL,
                (
                    json.dumps(header),
                    ai_seed,
                    deadline_at,
                    deadline_kind if deadline_at is not None else None,
                    time.time(),
                    card_set[0] if card_set is not None else None,
                    rules_version,
                    match_id,
                    expected_version,
                ),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(match_id)
            await conn.execute(
                FIRST_SNAPSHOT_SQL,
                (match_id, json.dumps(state)),
            )

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
        """Append one action and replace the snapshot, all or nothing, if nobody moved first.
        The whole transaction is one thread hop (see ``Database.write``): it runs for every
        move, AI moves included."""
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
        """A plan's or a burst's actions in one transaction, one thread hop (issue 30.5): a
        write that fails half-way rolls every one of them back. Refused whole when the version moved
        (``VersionConflict``) or ``index`` is not the stored log's length (``LogForked``). The
        delivery marks ``delivered`` go in the same transaction (issue 29.5), the away rule's
        ``lapsed`` seats in the match's own UPDATE."""
        now = time.time()
        mask = seat_mask(lapsed) if lapsed is not None else None
        status = "finished" if outcome is not None else "live"
        state_json = json.dumps(state) if state is not None else None
        outcome_json = json.dumps(outcome) if outcome is not None else None
        kind = deadline_kind if deadline_at is not None else None
        marks = delivery_writer(delivered) if delivered else None
        rows = [
            (match_id, index + n, a.seat, json.dumps(a.action), int(a.by_timeout), int(a.by_ai))
            for n, a in enumerate(actions)
        ]

        def write(raw: sqlite3.Connection) -> None:
            if outcome_json is None:
                cursor = raw.execute(
                    RECORD_MOVE_SQL,
                    (len(rows), deadline_at, kind, now, mask, match_id, expected_version),
                )
            else:
                cursor = raw.execute(
                    RECORD_ACTION_SQL,
                    (
                        len(rows),
                        status,
                        outcome_json,
                        deadline_at,
                        kind,
                        now,
                        mask,
                        match_id,
                        expected_version,
                    ),
                )
            if cursor.rowcount != 1:
                raise VersionConflict(match_id)
            # The invariant of every commit: the moves go at the end of the stored log.
            [(stored,)] = raw.execute(LOG_LENGTH_SQL, (match_id,)).fetchall()
            if stored != index:
                raise LogForked(match_id, index, stored)
            for row, action in zip(rows, actions, strict=True):
                raw.execute(APPEND_ACTION_SQL, (*row, now))
                if action.by_timeout and action.afk:
                    raw.execute(COUNT_TIMEOUT_SQL, (match_id, action.seat))
                elif not action.by_ai and not action.by_timeout:
                    raw.execute(FORGIVE_TIMEOUTS_SQL, (match_id, action.seat))
            if state_json is not None:  # else the snapshot stays behind: the log is the truth
                raw.execute(REPLACE_SNAPSHOT_SQL, (index + len(rows), state_json, match_id))
            if marks is not None:
                marks(raw)

        try:
            await self.db.write(write)
        finally:
            self._forget(match_id)

    async def replace_snapshot(self, match_id: int, count: int, state: dict[str, Any]) -> None:
        async with self._writing(match_id) as conn:
            await conn.execute(
                REPLACE_SNAPSHOT_SQL,
                (count, json.dumps(state), match_id),
            )
