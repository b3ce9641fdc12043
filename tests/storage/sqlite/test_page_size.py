"""A new SQLite file is made with 1 KB pages (issue 29.5): a write transaction writes every
page it dirties whole, to the WAL and again at the checkpoint, and a move dirties a few small
rows' pages; a file that exists keeps the page size it was made with."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.storage import open_storage
from bot.storage.sqlite.database import PAGE_SIZE


def page_size(path: Path) -> int:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        return int(conn.execute("PRAGMA page_size").fetchone()[0])


async def test_a_new_database_has_small_pages_and_an_old_one_keeps_its_own(
    tmp_path: Path,
) -> None:
    fresh = tmp_path / "fresh.sqlite3"
    storage = await open_storage(fresh)
    await storage.close()
    assert PAGE_SIZE == 1024 and page_size(fresh) == 1024

    old = tmp_path / "old.sqlite3"
    with sqlite3.connect(old) as conn:  # made before this change: 4 KB pages, in WAL
        conn.execute("PRAGMA page_size=4096")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE kept (x INTEGER)")
    storage = await open_storage(old)
    await storage.close()
    assert page_size(old) == 4096
