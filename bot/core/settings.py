"""Per-server settings (``/settings``): timers, window seconds, hand delivery, allowed games,
ranked by default, lobby idle expiry. Values are checked here (one pydantic model), stored by
the settings repository (``bot.storage.ports``) and cached in memory, since every turn reads
them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.storage.ports import SettingsRepository

HandDelivery = Literal["dm", "ephemeral"]
AiLevel = Literal["random", "heuristic", "strong"]


class ServerSettings(BaseModel):
    """One server's options; the bounds are the same as the database's CHECKs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn_seconds: Annotated[float, Field(ge=15, le=3600)] = 120
    window_seconds: Annotated[float, Field(ge=5, le=120)] = 15
    # "ephemeral": never DM hands; players open them with the My hand button.
    hand_delivery: HandDelivery = "dm"
    allowed_games: tuple[str, ...] | None = None  # None: every game the bot offers
    # Ranked unless switched off, as the league expects; seats the AI filled make a match
    # unranked anyway (bot.features.league.is_ranked).
    ranked_default: bool = True
    lobby_idle_seconds: Annotated[float, Field(ge=60, le=86400)] = 900
    # The AI that plays a seat whose player went away, and how long a strong AI may think
    # per decision (docs/ai.md: strength and cost per budget).
    afk_ai_level: AiLevel = "heuristic"
    ai_budget_ms: Annotated[int, Field(ge=50, le=2000)] = 200
    # What one server may hold at once (issue 30.3): its open matches, lobbies and live ones
    # together, and the strong AI seats in them. One server's members cannot fill the
    # process, nor the strong AI's workers every server shares (docs/ai.md, "Caps"). 200:
    # the busiest server the per-click budget is measured with (bench/load.py).
    max_matches: Annotated[int, Field(ge=1, le=500)] = 200
    max_strong_seats: Annotated[int, Field(ge=0, le=100)] = 6

    def allows(self, game: str) -> bool:
        return self.allowed_games is None or game in self.allowed_games


class SettingsRefused(Exception):
    """A value out of bounds; ``field`` names the setting."""

    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


class SettingsBook:
    def __init__(self, store: SettingsRepository, defaults: ServerSettings | None = None) -> None:
        self.store = store
        self.defaults = defaults or ServerSettings()
        self._cache: dict[int, ServerSettings] = {}

    async def get(self, guild_id: int) -> ServerSettings:
        found = self._cache.get(guild_id)
        if found is None:
            found = self.defaults.model_copy(update=await self.store.load(guild_id))
            self._cache[guild_id] = found
        return found

    async def change(self, guild_id: int, by_user: int, **changes: Any) -> ServerSettings:
        """Check every change, then store them together; nothing is stored if one is bad."""
        current = await self.get(guild_id)
        merged = current.model_dump() | changes
        try:
            checked = ServerSettings.model_validate(merged)
        except ValidationError as exc:
            raise SettingsRefused(str(exc.errors()[0]["loc"][0])) from None
        await self.store.save(guild_id, {k: getattr(checked, k) for k in changes}, by_user)
        self._cache[guild_id] = checked
        return checked

    async def reset(self, guild_id: int, by_user: int) -> ServerSettings:
        await self.store.save(guild_id, {k: None for k in ServerSettings.model_fields}, by_user)
        self._cache.pop(guild_id, None)
        return await self.get(guild_id)
