"""The SQLite ``DeckRepository``: players' decks and the deck each one takes into the next match."""

from __future__ import annotations

import json
import sqlite3
import time

from bot.storage.models import DeckChoice, DeckNameTaken, StoredDeck
from bot.storage.sqlite.database import Database

# The SQL of this module, named after the method that runs it.
DECKS_OF_SQL = "SELECT * FROM decks WHERE owner_id = ? AND game = ? ORDER BY name COLLATE NOCASE"
FIND_SQL = "SELECT * FROM decks WHERE owner_id = ? AND game = ? AND name = ? COLLATE NOCASE"
BY_ID_SQL = "SELECT * FROM decks WHERE id = ?"
CREATE_SQL = (
    "INSERT INTO decks (owner_id, game, name, hero, cards_json, created_at,"
    " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
)
SAVE_CARDS_SQL = "UPDATE decks SET cards_json = ?, updated_at = ? WHERE id = ?"
DELETE_SQL = "DELETE FROM decks WHERE id = ?"
COUNT_SQL = "SELECT COUNT(*) FROM decks WHERE owner_id = ?"
CHOICE_SQL = "SELECT deck_id, precon FROM deck_choices WHERE user_id = ? AND game = ?"
CHOOSE_SQL = (
    "INSERT INTO deck_choices (user_id, game, deck_id, precon) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (user_id, game) DO UPDATE SET deck_id = excluded.deck_id,"
    " precon = excluded.precon"
)


class DeckStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def decks_of(self, owner_id: int, game: str) -> list[StoredDeck]:
        async with self.db.exclusive() as conn:
            rows = await conn.execute_fetchall(
                DECKS_OF_SQL,
                (owner_id, game),
            )
        return [_deck(r) for r in rows]

    async def find(self, owner_id: int, game: str, name: str) -> StoredDeck | None:
        async with self.db.exclusive() as conn:
            rows = list(
                await conn.execute_fetchall(
                    FIND_SQL,
                    (owner_id, game, name),
                )
            )
        return _deck(rows[0]) if rows else None

    async def by_id(self, deck_id: int) -> StoredDeck | None:
        async with self.db.exclusive() as conn:
            rows = list(await conn.execute_fetchall(BY_ID_SQL, (deck_id,)))
        return _deck(rows[0]) if rows else None

    async def create(
        self, owner_id: int, game: str, name: str, hero: str, cards: dict[str, int]
    ) -> StoredDeck:
        now = time.time()
        try:
            async with self.db.transaction() as conn:
                cursor = await conn.execute(
                    CREATE_SQL,
                    (owner_id, game, name, hero, json.dumps(cards, sort_keys=True), now, now),
                )
                deck_id = int(cursor.lastrowid or 0)
        except sqlite3.IntegrityError:
            raise DeckNameTaken(name) from None
        return StoredDeck(deck_id, owner_id, game, name, hero, dict(cards))

    async def save_cards(self, deck_id: int, cards: dict[str, int]) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                SAVE_CARDS_SQL,
                (json.dumps(cards, sort_keys=True), time.time(), deck_id),
            )

    async def delete(self, deck_id: int) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(DELETE_SQL, (deck_id,))

    async def count(self, owner_id: int) -> int:
        async with self.db.exclusive() as conn:
            rows = list(await conn.execute_fetchall(COUNT_SQL, (owner_id,)))
        return int(rows[0][0])

    async def choice(self, user_id: int, game: str) -> DeckChoice | None:
        async with self.db.exclusive() as conn:
            rows = list(
                await conn.execute_fetchall(
                    CHOICE_SQL,
                    (user_id, game),
                )
            )
        return DeckChoice(rows[0][0], rows[0][1]) if rows else None

    async def choose(
        self, user_id: int, game: str, *, deck_id: int | None, precon: str | None
    ) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                CHOOSE_SQL,
                (user_id, game, deck_id, precon),
            )


def _deck(row: sqlite3.Row) -> StoredDeck:
    return StoredDeck(
        id=int(row["id"]),
        owner_id=int(row["owner_id"]),
        game=str(row["game"]),
        name=str(row["name"]),
        hero=str(row["hero"]),
        cards={str(k): int(v) for k, v in json.loads(row["cards_json"]).items()},
    )
