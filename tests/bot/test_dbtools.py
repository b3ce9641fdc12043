"""The operator's database commands, run for real: ``python -m bot backup`` copies a SQLite
database while it is open and being written (issue 28.5); ``python -m bot migrate-db`` moves
every table to PostgreSQL and back, verified, refuses a non-empty target unless told, and can
be run again after a failure that left the target as it was (issue 28.4); run in place, it
gives a SQLite file made with 4 KB pages a new file's 1 KB ones, every row kept (issue 29.5)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.storage import CopyRefused, DatabaseUnavailable, Storage, bulk, move_database, open_storage
from bot.storage.bulk import TABLES
from bot.storage.models import ActionRow, LeagueSeat, LiveHand, PlayerRating
from bot.storage.sqlite import database as sqlite_database
from tests.bot.test_main import ROOT, START_TIMEOUT
from tests.storage.contract.test_matches import live
from tests.support.inspect_db import InspectDb
from tests.support.postgres import InspectPg


def bot_command(
    *args: str, environ: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BACKSTAB_")}
    env.pop("DISCORD_TOKEN", None)
    env.update(environ or {})
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT,
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done


async def filled(location: Path | str) -> Storage:
    """A database holding some of everything: live and finished matches with logs, seats,
    snapshots, card sets, live hands, decks and a choice, a season, the league log, ratings,
    server settings and a preference."""
    storage = await open_storage(location)
    repo = storage.matches
    first, second = await live(repo), await live(repo)
    row = await repo.match(first)
    assert row is not None
    for index in range(3):
        await repo.record_action(
            first,
            row.version + index,
            index,
            ActionRow(0, {"kind": "hit", "n": index}, by_timeout=index == 1),
            state={"n": index, "text": "é ✓"},
            outcome={"winners": [0]} if index == 2 else None,
            deadline_at=None if index == 2 else 1234.5,
        )
    await repo.save_live_hand(LiveHand(second, 10, "channel", 2, 700, token="t", token_at=9.5))
    deck = await storage.decks.create(10, "duel", "Muddy", "ranger", {"axe": 2})
    await storage.decks.choose(10, "duel", deck_id=deck.id, precon=None)
    season = await storage.leagues.start_season(1, "Spring", 100.0)
    await storage.leagues.log_match(
        match_id=first,
        guild_id=1,
        game="tiny",
        season_id=season.id,
        finished_at=200.0,
        seats=[LeagueSeat(10, 0, True, "ranger")],
        ratings=[PlayerRating(10, mu=30.5, games=1, wins=1)],
    )
    await storage.settings.save(1, {"turn_seconds": 60, "allowed_games": ("duel",)}, by_user=10)
    await storage.players.save(10, {"auto_pass": False})
    return storage


async def test_every_table_of_the_schema_is_moved(tmp_path: Path) -> None:  # issue 28.4
    await (await open_storage(tmp_path / "s.sqlite3")).close()
    tables = InspectDb(tmp_path / "s.sqlite3").tables() - {"sqlite_sequence"}
    assert {table for table, _key in TABLES} == tables


async def test_a_database_moves_to_postgresql_and_back_verified(
    tmp_path: Path, postgres_url: str
) -> None:  # issue 28.4
    source = tmp_path / "bot.sqlite3"
    await (await filled(source)).close()
    copied = await move_database(f"sqlite:///{source}", postgres_url)
    counts = {t.table: t.rows for t in copied}
    assert counts["matches"] == 2 and counts["actions"] == 3 and counts["ratings"] == 1
    back = tmp_path / "back.sqlite3"
    again = await move_database(postgres_url, back)
    assert [(t.table, t.rows, t.checksum) for t in again] == [
        (t.table, t.rows, t.checksum) for t in copied
    ]
    moved = await open_storage(postgres_url)
    try:
        [match] = await moved.matches.stored_matches(statuses=("finished",))
        assert match.actions[0] == {"kind": "hit", "n": 0}
        assert match.snapshot == (3, {"n": 2, "text": "é ✓"})
        assert await moved.settings.load(1) == {"turn_seconds": 60, "allowed_games": ("duel",)}
        # New ids come after the copied ones.
        made = await moved.matches.create_match(
            guild_id=1, channel_id=2, host_id=3, host_name="Cy", game="tiny", options={}
        )
        assert made == 3
        assert (await moved.decks.create(11, "duel", "New", "thief", {})).id == 2
    finally:
        await moved.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_a_copy_reads_each_batch_after_the_last_key_read(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:  # keyset paging: no OFFSET stepping over every row read before
    location = (
        tmp_path / "k.sqlite3" if backend == "sqlite" else request.getfixturevalue("postgres_url")
    )
    storage = await filled(location)
    try:
        [first, _second] = await storage.matches.match_ids(statuses=("live", "finished"))
        columns = await storage.tables.columns("actions")
        at = columns.index("idx")
        head = await storage.tables.rows("actions", columns, "match_id, idx", None, 2)
        rest = await storage.tables.rows("actions", columns, "match_id, idx", (first, 1), 10)
        assert [r[at] for r in head] == [0, 1] and [r[at] for r in rest] == [2]
    finally:
        await storage.close()


async def test_a_copy_in_small_batches_verifies(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bulk, "BATCH", 2)  # every table of more than 2 rows in several
    source = tmp_path / "bot.sqlite3"
    await (await filled(source)).close()
    copied = await move_database(source, postgres_url)
    back = await move_database(postgres_url, tmp_path / "back.sqlite3")
    assert [(t.table, t.rows, t.checksum) for t in back] == [
        (t.table, t.rows, t.checksum) for t in copied
    ]
    assert {t.table: t.rows for t in copied}["actions"] == 3


async def test_a_non_empty_target_is_refused_unless_replaced(
    tmp_path: Path, postgres_url: str
) -> None:  # issue 28.4
    source = tmp_path / "bot.sqlite3"
    await (await filled(source)).close()
    await move_database(source, postgres_url)
    with pytest.raises(CopyRefused, match=r"the target is not empty .*--replace"):
        await move_database(source, postgres_url)
    replaced = await move_database(source, postgres_url, replace=True)
    assert {t.table: t.rows for t in replaced}["matches"] == 2


async def test_a_copy_that_fails_half_way_leaves_the_target_as_it_was_and_runs_again(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:  # issue 28.4
    from bot.storage.postgres import bulk

    source = tmp_path / "bot.sqlite3"
    await (await filled(source)).close()
    plain = bulk.PostgresWriter.insert

    async def lost_on_actions(self: Any, table: str, columns: Any, rows: Any) -> None:
        if table == "actions":
            raise ConnectionResetError("the server went away")
        await plain(self, table, columns, rows)

    monkeypatch.setattr(bulk.PostgresWriter, "insert", lost_on_actions)
    with pytest.raises(DatabaseUnavailable, match="the server went away"):
        await move_database(source, postgres_url)
    assert InspectPg(postgres_url).value("SELECT count(*) FROM matches") == 0
    monkeypatch.setattr(bulk.PostgresWriter, "insert", plain)
    copied = await move_database(source, postgres_url)  # the same command, again
    assert {t.table: t.rows for t in copied}["actions"] == 3


async def test_migrate_db_prints_counts_and_refuses_in_one_line(
    tmp_path: Path, postgres_url: str
) -> None:  # issue 28.4
    source = tmp_path / "bot.sqlite3"
    await (await filled(source)).close()
    done = bot_command("migrate-db", "--from", f"sqlite:///{source}", "--to", postgres_url)
    assert done.returncode == 0, done.stderr
    assert "  matches: 2 rows, checksum " in done.stdout
    assert done.stdout.splitlines()[-1].startswith("migrate-db: ")
    refused = bot_command("migrate-db", "--from", str(source), "--to", postgres_url)
    assert refused.returncode == 1
    assert refused.stderr.startswith("migrate-db failed, the target is as it was: the target")
    assert len(refused.stderr.strip().splitlines()) == 1
    unknown = bot_command("migrate-db", "--from", "mysql://x/y", "--to", postgres_url)
    assert unknown.returncode == 1 and "unknown database URL mysql://" in unknown.stderr


async def test_backup_copies_an_open_database_being_written(tmp_path: Path) -> None:  # 28.5
    database = tmp_path / "bot.sqlite3"
    storage = await filled(database)
    try:
        await live(storage.matches)  # the bot keeps its connection open and writing (WAL)
        target = tmp_path / "copy.sqlite3"
        done = bot_command("backup", str(target), environ={"BACKSTAB_DB": str(database)})
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(f"backup written: {target} (")
        await live(storage.matches)
    finally:
        await storage.close()
    copy = InspectDb(target)
    assert copy.value("SELECT count(*) FROM matches") == 3
    assert copy.value("PRAGMA integrity_check") == "ok"
    again = bot_command("backup", str(target), environ={"BACKSTAB_DB": str(database)})
    assert again.returncode == 1
    assert again.stderr.strip() == f"backup failed: {target} exists already; name a new file"
    nowhere = bot_command(
        "backup", str(tmp_path / "no" / "x.sqlite3"), environ={"BACKSTAB_DB": str(database)}
    )
    assert nowhere.returncode == 1 and "does not exist" in nowhere.stderr


def test_backup_on_postgresql_points_at_pg_dump() -> None:  # issue 28.5
    done = bot_command(
        "backup", "x.sql", environ={"BACKSTAB_DATABASE_URL": "postgresql://u:pw@db/backstab"}
    )
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "backup: the database is PostgreSQL (postgresql://u:***@db/backstab); back it up with"
        " pg_dump (docs/operations.md)"
    )


def rows_of(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in rowid or key order: what a rewrite must keep."""
    with closing(sqlite3.connect(path)) as conn:
        return {
            table: list(conn.execute(f"SELECT * FROM {table} ORDER BY {key}"))
            for table, key in TABLES
        }


