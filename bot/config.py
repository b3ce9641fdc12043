"""Settings: the one place that reads the process environment.

Everything else receives a ``Settings`` instance, so tests build one directly with the values
they need instead of patching ``os.environ``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator

from bot.storage import DEFAULT_PATH, is_postgres_url, sqlite_path

ENV_PREFIX = "BACKSTAB_"
DEFAULT_DB = DEFAULT_PATH

# Environment variable -> Settings field. DISCORD_TOKEN keeps the name every bot host expects.
ENV_FIELDS: dict[str, str] = {
    "DISCORD_TOKEN": "discord_token",
    "BACKSTAB_DB": "database",
    "BACKSTAB_DATABASE_URL": "database_url",
    "BACKSTAB_PLAYGROUND_PORT": "playground_port",
    "BACKSTAB_LOG_LEVEL": "log_level",
    "BACKSTAB_TURN_SECONDS": "turn_seconds",
    "BACKSTAB_WINDOW_SECONDS": "window_seconds",
    "BACKSTAB_LOBBY_IDLE_SECONDS": "lobby_idle_seconds",
    "BACKSTAB_MAX_MATCHES": "max_matches",
    "BACKSTAB_MAX_STRONG_SEATS": "max_strong_seats",
    "BACKSTAB_SYNC_COMMANDS": "sync_commands",
}

Seconds = Annotated[float, Field(gt=0, le=24 * 3600)]


class Settings(BaseModel):
    """What the process needs to run. Unknown fields are refused so a typo is caught early."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    discord_token: SecretStr | None = None
    database: Path = DEFAULT_DB
    # postgresql://user:password@host:port/db (PostgreSQL) or sqlite:///path (a SQLite file);
    # unset: the SQLite file ``database``.
    database_url: str | None = None
    # 0 lets the operating system pick a free port for the playground page.
    playground_port: Annotated[int, Field(ge=0, le=65535)] = 8765
    log_level: str = "INFO"
    turn_seconds: Seconds = 120.0
    window_seconds: Seconds = 15.0
    lobby_idle_seconds: Seconds = 900.0
    # Every server's caps until it sets its own (/settings; bot.core.settings, issue 30.3).
    # The operator may allow more than a server may pick for itself (a bench, a big host).
    max_matches: Annotated[int, Field(ge=1, le=10_000)] = 200
    max_strong_seats: Annotated[int, Field(ge=0, le=10_000)] = 6
    sync_commands: bool = True
    # Once started and restored, freeze the heap out of the garbage collector's walks and set
    # its thresholds (bot/core/heap.py). Off where many bots start in one process (the tests).
    settle_heap: bool = True

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        sqlite_path(value.strip())  # ValueError naming the scheme for anything else
        return value.strip()

    @property
    def storage_location(self) -> Path | str:
        """What ``open_storage`` opens: the PostgreSQL URL, or the SQLite file's path."""
        if self.database_url is None:
            return self.database
        if is_postgres_url(self.database_url):
            return self.database_url
        path = sqlite_path(self.database_url)
        assert path is not None
        return path

    @property
    def sqlite_file(self) -> Path | None:
        """The SQLite file the bot uses; None on PostgreSQL."""
        location = self.storage_location
        return location if isinstance(location, Path) else None

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in logging.getLevelNamesMapping():
            raise ValueError(f"unknown log level {value!r}")
        return level

    @property
    def online(self) -> bool:
        """True when a token is configured, so ``python -m bot`` connects to Discord."""
        return self.discord_token is not None


class StartupError(Exception):
    """Something the bot needs to start is missing or broken; the message is one line for the
    operator (printed as is, never with a traceback)."""


class SettingsError(Exception):
    """Settings that do not validate; ``problems`` holds one line per bad variable."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from the environment (``os.environ`` unless given). Raises ``SettingsError``."""
    source = os.environ if environ is None else environ
    values = {field: source[name] for name, field in ENV_FIELDS.items() if name in source}
    try:
        return Settings(**values)
    except ValidationError as exc:
        field_to_env = {field: name for name, field in ENV_FIELDS.items()}
        problems = []
        for error in exc.errors():
            field = str(error["loc"][0]) if error["loc"] else "?"
            problems.append(f"{field_to_env.get(field, field)}: {error['msg']}")
        raise SettingsError(problems) from None
