"""The SQLite ``SettingsRepository``: per-server settings (``server_settings``, migration
0003). A missing row or a NULL column means "the default", so a changed default reaches every
server that never chose. The columns' encodings are every backend's: ``bot.storage.encoding``."""

from __future__ import annotations

import time
from collections.abc import Mapping

from bot.storage.encoding import SETTING_COLUMNS, decoded, encoded
from bot.storage.models import SettingValue
from bot.storage.sqlite.database import Database

COLUMNS = SETTING_COLUMNS


class SettingsStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def load(self, guild_id: int) -> dict[str, SettingValue]:
        """The columns a server has set (NULLs left out)."""
        async with self.db.exclusive() as conn:
            rows = list(
                await conn.execute_fetchall(
                    f"SELECT {', '.join(COLUMNS)} FROM server_settings WHERE guild_id = ?",
                    (guild_id,),
                )
            )
        if not rows:
            return {}
        return {k: decoded(k, rows[0][k]) for k in COLUMNS if rows[0][k] is not None}

    async def save(
        self, guild_id: int, values: Mapping[str, SettingValue | None], by_user: int
    ) -> None:
        """Set the given columns (``None`` resets one to the default)."""
        unknown = set(values) - set(COLUMNS)
        if unknown:
            raise ValueError(f"unknown settings {sorted(unknown)}")
        names = list(values)
        sets = ", ".join(f"{n} = excluded.{n}" for n in names)
        async with self.db.transaction() as conn:
            await conn.execute(
                f"INSERT INTO server_settings (guild_id, {', '.join(names)}, updated_by,"
                f" updated_at) VALUES (?, {', '.join('?' for _ in names)}, ?, ?)"
                f" ON CONFLICT (guild_id) DO UPDATE SET {sets},"
                " updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                (guild_id, *[encoded(n, values[n]) for n in names], by_user, time.time()),
            )
