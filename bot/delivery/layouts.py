"""A rendered layout as a Discord Components V2 message (``discord.ui.LayoutView``).

A renderer that returns ``blocks`` asks for one container: text displays, a media gallery for
its pictures, separators, and its buttons and selects as action rows where the ``Controls``
block stands. Such a message has no content and no embeds (Discord refuses both with the
Components V2 flag, and the flag cannot be removed by a later edit), so a note for the person
(a refusal, the clock) becomes a text display above the container.

Discord caps a V2 message at 40 components (nested ones included) and 4000 characters of text
over all its text displays: the text is cut to fit here, the longest block first, so a long
hand or log never fails a send; the component count is the renderers' to keep (tested).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.render.model import (
    V2_MAX_TEXT,
    ButtonSpec,
    Controls,
    Gallery,
    Rendered,
    Rule,
    SelectSpec,
    Text,
    clip,
)

_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def is_layout(rendered: Rendered) -> bool:
    return bool(rendered.blocks)


def layout_view(rendered: Rendered, note: str | None = None) -> discord.ui.LayoutView:
    """The message as one container; ``note`` (and any ``content``) above it."""
    view = discord.ui.LayoutView(timeout=None)
    above = "\n".join(part for part in (note, rendered.content) if part)
    texts = fitted([above, *(b.text for b in rendered.blocks if isinstance(b, Text))])
    if texts[0]:
        view.add_item(discord.ui.TextDisplay(texts[0]))
    container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=rendered.colour)
    rest = iter(texts[1:])
    placed = False
    for block in rendered.blocks:
        if isinstance(block, Text):
            text = next(rest)
            if block.button is not None:
                container.add_item(
                    discord.ui.Section(discord.ui.TextDisplay(text), accessory=button(block.button))
                )
            else:
                container.add_item(discord.ui.TextDisplay(text))
        elif isinstance(block, Gallery):
            said = [*block.descriptions, *[None] * len(block.filenames)]
            items = [
                # Discord: a media item's description (alternative text) stops at 1024.
                discord.MediaGalleryItem(
                    f"attachment://{name}", description=clip(text, 1024) if text else None
                )
                for name, text in zip(block.filenames, said, strict=False)
            ]
            if items:
                container.add_item(discord.ui.MediaGallery(*items))
        elif isinstance(block, Rule):
            container.add_item(discord.ui.Separator())
        elif isinstance(block, Controls) and not placed:
            placed = True
            for row in action_rows(rendered.buttons, rendered.selects):
                container.add_item(row)
    if not placed:
        for row in action_rows(rendered.buttons, rendered.selects):
            container.add_item(row)
    view.add_item(container)
    # Clicks are routed from their custom ids alone (``Backstab.on_interaction``), so the
    # view need not be kept (see ``bot.delivery.components.build_view``).
    view.stop()
    return view


def fitted(texts: Sequence[str]) -> list[str]:
    """The texts cut so that together they stay within Discord's 4000 characters, the
    longest first (a long log or hand gives way before the line saying whose turn it is)."""
    out = list(texts)
    while sum(len(t) for t in out) > V2_MAX_TEXT:
        longest = max(range(len(out)), key=lambda n: len(out[n]))
        over = sum(len(t) for t in out) - V2_MAX_TEXT
        out[longest] = clip(out[longest], max(1, len(out[longest]) - over))
    return out


def action_rows(
    buttons: Sequence[ButtonSpec], selects: Sequence[SelectSpec]
) -> list[discord.ui.ActionRow[Any]]:
    """Buttons grouped by their row number, then each select on a row of its own, in the
    order the renderer numbered them."""
    rows: dict[int, tuple[list[ButtonSpec], list[SelectSpec]]] = {}
    for b in buttons:
        rows.setdefault(b.row or 0, ([], []))[0].append(b)
    for s in selects:
        rows.setdefault(s.row if s.row is not None else 99, ([], []))[1].append(s)
    out: list[discord.ui.ActionRow[Any]] = []
    for number in sorted(rows):
        row_buttons, row_selects = rows[number]
        for start in range(0, len(row_buttons), 5):  # Discord: 5 buttons to a row
            out.append(discord.ui.ActionRow(*(button(b) for b in row_buttons[start : start + 5])))
        out += [discord.ui.ActionRow(select(s)) for s in row_selects]  # a select fills a row
    return out


def button(spec: ButtonSpec) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=spec.label,
        custom_id=spec.custom_id,
        style=_STYLES[str(spec.style)],
        disabled=spec.disabled,
    )


def select(spec: SelectSpec) -> discord.ui.Select[Any]:
    return discord.ui.Select(
        custom_id=spec.custom_id,
        placeholder=spec.placeholder,
        min_values=spec.min_values,
        max_values=spec.max_values,
        options=[
            discord.SelectOption(
                label=o.label, value=o.value, description=o.description, default=o.default
            )
            for o in spec.options
        ],
    )


def with_row(view: discord.ui.LayoutView, row: discord.ui.View) -> discord.ui.LayoutView:
    """``view`` with the buttons of a classic view (a pager) as one more row of its
    container: a Components V2 message cannot mix in the older kind of view."""
    items: list[Any] = list(row.children)
    if not items:
        return view
    containers = [c for c in view.children if isinstance(c, discord.ui.Container)]
    target: Any = containers[-1] if containers else view
    target.add_item(discord.ui.ActionRow(*items))
    return view
