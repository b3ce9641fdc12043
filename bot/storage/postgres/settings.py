"""The PostgreSQL ``SettingsRepository`` and ``PlayerRepository``: per-server settings
(``server_settings``) and a player's own preferences (``player_settings``), one row each, a
NULL column meaning "the default"; the encodings are every backend's (``bot.storage.encoding``).
Each save is one upsert statement."""

from __future__ import annotations

import time
from collections.abc import Mapping

from bot.storage.encoding import PREFERENCE_COLUMNS, SETTING_COLUMNS, decoded, encoded
from bot.storage.models import SettingValue
from bot.storage.postgres.database import Database


class SettingsStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def load(self, guild_id: int) -> dict[str, SettingValue]:
        """The columns a server has set (NULLs left out)."""
        return await _load(self.db, "server_settings", "guild_id", SETTING_COLUMNS, guild_id)

    async def save(
        self, guild_id: int, values: Mapping[str, SettingValue | None], by_user: int
    ) -> None:
        """Set the given columns (``None`` resets one to the default)."""
        unknown = set(values) - set(SETTING_COLUMNS)
        if unknown:
            raise ValueError(f"unknown settings {sorted(unknown)}")
        await _save(self.db, "server_settings", "guild_id", guild_id, values, by_user)


class PlayerStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def load(self, user_id: int) -> dict[str, SettingValue]:
        """The columns a player has set (NULLs left out)."""
        return await _load(self.db, "player_settings", "user_id", PREFERENCE_COLUMNS, user_id)

    async def save(self, user_id: int, values: Mapping[str, SettingValue | None]) -> None:
        """Set the given columns (``None`` resets one to the default)."""
        unknown = set(values) - set(PREFERENCE_COLUMNS)
        if unknown:
            raise ValueError(f"unknown preferences {sorted(unknown)}")
        await _save(self.db, "player_settings", "user_id", user_id, values, None)


async def _load(
    db: Database, table: str, key: str, columns: tuple[str, ...], owner: int
) -> dict[str, SettingValue]:
    row = await db.fetchrow(f"SELECT {', '.join(columns)} FROM {table} WHERE {key} = $1", owner)
    if row is None:
        return {}
    return {k: decoded(k, row[k]) for k in columns if row[k] is not None}


async def _save(
    db: Database,
    table: str,
    key: str,
    owner: int,
    values: Mapping[str, SettingValue | None],
    by_user: int | None,
) -> None:
    names = list(values)
    if not names:
        return
    params = [owner, *[encoded(n, values[n]) for n in names], time.time()]
    columns = [key, *names, "updated_at"]
    if by_user is not None:  # server settings keep who changed them last
        params.append(by_user)
        columns.append("updated_by")
    marks = ", ".join(f"${i}" for i in range(1, len(params) + 1))
    sets = ", ".join(f"{c} = excluded.{c}" for c in columns[1:])
    await db.execute(
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
        f" ON CONFLICT ({key}) DO UPDATE SET {sets}",
        *params,
    )
