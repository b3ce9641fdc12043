"""A rendered layout as Discord receives it: one container (Components V2), its controls where
the renderer put them, its note above, its text within Discord's limits."""

from __future__ import annotations

import discord

from bot.delivery.components import message_parts
from bot.delivery.layouts import fitted, layout_view, with_row
from bot.render.model import (
    V2_MAX_TEXT,
    ButtonSpec,
    Controls,
    Gallery,
    Picture,
    Rendered,
    Rule,
    Text,
)
from tests.bot.render_support import assert_fits_discord

HAND = ButtonSpec("My hand", "bs:1:2:hand")


def kinds(view: discord.ui.LayoutView) -> list[int]:
    drawn = view.to_components()  # type: ignore[no-untyped-call]  # untyped in discord.py
    [container] = [c for c in drawn if c["type"] == 17]
    return [c["type"] for c in container["components"]]


def test_controls_sit_where_the_renderer_put_them() -> None:
    rendered = Rendered(
        blocks=(Text("whose turn"), Controls(), Rule(), Text("seats"), Gallery(("a.png",))),
        buttons=(HAND,),
        pictures=(Picture("a.png", b"png"),),
        colour=0x00FF00,
    )
    # text, action row, separator, text, gallery (Discord's component type numbers)
    assert kinds(layout_view(rendered)) == [10, 1, 14, 10, 12]
    assert_fits_discord(rendered)


def test_without_a_controls_block_the_rows_come_last() -> None:
    rendered = Rendered(blocks=(Text("a"), Text("b", button=HAND)), buttons=())
    assert kinds(layout_view(rendered)) == [10, 9]  # the button beside "b": a section


def test_a_layout_clears_content_and_embeds_and_puts_the_note_above() -> None:
    parts = message_parts(Rendered(blocks=(Text("table"),)), "The table moved on.")
    assert parts["content"] is None and parts["embeds"] == []
    first = parts["view"].to_components()[0]
    assert first["type"] == 10 and first["content"] == "The table moved on."


def test_an_embed_message_stays_an_embed_message() -> None:
    embed = discord.Embed(title="Lobby")
    parts = message_parts(Rendered(content="hi", embeds=(embed,)), "note")
    assert parts["content"] == "note\nhi" and parts["embeds"] == [embed]
    assert isinstance(parts["view"], discord.ui.View)


def test_text_past_discords_total_is_cut_longest_first() -> None:
    texts = fitted(["Alice's turn.", "x" * 3000, "y" * 2000])
    assert sum(map(len, texts)) <= V2_MAX_TEXT
    assert texts[0] == "Alice's turn." and texts[2] == "y" * 2000
    assert texts[1].endswith("…")
    assert_fits_discord(Rendered(blocks=(Text("z" * 3000), Text("w" * 3000))))


def test_a_pager_joins_the_layout_as_a_row() -> None:
    pager = discord.ui.View()
    pager.add_item(discord.ui.Button(label="Next", custom_id="bsp:replay:1:1:"))
    view = with_row(layout_view(Rendered(blocks=(Text("step 1"),))), pager)
    assert kinds(view) == [10, 1]
