"""What a renderer returns: plain values the Discord layer turns into a message."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import discord

# Discord allows 5 rows of 5 buttons per message; a select fills a row and lists at most 25
# options; labels, values and descriptions of options stop at 100 characters.
MAX_ROWS = 5
MAX_PER_ROW = 5
MAX_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_BUTTON_LABEL = 80


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
class OptionSpec:
    """One entry of a select menu; ``value`` is the game action's key."""

    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True, slots=True)
class SelectSpec:
    """A select menu; its custom id has the button format with a ``pick-<n>`` key."""

    custom_id: str
    placeholder: str
    options: tuple[OptionSpec, ...]
    row: int | None = None


@dataclass(frozen=True, slots=True)
class Picture:
    """A PNG to attach; the embed that shows it points at ``attachment://<filename>``."""

    filename: str
    data: bytes


@dataclass(frozen=True, slots=True)
class Rendered:
    """One message: text, embeds, buttons and selects (in display order), pictures."""

    content: str | None = None
    embeds: tuple[discord.Embed, ...] = ()
    buttons: tuple[ButtonSpec, ...] = field(default=())
    selects: tuple[SelectSpec, ...] = field(default=())
    pictures: tuple[Picture, ...] = field(default=())

    @property
    def embed(self) -> discord.Embed | None:
        return self.embeds[0] if self.embeds else None


def clip(text: str, limit: int) -> str:
    """Discord rejects over-long fields; cut with an ellipsis instead of failing the edit."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
