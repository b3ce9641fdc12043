"""The SQLite ``PlayerRepository``: a player's own preferences (``player_settings``, migrations
0008 and 0010), by user whatever the server. A missing row or a NULL column means "the
default"; the columns' encodings are every backend's: ``bot.storage.encoding``."""

from __future__ import annotations

import time
from collections.abc import Mapping

from bot.storage.encoding import PREFERENCE_COLUMNS, decoded, encoded
from bot.storage.models import SettingValue
from bot.storage.sqlite.database import Database

COLUMNS = PREFERENCE_COLUMNS


class PlayerStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def load(self, user_id: int) -> dict[str, SettingValue]:
        """The columns a player has set (NULLs left out)."""
        async with self.db.exclusive() as conn:
            rows = list(
                await conn.execute_fetchall(
                    f"SELECT {', '.join(COLUMNS)} FROM player_settings WHERE user_id = ?",
                    (user_id,),
                )
            )
        if not rows:
            return {}
        return {k: decoded(k, rows[0][k]) for k in COLUMNS if rows[0][k] is not None}

    async def save(self, user_id: int, values: Mapping[str, SettingValue | None]) -> None:
        """Set the given columns (``None`` resets one to the default)."""
        unknown = set(values) - set(COLUMNS)
        if unknown:
            raise ValueError(f"unknown preferences {sorted(unknown)}")
        names = list(values)
        if not names:
            return
        sets = ", ".join(f"{n} = excluded.{n}" for n in names)
        async with self.db.transaction() as conn:
            await conn.execute(
                f"INSERT INTO player_settings (user_id, {', '.join(names)}, updated_at)"
                f" VALUES (?, {', '.join('?' for _ in names)}, ?)"
                f" ON CONFLICT (user_id) DO UPDATE SET {sets}, updated_at = excluded.updated_at",
                (user_id, *[encoded(n, values[n]) for n in names], time.time()),
            )
