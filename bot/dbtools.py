"""The operator's database commands (issue 28.4, 28.5), run as ``python -m bot COMMAND``:

- ``backup PATH``: a consistent copy of the SQLite database, safe while the bot runs (SQLite's
  online backup API); on PostgreSQL it points at ``pg_dump`` (``docs/operations.md``).
- ``migrate-db --from LOCATION --to LOCATION [--replace]``: move every match, action log, live
  hand, deck, league and setting to another database (SQLite to PostgreSQL, or back), verified
  by counts and a checksum per table; a failed run leaves the target as it was, so it can be
  run again.
- ``migrate-db [--from LOCATION]`` (no ``--to``): the database in place (the configured one
  unless named): migrated to this code's schema, and a SQLite file with another page size
  than a new file's rewritten with it (``bot.storage.sqlite.pages``, issue 29.5).

Each prints what it did, or one line saying why not (exit status 1); never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.config import SettingsError, load_settings
from bot.storage import (
    BackupRefused,
    CopyRefused,
    DatabaseUnavailable,
    MigrationError,
    RepageRefused,
    backup_sqlite,
    move_database,
    open_storage,
    redacted_location,
    repage_sqlite,
    sqlite_path,
)
from bot.words import texts

COMMANDS = ("backup", "migrate-db")


def main(argv: list[str]) -> int:
    command, rest = argv[0], argv[1:]
    if command == "backup":
        return backup(rest)
    return migrate_db(rest)


def backup(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot backup", description="copy the SQLite database, safe while it runs"
    )
    parser.add_argument("path", type=Path, help="the new file to write the copy to")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
    except SettingsError as exc:
        return _failed(texts.BACKUP_FAILED, "; ".join(exc.problems))
    source = settings.sqlite_file
    if source is None:
        location = redacted_location(settings.storage_location)
        print(texts.BACKUP_POSTGRES.format(location=location), file=sys.stderr)
        return 1
    try:
        made = backup_sqlite(source, args.path)
    except (BackupRefused, DatabaseUnavailable) as exc:
        return _failed(texts.BACKUP_FAILED, str(exc))
    print(texts.BACKUP_DONE.format(path=made.path, size=made.bytes, version=made.schema_version))
    return 0


def migrate_db(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate-db",
        description="copy every table to another database, verified (stop the bot first)",
    )
    parser.add_argument(
        "--from", dest="source", help="sqlite:///path or URL (default: the configured database)"
    )
    parser.add_argument(
        "--to",
        dest="target",
        help="postgresql://... or path; without it the database is migrated in place",
    )
    parser.add_argument(
        "--replace", action="store_true", help="replace what a non-empty target holds"
    )
    args = parser.parse_args(argv)
    if args.target is None:
        return in_place(args.source)
    if args.source is None:
        return _failed(texts.MIGRATE_FAILED, "name the database to copy from (--from)")
    try:
        for location in (args.source, args.target):
            sqlite_path(location)  # ValueError naming an unknown scheme
        copied = asyncio.run(move_database(args.source, args.target, replace=args.replace))
    except (ValueError, CopyRefused, DatabaseUnavailable, MigrationError) as exc:
        return _failed(texts.MIGRATE_FAILED, " ".join(str(exc).split()))
    for table in copied:
        print(
            texts.MIGRATE_TABLE.format(
                table=table.table, rows=table.rows, checksum=table.checksum[:16]
            )
        )
    print(
        texts.MIGRATE_DONE.format(
            rows=sum(t.rows for t in copied),
            tables=len(copied),
            source=redacted_location(args.source),
            target=redacted_location(args.target),
        )
    )
    return 0


def in_place(location: str | None) -> int:
    """Migrate the database at ``location`` (the configured one when None) in place, and give
    a SQLite file a new file's page size."""
    try:
        if location is None:
            location = str(load_settings().storage_location)
        path = sqlite_path(location)
        if path is not None and not path.is_file():
            raise RepageRefused(f"there is no database at {path}")
        asyncio.run(_migrate(location))
        if path is None:
            shown = redacted_location(location)
            print(texts.MIGRATE_IN_PLACE_POSTGRES.format(location=shown))
            return 0
        done = repage_sqlite(path)
    except SettingsError as exc:
        return _failed(texts.MIGRATE_IN_PLACE_FAILED, "; ".join(exc.problems))
    except (ValueError, RepageRefused, DatabaseUnavailable, MigrationError) as exc:
        return _failed(texts.MIGRATE_IN_PLACE_FAILED, " ".join(str(exc).split()))
    if done.changed:
        print(
            texts.MIGRATE_REPAGED.format(
                path=path,
                before=done.before,
                after=done.after,
                bytes_before=done.bytes_before,
                bytes_after=done.bytes_after,
            )
        )
    else:
        print(texts.MIGRATE_PAGES_KEPT.format(path=path, size=done.after))
    return 0


async def _migrate(location: str) -> None:
    storage = await open_storage(location)
    await storage.close()


def _failed(template: str, problem: str) -> int:
    print(template.format(problem=problem), file=sys.stderr)
    return 1
