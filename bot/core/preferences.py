"""A player's own preferences (``/preferences``), whatever the server: whether the bot passes
for them in a response window (``auto_pass``) and when it pings them (``pings``). Values are
checked here (one pydantic model), stored by the player repository (``bot.storage.ports``)
and cached in memory, since a response window and every ping read them.

Auto-pass is on unless a player switches it off (docs/ux.md, "Response windows"): a player who
holds no answer is never asked, and one who holds an answer is asked as before; the window
stays open for its full time either way, so nobody learns from it who holds what."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bot.storage.ports import PlayerRepository


class PlayerSettings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    auto_pass: bool = True
    # Issue 27.3: DM pings at the start of your turn and for a question put to you by name
    # ("turn"), whenever you start to decide ("all"), or none ("never"); at most one a minute.
    pings: Literal["turn", "all", "never"] = "turn"


class PlayerBook:
    def __init__(self, store: PlayerRepository, defaults: PlayerSettings | None = None) -> None:
        self.store = store
        self.defaults = defaults or PlayerSettings()
        self._cache: dict[int, PlayerSettings] = {}

    async def get(self, user_id: int) -> PlayerSettings:
        found = self._cache.get(user_id)
        if found is None:
            found = self.defaults.model_copy(update=await self.store.load(user_id))
            self._cache[user_id] = found
        return found

    async def change(self, user_id: int, **changes: Any) -> PlayerSettings:
        """Check every change, then store them together (pydantic refuses a bad value)."""
        checked = PlayerSettings.model_validate((await self.get(user_id)).model_dump() | changes)
        await self.store.save(user_id, {k: getattr(checked, k) for k in changes})
        self._cache[user_id] = checked
        return checked
