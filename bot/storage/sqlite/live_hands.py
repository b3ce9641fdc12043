"""The live hand of each player and match (``bot.storage.ports.HandWrites``). Not part of the
cached match row: writing it drops nothing from the read cache (it changes with every hand
shown)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from bot.storage.models import Delivered, LiveHand
from bot.storage.sqlite.matches import MatchReads
from bot.storage.sqlite.pins import MARK_TABLE_DRAWN_SQL
from bot.storage.sqlite.seats import MARK_HAND_SENT_SQL

# The SQL of this module, named after the method that runs it.
# An upsert, not INSERT OR REPLACE: a replace deletes the row and inserts it again under a
# new rowid, rewriting the table's page and its key's index page; the update in place writes
# the row's page only (issue 29.5: bytes per click).
SAVE_LIVE_HAND_SQL = (
    "INSERT INTO live_hands (match_id, user_id, place, channel_id, message_id,"
    " token, token_at, ping_channel_id, ping_id, draft, page)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (match_id, user_id) DO UPDATE SET place = excluded.place,"
    " channel_id = excluded.channel_id, message_id = excluded.message_id,"
    " token = excluded.token, token_at = excluded.token_at,"
    " ping_channel_id = excluded.ping_channel_id, ping_id = excluded.ping_id,"
    " draft = excluded.draft, page = excluded.page"
)
LIVE_HANDS_SQL = (
    "SELECT match_id, user_id, place, channel_id, message_id, token, token_at,"
    " ping_channel_id, ping_id, draft, page FROM live_hands WHERE match_id = ? ORDER BY user_id"
)
DROP_LIVE_HAND_SQL = "DELETE FROM live_hands WHERE match_id = ? AND user_id = ?"


class LiveHandWrites(MatchReads):
    async def save_live_hand(self, hand: LiveHand) -> None:
        row = _row(hand)

        def write(raw: sqlite3.Connection) -> None:
            raw.execute(SAVE_LIVE_HAND_SQL, row)

        await self.db.write(write)

    async def record_delivery(self, marks: Delivered) -> None:
        """A publish's marks in one hop and one transaction. None is part of the cached
        match row (see ``mark_table_drawn``, ``mark_hand_sent``): no cache drop."""
        await self.db.write(delivery_writer(marks))

    async def live_hands(self, match_id: int) -> list[LiveHand]:
        async with self.db.exclusive() as conn:
            rows = await conn.execute_fetchall(LIVE_HANDS_SQL, (match_id,))
        return [
            LiveHand(
                match_id=int(r[0]),
                user_id=int(r[1]),
                place=str(r[2]),
                channel_id=int(r[3]),
                message_id=int(r[4]),
                token=None if r[5] is None else str(r[5]),
                token_at=None if r[6] is None else float(r[6]),
                ping_channel_id=None if r[7] is None else int(r[7]),
                ping_id=None if r[8] is None else int(r[8]),
                draft=None if r[9] is None else str(r[9]),
                page=int(r[10]),
            )
            for r in rows
        ]

    async def drop_live_hand(self, match_id: int, user_id: int) -> None:
        def write(raw: sqlite3.Connection) -> None:
            raw.execute(DROP_LIVE_HAND_SQL, (match_id, user_id))

        await self.db.write(write)


def delivery_writer(marks: Delivered) -> Callable[[sqlite3.Connection], None]:
    """The statements that write ``marks``, to run inside a transaction (its own, or a move's:
    ``Repository.record_actions``)."""
    tables = [(version, match_id) for match_id, version in marks.tables]
    sent = [(version, match_id, user) for match_id, user, version in marks.hands_sent]
    hands = [_row(hand) for hand in marks.live_hands]

    def write(raw: sqlite3.Connection) -> None:
        if tables:
            raw.executemany(MARK_TABLE_DRAWN_SQL, tables)
        if sent:
            raw.executemany(MARK_HAND_SENT_SQL, sent)
        if hands:
            raw.executemany(SAVE_LIVE_HAND_SQL, hands)

    return write


def _row(hand: LiveHand) -> tuple[object, ...]:
    return (
        hand.match_id,
        hand.user_id,
        hand.place,
        hand.channel_id,
        hand.message_id,
        hand.token,
        hand.token_at,
        hand.ping_channel_id,
        hand.ping_id,
        hand.draft,
        hand.page,
    )
