"""How a server setting or a player preference is kept in its column, the same in every
backend: a missing row or a NULL column means "the default" (so a changed default reaches
everyone who never chose), game ids are joined by commas, yes/no is 0/1, numbers are integers.
"""

from __future__ import annotations

from typing import Any

from bot.storage.models import SettingValue

# server_settings (migrations 0003, 0007, 0012) and player_settings (0008, 0010), column by column.
SETTING_COLUMNS = (
    "turn_seconds",
    "window_seconds",
    "hand_delivery",
    "allowed_games",
    "ranked_default",
    "lobby_idle_seconds",
    "afk_ai_level",
    "ai_budget_ms",
    "max_matches",
    "max_strong_seats",
)
PREFERENCE_COLUMNS = ("auto_pass", "pings")

LISTS = frozenset({"allowed_games"})
YES_NO = frozenset({"ranked_default", "auto_pass"})
NUMBERS = frozenset(
    {
        "turn_seconds",
        "window_seconds",
        "lobby_idle_seconds",
        "ai_budget_ms",
        "max_matches",
        "max_strong_seats",
    }
)


def encoded(name: str, value: SettingValue | None) -> Any:
    if value is None:
        return None
    if name in LISTS:
        return ",".join(value) if isinstance(value, tuple) else str(value)
    if name in YES_NO:
        return int(bool(value))
    if name in NUMBERS and isinstance(value, float):
        if not value.is_integer():
            raise ValueError(f"{name} takes whole numbers, not {value}")
        return int(value)
    return value


def decoded(name: str, value: Any) -> SettingValue:
    if name in LISTS:
        return tuple(g for g in str(value).split(",") if g)
    if name in YES_NO:
        return bool(value)
    value_: SettingValue = value
    return value_
