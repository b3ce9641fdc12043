"""The live hand of each player and match (``bot.storage.ports.HandWrites``) on PostgreSQL.
Not part of the cached match row: writing it drops nothing from the read cache."""

from __future__ import annotations

from bot.storage.models import Delivered, LiveHand
from bot.storage.postgres.database import Conn
from bot.storage.postgres.matches import MatchReads
from bot.storage.postgres.pins import MARK_TABLE_DRAWN_SQL
from bot.storage.postgres.seats import MARK_HAND_SENT_SQL

# The SQL of this module, named after the method that runs it.
SAVE_LIVE_HAND_SQL = (
    "INSERT INTO live_hands (match_id, user_id, place, channel_id, message_id, token, token_at,"
    " ping_channel_id, ping_id, draft, page)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    " ON CONFLICT (match_id, user_id) DO UPDATE SET place = excluded.place,"
    " channel_id = excluded.channel_id, message_id = excluded.message_id,"
    " token = excluded.token, token_at = excluded.token_at,"
    " ping_channel_id = excluded.ping_channel_id, ping_id = excluded.ping_id,"
    " draft = excluded.draft, page = excluded.page"
)
LIVE_HANDS_SQL = (
    "SELECT match_id, user_id, place, channel_id, message_id, token, token_at,"
    " ping_channel_id, ping_id, draft, page FROM live_hands WHERE match_id = $1"
    " ORDER BY user_id"
)
DROP_LIVE_HAND_SQL = "DELETE FROM live_hands WHERE match_id = $1 AND user_id = $2"


class LiveHandWrites(MatchReads):
    async def save_live_hand(self, hand: LiveHand) -> None:
        await self.db.execute(SAVE_LIVE_HAND_SQL, *_row(hand))

    async def record_delivery(self, marks: Delivered) -> None:
        """A publish's marks in one transaction (one round trip per kind present). None is
        part of the cached match row: no cache drop."""
        async with self.db.transaction() as conn:
            await write_delivery(conn, marks)

    async def live_hands(self, match_id: int) -> list[LiveHand]:
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
            for r in await self.db.fetch(LIVE_HANDS_SQL, match_id)
        ]

    async def drop_live_hand(self, match_id: int, user_id: int) -> None:
        await self.db.execute(DROP_LIVE_HAND_SQL, match_id, user_id)


async def write_delivery(conn: Conn, marks: Delivered) -> None:
    """The statements that write ``marks``, inside a transaction (its own, or a move's:
    ``Repository.record_actions``), one round trip per kind present."""
    if marks.tables:
        await conn.executemany(
            MARK_TABLE_DRAWN_SQL, [(v, match_id) for match_id, v in marks.tables]
        )
    if marks.hands_sent:
        await conn.executemany(
            MARK_HAND_SENT_SQL, [(v, m, user) for m, user, v in marks.hands_sent]
        )
    if marks.live_hands:
        await conn.executemany(SAVE_LIVE_HAND_SQL, [_row(hand) for hand in marks.live_hands])


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
