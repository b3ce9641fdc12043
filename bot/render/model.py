"""What a renderer returns: plain values the Discord layer turns into a message."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import discord

# Discord allows 5 rows of 5 buttons per message.
MAX_ROWS = 5
MAX_PER_ROW = 5


class Style(StrEnum):
    PRIMARY = "primary"
    SECONDARY = "secondary"
    SUCCESS = "success"
    DANGER = "danger"


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    label: str
    custom_id: str
    style: Style = Style.SECONDARY
    row: int | None = None
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class Rendered:
    """One message: text, embeds and buttons (in display order)."""

    content: str | None = None
    embeds: tuple[discord.Embed, ...] = ()
    buttons: tuple[ButtonSpec, ...] = field(default=())

    @property
    def embed(self) -> discord.Embed | None:
        return self.embeds[0] if self.embeds else None


def clip(text: str, limit: int) -> str:
    """Discord rejects over-long fields; cut with an ellipsis instead of failing the edit."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
