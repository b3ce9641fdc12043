"""Moving a whole database from one location to another (issue 28.4: ``python -m bot
migrate-db``), whatever the two backends: every table copied in the order its foreign keys
allow, in one transaction on the target, then verified there before it commits: the same
number of rows and the same checksum per table as read from the source.

One transaction makes the copy rerunnable: a copy that fails anywhere (a lost connection, a
refused row, a checksum that differs) leaves the target as it was, so the same command runs
again. A target that already holds data is refused unless ``replace`` is given, and then its
rows are deleted inside the same transaction. The source must be still (the bot stopped): its
counts are read again at the end, and a source that changed meanwhile fails the copy.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

BATCH = 1000

# Every table, parents before children, with its primary key (the order rows are read in).
TABLES: tuple[tuple[str, str], ...] = (
    ("guild_settings", "guild_id"),
    ("card_sets", "digest"),
    ("matches", "id"),
    ("seats", "match_id, seat"),
    ("actions", "match_id, idx"),
    ("snapshots", "match_id"),
    ("live_hands", "match_id, user_id"),
    ("decks", "id"),
    ("deck_choices", "user_id, game"),
    ("seasons", "id"),
    ("league_matches", "match_id"),
    ("league_seats", "match_id, user_id"),
    ("ratings", "guild_id, game, season_id, user_id"),
    ("server_settings", "guild_id"),
    ("player_settings", "user_id"),
)
Row = tuple[Any, ...]


class TableReader(Protocol):
    async def columns(self, table: str) -> list[str]: ...

    async def count(self, table: str) -> int: ...

    async def rows(
        self, table: str, columns: Sequence[str], key: str, after: Row | None, limit: int
    ) -> list[Row]:
        """One batch of rows in primary-key order, as plain Python values: the first ones,
        or (``after``: the key's values in the last row read) the ones after it. Keyset
        paging: each batch is found through the key's index, where an OFFSET made the
        database step over every row before it again (a copy of n rows read n²/2000)."""
        ...


class TableWriter(TableReader, Protocol):
    async def clear(self, tables: Sequence[str]) -> None:
        """Delete every row of ``tables`` (children first)."""
        ...

    async def insert(self, table: str, columns: Sequence[str], rows: Sequence[Row]) -> None: ...

    async def finish(self, table: str) -> None:
        """After a table's rows went in with their ids: the next id the database hands out
        comes after them."""
        ...


class BulkTables(TableReader, Protocol):
    """Every table whole: read outside a transaction, written inside the one ``writing``."""

    def writing(self) -> AbstractAsyncContextManager[TableWriter]: ...


class CopyRefused(Exception):
    """The copy cannot be made as asked, or did not verify; nothing was changed. The message is
    one line for the operator."""


@dataclass(frozen=True)
class CopiedTable:
    table: str
    rows: int
    checksum: str


class Checksum:
    """sha256 over each row's values as JSON, in primary-key order: the same rows read from
    either backend give the same sum (integers, floats, text and NULL read back alike)."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()

    def add(self, rows: Sequence[Row]) -> None:
        for row in rows:
            self._hash.update(json.dumps(list(row)).encode())
            self._hash.update(b"\n")

    @property
    def hex(self) -> str:
        return self._hash.hexdigest()


async def batches(
    reader: TableReader, table: str, columns: Sequence[str], key: str
) -> AsyncIterator[list[Row]]:
    at = [columns.index(part.strip()) for part in key.split(",")]
    after: Row | None = None
    while True:
        rows = await reader.rows(table, columns, key, after, BATCH)
        if not rows:
            return
        yield rows
        after = tuple(rows[-1][i] for i in at)


async def copy_tables(
    source: BulkTables, target: BulkTables, *, replace: bool = False
) -> list[CopiedTable]:
    """Copy every table of ``source`` into ``target`` (both migrated to the same schema)."""
    names = [table for table, _key in TABLES]
    held = {table: await target.count(table) for table in names}
    if any(held.values()) and not replace:
        shown = ", ".join(f"{t} {n}" for t, n in held.items() if n)
        raise CopyRefused(
            f"the target is not empty ({shown} rows); pass --replace to replace what it holds"
        )
    copied: list[CopiedTable] = []
    async with target.writing() as writer:
        if any(held.values()):
            await writer.clear(names[::-1])
        for table, key in TABLES:
            columns = await source.columns(table)
            if columns != await writer.columns(table):
                raise CopyRefused(f"table {table} has other columns in the target")
            read, count = Checksum(), 0
            async for rows in batches(source, table, columns, key):
                await writer.insert(table, columns, rows)
                read.add(rows)
                count += len(rows)
            await writer.finish(table)
            written, stored = Checksum(), 0
            async for rows in batches(writer, table, columns, key):
                written.add(rows)
                stored += len(rows)
            if (stored, written.hex) != (count, read.hex):
                raise CopyRefused(
                    f"table {table} did not verify: {count} rows read, {stored} stored,"
                    f" checksums {read.hex[:12]} and {written.hex[:12]}"
                )
            copied.append(CopiedTable(table, count, read.hex))
        for done in copied:
            if await source.count(done.table) != done.rows:
                raise CopyRefused(
                    f"the source changed during the copy (table {done.table}): stop the bot"
                    " and run it again"
                )
    return copied