async def test_migrate_db_in_place_gives_an_old_file_small_pages_and_keeps_every_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # issue 29.5: a file made before keeps its 4 KB pages
    database = tmp_path / "old.sqlite3"
    monkeypatch.setattr(sqlite_database, "PAGE_SIZE", 4096)
    await (await filled(database)).close()
    monkeypatch.undo()
    assert InspectDb(database).value("PRAGMA page_size") == 4096
    kept = rows_of(database)
    storage = await open_storage(database)  # the bot still running: refused, nothing changed
    try:
        busy = bot_command("migrate-db", environ={"BACKSTAB_DB": str(database)})
    finally:
        await storage.close()
    assert busy.returncode == 1, busy.stdout
    assert busy.stderr.strip() == (
        f"migrate-db failed, the database is as it was: {database} is in use: stop the bot"
        " and run it again"
    )
    assert InspectDb(database).value("PRAGMA page_size") == 4096
    done = bot_command("migrate-db", "--from", f"sqlite:///{database}")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        f"migrate-db: {database}: its 4096-byte pages rewritten as 1024-byte pages ("
    )
    check = InspectDb(database)
    assert check.value("PRAGMA page_size") == 1024
    assert check.value("PRAGMA journal_mode") == "wal"  # back in WAL mode
    assert check.value("PRAGMA integrity_check") == "ok"
    assert rows_of(database) == kept
    again = bot_command("migrate-db", environ={"BACKSTAB_DB": str(database)})
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == (
        f"migrate-db: {database}: its pages are 1024 bytes already; nothing rewritten"
    )
    storage = await open_storage(database)  # and the bot plays on it
    try:
        await live(storage.matches)
    finally:
        await storage.close()
    missing = bot_command("migrate-db", "--from", str(tmp_path / "none.sqlite3"))
    assert missing.returncode == 1
    assert "there is no database at" in missing.stderr
    assert not (tmp_path / "none.sqlite3").exists()
