"""``bot.render.names``: what a name chosen by a person may not do once drawn (issue 13 item 8):
fake markdown (headers, bold, links, quotes), form a mention, hide or reverse the text around
it. Where names are drawn is covered end to end in tests/e2e/test_faults_e2e.py."""

from __future__ import annotations

import pytest

from bot.core.errors import ServiceError
from bot.delivery.components import refusal
from bot.render.names import plain_name, shown_name
from bot.words import texts

RLO, LRI, PDI, ZWSP, ZWJ, BOM = "\u202e", "\u2066", "\u2069", "\u200b", "\u200d", "\ufeff"


@pytest.mark.parametrize(
    ("raw", "plain"),
    [
        ("Alice", "Alice"),
        (f"{RLO}ecilA", "ecilA"),  # a right-to-left override would flip the rest of the line
        (f"Bo{ZWSP}b{ZWJ}{BOM}", "Bob"),
        (f"{LRI}Carol{PDI}", "Carol"),
        ("Dave\nsecond line\r\n", "Dave second line"),
        ("\u3164\u3164", texts.NAMELESS),  # Hangul fillers: a blank-looking name
        ("\u2800", texts.NAMELESS),  # braille blank
        ("   ", texts.NAMELESS),
        ("Émile Zoë 山田", "Émile Zoë 山田"),  # real letters stay
    ],
)
def test_plain_name_drops_invisible_and_direction_characters(raw: str, plain: str) -> None:
    assert plain_name(raw) == plain


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("# Admin announcement", "\\# Admin announcement"),
        ("**Winner** _x_ ~~y~~ ||z||", "\\*\\*Winner\\*\\* \\_x\\_ \\~\\~y\\~\\~ \\|\\|z\\|\\|"),
        ("> quoted", "\\> quoted"),
        ("[free nitro](https://x.example)", "\\[free nitro](https://x.example)"),
        ("`code`", "\\`code\\`"),
        ("back\\", "back\\\\"),  # a trailing backslash cannot escape what follows the name
    ],
)
def test_shown_name_escapes_markdown(raw: str, shown: str) -> None:
    assert shown_name(raw) == shown


@pytest.mark.parametrize("raw", ["@everyone", "@here", "<@&123456789012345678>", "<@42>"])
def test_shown_name_never_forms_a_mention(raw: str) -> None:
    shown = shown_name(raw)
    assert "@" in shown
    assert all(shown[i + 1] == ZWSP for i, ch in enumerate(shown) if ch == "@")


def test_a_long_name_is_cut() -> None:
    assert len(plain_name("x" * 500)) == 80


def test_refusals_that_name_people_draw_them_the_same_way() -> None:
    waiting = refusal(ServiceError("not_your_move", waiting="**Bob**, @everyone"))
    assert "\\*\\*Bob\\*\\*" in waiting and "@\u200beveryone" in waiting
    deck = refusal(ServiceError("deck_not_ready", player="# Eve", deck="x\u202ey"))
    assert deck.startswith("\\# Eve") and "\u202e" not in deck
