"""What a renderer returns: plain values the Discord layer turns into a message."""

from __future__ import annotations

import hashlib
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
# Issue 18: a label a phone shows whole (about 40 characters on a 400 px wide screen); a
# longer one is cut, its full words kept in a select option's description.
LABEL_LIMIT = 40
# Components V2 (a layout message): at most 40 components in all, nested ones included, and
# 4000 characters of text over all its text displays; such a message has no content and no
# embeds (Discord's "Using Message Components": Components V2 limits).
V2_MAX_COMPONENTS = 40
V2_MAX_TEXT = 4000


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
    """One entry of a select menu; ``value`` is the game action's key. ``default``: shown
    chosen when the menu is drawn (a builder's several-value select says what is chosen)."""

    label: str
    value: str
    description: str | None = None
    default: bool = False


@dataclass(frozen=True, slots=True)
class SelectSpec:
    """A select menu; its custom id has the button format with a ``pick-<n>`` key.

    A person picks between ``min_values`` and ``max_values`` options (one by default; a
    builder's "Choose 3 cards" asks exactly three): Discord sends them all in one
    interaction, read with ``bot.delivery.components.selected_values``."""

    custom_id: str
    placeholder: str
    options: tuple[OptionSpec, ...]
    row: int | None = None
    min_values: int = 1
    max_values: int = 1

    def __post_init__(self) -> None:
        # Discord refuses the whole message for a select it cannot draw: fail where it is built.
        if not 0 <= self.min_values <= self.max_values <= MAX_OPTIONS or self.max_values < 1:
            raise ValueError(f"a select of {self.min_values}..{self.max_values} values")
        if self.options and self.max_values > len(self.options):
            raise ValueError(f"{self.max_values} values asked of {len(self.options)} options")


@dataclass(frozen=True, slots=True)
class Picture:
    """A PNG to attach; the message shows it from ``attachment://<filename>``. ``description``
    is its alternative text (read aloud, shown when the picture cannot be)."""

    filename: str
    data: bytes
    description: str | None = None
    # The PNG's fingerprint, taken where the picture is drawn (the picture thread): a hand's
    # digest (``hand_messages.digest_of``) reads it instead of hashing the PNG on the event
    # loop, where the hash gave the GIL to the picture thread and stalled the loop.
    digest: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "digest", hashlib.sha1(self.data).hexdigest())


@dataclass(frozen=True, slots=True)
class Text:
    """A block of Markdown text in a layout; ``button`` sits beside it (a V2 section)."""

    text: str
    button: ButtonSpec | None = None


@dataclass(frozen=True, slots=True)
class Gallery:
    """Attached pictures shown in a layout, by file name (each one of ``Rendered.pictures``),
    with their alternative text."""

    filenames: tuple[str, ...]
    descriptions: tuple[str | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Rule:
    """A thin line between two parts of a layout."""


@dataclass(frozen=True, slots=True)
class Controls:
    """Where a layout's buttons and selects go (their rows, in order); at the end without it."""


Block = Text | Gallery | Rule | Controls


@dataclass(frozen=True, slots=True)
class Rendered:
    """One message: text, embeds, buttons and selects (in display order), pictures.

    With ``blocks`` it is a layout (Discord's Components V2: one coloured container of text,
    pictures and control rows, in block order); ``content`` and ``embeds`` are then unused,
    since such a message cannot carry them, and ``colour`` is the container's edge."""

    content: str | None = None
    embeds: tuple[discord.Embed, ...] = ()
    buttons: tuple[ButtonSpec, ...] = field(default=())
    selects: tuple[SelectSpec, ...] = field(default=())
    pictures: tuple[Picture, ...] = field(default=())
    blocks: tuple[Block, ...] = field(default=())
    colour: int | None = None

    @property
    def embed(self) -> discord.Embed | None:
        return self.embeds[0] if self.embeds else None

    @property
    def text(self) -> str:
        """Everything a person reads in the message, as one string (for tests and checks)."""
        parts = [self.content or ""]
        for embed in self.embeds:
            parts += [embed.title or "", embed.description or ""]
            parts += [f"{f.name}\n{f.value}" for f in embed.fields]
            parts.append(embed.footer.text or "" if embed.footer else "")
        parts += [b.text for b in self.blocks if isinstance(b, Text)]
        return "\n".join(p for p in parts if p)


def clip(text: str, limit: int) -> str:
    """Discord rejects over-long fields; cut with an ellipsis instead of failing the edit."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
