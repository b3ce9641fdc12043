"""What ``bench/chaos.py`` checks after each kill, reading the database directly (the bot is
dead at that moment): a SQLite file's integrity, every acknowledgement, and that each match's
snapshot is exactly the replay of its action log up to its count. The same checks read a
SQLite file or a PostgreSQL database (``Reader``; the SQL is written with SQLite's ``?`` and
numbered for PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from bot.core.ledger import SNAPSHOT_EVERY
from engine.core import IllegalAction
from engine.core.record import MatchRecord, RecordHeader, replay
from engine.games import load_game


@dataclass
class Tally:
    acks: int = 0
    lost: int = 0
    mismatches: int = 0
    replayed_matches: int = 0
    integrity_failures: int = 0
    plans_whole: int = 0  # plans a kill caught being sent: found all stored
    plans_none: int = 0  # ... found not stored at all
    plans_split: int = 0  # ... found stored in part: a plan that did not land whole
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(text)


class Reader(Protocol):
    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    def has_schema(self) -> bool:
        """Whether the first migration committed (the ``matches`` table exists)."""
        ...

    def integrity(self, tally: Tally) -> None: ...


class SqliteReader:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in self.conn.execute(sql, tuple(params))]

    def has_schema(self) -> bool:
        return bool(self.rows("SELECT 1 FROM sqlite_master WHERE name = 'matches'"))

    def integrity(self, tally: Tally) -> None:
        rows = self.rows("PRAGMA integrity_check")
        if rows != [("ok",)]:
            tally.integrity_failures += 1
            tally.problem(f"integrity_check: {rows[:5]}")


class PostgresReader:
    """One connection on a loop of its own (the driver is not async)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, conn: Any) -> None:
        self.loop = loop
        self.conn = conn

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        numbered = iter(range(1, 1000))
        sql = re.sub(r"\?", lambda _m: f"${next(numbered)}", sql)
        found = self.loop.run_until_complete(self.conn.fetch(sql, *params))
        return [tuple(r) for r in found]

    def has_schema(self) -> bool:
        return self.rows("SELECT to_regclass('matches') IS NOT NULL") == [(True,)]

    def integrity(self, tally: Tally) -> None:
        """PostgreSQL checks its own pages (checksums, WAL replay after a crash); a kill of
        the bot cannot tear them, so there is nothing of SQLite's integrity_check to run."""


@contextmanager
def reading(location: Path | str) -> Iterator[Reader]:
    if isinstance(location, str) and location.startswith(("postgresql://", "postgres://")):
        import asyncpg

        loop = asyncio.new_event_loop()
        try:
            conn = loop.run_until_complete(asyncpg.connect(location, timeout=10))
            try:
                yield PostgresReader(loop, conn)
            finally:
                loop.run_until_complete(conn.close())
        finally:
            loop.close()
        return
    conn = sqlite3.connect(location)
    try:
        yield SqliteReader(conn)
    finally:
        conn.close()


def check_acks(conn: Reader, acks: list[dict[str, Any]], tally: Tally) -> None:
    """Every acknowledged start and move is in the database: a move between the index it was
    made at and the count acknowledged after it (a Pass in a response window stays valid while
    others act, so it may land after moves that slipped in first)."""
    tally.acks = len(acks)
    by_match: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for ack in acks:
        by_match[int(ack["match"])].append(ack)
    for match_id, found in by_match.items():
        found_rows = conn.rows(
            "SELECT status, version, header_json FROM matches WHERE id = ?", (match_id,)
        )
        row = found_rows[0] if found_rows else None
        if row is None or row[2] is None or row[0] not in ("live", "finished"):
            tally.lost += len(found)
            tally.problem(f"match {match_id}: acknowledged start is gone ({row})")
            continue
        log = [
            json.loads(a)
            for (a,) in conn.rows(
                "SELECT action_json FROM actions WHERE match_id = ? ORDER BY idx", (match_id,)
            )
        ]
        for ack in found:
            if int(ack["version"]) > int(row[1]):
                tally.lost += 1
                tally.problem(f"match {match_id}: version {row[1]} < acknowledged {ack}")
            elif ack["ack"] == "act" and (
                len(log) < int(ack["count"])
                or ack["action"] not in log[int(ack["index"]) : int(ack["count"])]
            ):
                tally.lost += 1
                tally.problem(f"match {match_id}: acknowledged {ack} not in its log")
            elif ack["ack"] == "plan" and not contains_run(
                log[int(ack["index"]) : int(ack["count"])], ack["actions"]
            ):
                tally.lost += 1
                tally.problem(f"match {match_id}: acknowledged plan {ack} not whole in its log")


