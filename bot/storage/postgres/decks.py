"""The PostgreSQL ``DeckRepository``: players' decks and the deck each takes into the next match.
Names ignore case through ``lower()`` (SQLite's ``COLLATE NOCASE``; migration 0002)."""

from __future__ import annotations

import json
import time
from typing import Any

import asyncpg

from bot.storage.models import DeckChoice, DeckNameTaken, StoredDeck
from bot.storage.postgres.database import Database

# The SQL of this module, named after the method that runs it.
_COLUMNS = "id, owner_id, game, name, hero, cards_json"
DECKS_OF_SQL = (
    f"SELECT {_COLUMNS} FROM decks WHERE owner_id = $1 AND game = $2 ORDER BY lower(name)"
)
FIND_SQL = (
    f"SELECT {_COLUMNS} FROM decks WHERE owner_id = $1 AND game = $2 AND lower(name) = lower($3)"
)
BY_ID_SQL = f"SELECT {_COLUMNS} FROM decks WHERE id = $1"
CREATE_SQL = (
    "INSERT INTO decks (owner_id, game, name, hero, cards_json, created_at, updated_at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id"
)
SAVE_CARDS_SQL = "UPDATE decks SET cards_json = $1, updated_at = $2 WHERE id = $3"
DELETE_SQL = "DELETE FROM decks WHERE id = $1"
COUNT_SQL = "SELECT count(*) FROM decks WHERE owner_id = $1"
CHOICE_SQL = "SELECT deck_id, precon FROM deck_choices WHERE user_id = $1 AND game = $2"
CHOOSE_SQL = (
    "INSERT INTO deck_choices (user_id, game, deck_id, precon) VALUES ($1, $2, $3, $4)"
    " ON CONFLICT (user_id, game) DO UPDATE SET deck_id = excluded.deck_id,"
    " precon = excluded.precon"
)


class DeckStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def decks_of(self, owner_id: int, game: str) -> list[StoredDeck]:
        return [_deck(r) for r in await self.db.fetch(DECKS_OF_SQL, owner_id, game)]

    async def find(self, owner_id: int, game: str, name: str) -> StoredDeck | None:
        row = await self.db.fetchrow(FIND_SQL, owner_id, game, name)
        return _deck(row) if row is not None else None

    async def by_id(self, deck_id: int) -> StoredDeck | None:
        row = await self.db.fetchrow(BY_ID_SQL, deck_id)
        return _deck(row) if row is not None else None

    async def create(
        self, owner_id: int, game: str, name: str, hero: str, cards: dict[str, int]
    ) -> StoredDeck:
        cards_json = json.dumps(cards, sort_keys=True)
        try:
            deck_id = await self.db.fetchval(
                CREATE_SQL, owner_id, game, name, hero, cards_json, time.time()
            )
        except asyncpg.UniqueViolationError:
            raise DeckNameTaken(name) from None
        return StoredDeck(int(deck_id), owner_id, game, name, hero, dict(cards))

    async def save_cards(self, deck_id: int, cards: dict[str, int]) -> None:
        await self.db.execute(
            SAVE_CARDS_SQL, json.dumps(cards, sort_keys=True), time.time(), deck_id
        )

    async def delete(self, deck_id: int) -> None:
        await self.db.execute(DELETE_SQL, deck_id)

    async def count(self, owner_id: int) -> int:
        return int(await self.db.fetchval(COUNT_SQL, owner_id))

    async def choice(self, user_id: int, game: str) -> DeckChoice | None:
        row = await self.db.fetchrow(CHOICE_SQL, user_id, game)
        return DeckChoice(row[0], row[1]) if row is not None else None

    async def choose(
        self, user_id: int, game: str, *, deck_id: int | None, precon: str | None
    ) -> None:
        await self.db.execute(CHOOSE_SQL, user_id, game, deck_id, precon)


def _deck(row: Any) -> StoredDeck:
    return StoredDeck(
        id=int(row[0]),
        owner_id=int(row[1]),
        game=str(row[2]),
        name=str(row[3]),
        hero=str(row[4]),
        cards={str(k): int(v) for k, v in json.loads(row[5]).items()},
    )
