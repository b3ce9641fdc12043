"""A copy of a live SQLite database, safe while the bot runs (issue 28.5): SQLite's online
backup API copies the pages under SQLite's own locks (a writer in WAL mode is never blocked
for long: the copy goes in steps), so the copy is one consistent moment of the database,
whatever the bot commits meanwhile. The copy is written beside the target and renamed into
place when whole, so a failed backup never leaves half a file under the name asked for."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from bot.storage.models import DatabaseUnavailable

PAGES_PER_STEP = 1024  # then the copy lets the bot's writes in


@dataclass(frozen=True)
class Backup:
    path: Path
    pages: int
    bytes: int
    schema_version: int


class BackupRefused(Exception):
    """The backup cannot be made as asked; the message is one line for the operator."""


def backup(source: Path, target: Path) -> Backup:
    if not source.is_file():
        raise BackupRefused(f"there is no database at {source}")
    if target.exists():
        raise BackupRefused(f"{target} exists already; name a new file")
    if not target.parent.is_dir():
        raise BackupRefused(f"the folder {target.parent} does not exist")
    partial = target.with_name(f".{target.name}.partial")
    try:
        with (
            closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src,
            closing(sqlite3.connect(partial)) as dst,
        ):
            src.backup(dst, pages=PAGES_PER_STEP)
            pages = int(dst.execute("PRAGMA page_count").fetchone()[0])
            version = int(dst.execute("PRAGMA user_version").fetchone()[0])
            check = str(dst.execute("PRAGMA quick_check").fetchone()[0])
        if check != "ok":
            raise sqlite3.DatabaseError(f"the copy does not check out: {check}")
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as exc:
        partial.unlink(missing_ok=True)
        raise DatabaseUnavailable(source, exc) from None
    return Backup(target, pages, target.stat().st_size, version)