def contains_run(log: list[Any], run: list[Any]) -> bool:
    """Whether ``run`` appears in ``log`` as consecutive entries."""
    return any(log[i : i + len(run)] == run for i in range(len(log) - len(run) + 1))


def check_plans(conn: Reader, intents: Sequence[dict[str, Any]], tally: Tally) -> None:
    """Each plan the kill caught being sent (``act_all``: all or none, issue 30.6), read
    before anything else runs on the database: at its index the log holds the whole plan or
    none of it. The worker made it while nothing else was in flight in that match and started
    nothing there until it was answered, so nothing else can stand at that index but an AI
    seat's move (another seat's) had the plan been refused as stale."""
    for intent in intents:
        index, plan = int(intent["index"]), intent["actions"]
        rows = conn.rows(
            "SELECT action_json FROM actions WHERE match_id = ? AND idx >= ? ORDER BY idx LIMIT ?",
            (int(intent["match"]), index, len(plan)),
        )
        stored = [json.loads(a) for (a,) in rows]
        if stored == plan:
            tally.plans_whole += 1
        elif stored[:1] != plan[:1]:
            tally.plans_none += 1
        else:
            tally.plans_split += 1
            tally.problem(f"match {intent['match']}: plan {plan} stored as {stored}")


def check_snapshots(conn: Reader, checked: dict[int, int], tally: Tally) -> None:
    """Replay each match whose snapshot moved since the last check: the log's first
    ``action_count`` actions must reach exactly the snapshot (one is written every
    ``SNAPSHOT_EVERY`` actions, so it may be behind the log by fewer than that), and the
    whole log must replay."""
    rows = conn.rows(
        "SELECT m.id, m.header_json, s.action_count, s.state_json FROM matches m"
        " JOIN snapshots s ON s.match_id = m.id WHERE m.header_json IS NOT NULL"
    )
    for match_id, header_json, count, state_json in rows:
        if checked.get(match_id) == count:
            continue
        actions = [
            json.loads(a)
            for (a,) in conn.rows(
                "SELECT action_json FROM actions WHERE match_id = ? ORDER BY idx", (match_id,)
            )
        ]
        header = RecordHeader.model_validate(json.loads(header_json))
        tally.replayed_matches += 1
        if not 0 <= len(actions) - count < SNAPSHOT_EVERY:
            tally.mismatches += 1
            tally.problem(f"match {match_id}: snapshot covers {count} of {len(actions)} actions")
            continue
        try:
            game = load_game(header.game)
            replay(game, MatchRecord(header=header, actions=actions))
            state = replay(game, MatchRecord(header=header, actions=actions[:count]))
        except IllegalAction as exc:  # a log the rules refuse is a mismatch, not a crash
            tally.mismatches += 1
            tally.problem(f"match {match_id}: its log no longer replays ({exc})")
            continue
        if json.loads(json.dumps(state.to_json())) != json.loads(state_json):
            tally.mismatches += 1
            tally.problem(f"match {match_id}: snapshot differs from the replay of its log")
            continue
        checked[match_id] = count


def check_all(
    location: Path | str,
    acks: list[dict[str, Any]],
    checked: dict[int, int],
    tally: Tally,
    intents: Sequence[dict[str, Any]] = (),
) -> bool:
    """Check everything; False when the database holds no schema yet (every worker so far
    was killed before its first migration committed: a slow start on a busy machine)."""
    with reading(location) as conn:
        conn.integrity(tally)
        if not conn.has_schema():
            # Nothing was acknowledged, nothing to check but the file's integrity.
            tally.lost += len(acks)
            return False
        check_acks(conn, acks, tally)
        check_plans(conn, intents, tally)
        check_snapshots(conn, checked, tally)
        return True


def database_figures(location: Path | str) -> dict[str, int]:
    """Matches and actions stored at the end (zeros when no schema was ever made)."""
    with reading(location) as conn:
        if not conn.has_schema():
            return {"matches_live": 0, "matches_finished": 0, "actions_stored": 0}
        count = dict(conn.rows("SELECT status, COUNT(*) FROM matches GROUP BY status"))
        [(actions,)] = conn.rows("SELECT COUNT(*) FROM actions")
    return {
        "matches_live": int(count.get("live", 0)),
        "matches_finished": int(count.get("finished", 0)),
        "actions_stored": int(actions),
    }
