"""What ``bench/chaos.py`` checks after each kill, reading the SQLite file directly (the bot is
dead at that moment): the file's integrity, every acknowledgement, and that each match's
snapshot is exactly the replay of its action log."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(text)


def integrity(conn: sqlite3.Connection, tally: Tally) -> None:
    rows = conn.execute("PRAGMA integrity_check").fetchall()
    if [tuple(r) for r in rows] != [("ok",)]:
        tally.integrity_failures += 1
        tally.problem(f"integrity_check: {rows[:5]}")


def check_acks(conn: sqlite3.Connection, acks: list[dict[str, Any]], tally: Tally) -> None:
    """Every acknowledged start and move is in the database: a move between the index it was
    made at and the count acknowledged after it (a Pass in a response window stays valid while
    others act, so it may land after moves that slipped in first)."""
    tally.acks = len(acks)
    by_match: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for ack in acks:
        by_match[int(ack["match"])].append(ack)
    for match_id, found in by_match.items():
        row = conn.execute(
            "SELECT status, version, header_json FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None or row[2] is None or row[0] not in ("live", "finished"):
            tally.lost += len(found)
            tally.problem(f"match {match_id}: acknowledged start is gone ({row})")
            continue
        log = [
            json.loads(a)
            for (a,) in conn.execute(
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


def check_snapshots(conn: sqlite3.Connection, checked: dict[int, int], tally: Tally) -> None:
    """Replay each match whose snapshot moved since the last check; it must equal the
    snapshot, which must cover the whole log."""
    rows = conn.execute(
        "SELECT m.id, m.header_json, s.action_count, s.state_json FROM matches m"
        " JOIN snapshots s ON s.match_id = m.id WHERE m.header_json IS NOT NULL"
    ).fetchall()
    for match_id, header_json, count, state_json in rows:
        if checked.get(match_id) == count:
            continue
        actions = [
            json.loads(a)
            for (a,) in conn.execute(
                "SELECT action_json FROM actions WHERE match_id = ? ORDER BY idx", (match_id,)
            )
        ]
        header = RecordHeader.model_validate(json.loads(header_json))
        tally.replayed_matches += 1
        if len(actions) != count:
            tally.mismatches += 1
            tally.problem(f"match {match_id}: snapshot covers {count} of {len(actions)} actions")
            continue
        try:
            state = replay(load_game(header.game), MatchRecord(header=header, actions=actions))
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
    db_path: Path, acks: list[dict[str, Any]], checked: dict[int, int], tally: Tally
) -> None:
    conn = sqlite3.connect(db_path)
    try:
        integrity(conn, tally)
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'matches'").fetchone():
            # Killed before its first migration committed (a slow start on a busy machine):
            # nothing was acknowledged, nothing to check but the file's integrity.
            tally.lost += len(acks)
            return
        check_acks(conn, acks, tally)
        check_snapshots(conn, checked, tally)
    finally:
        conn.close()
