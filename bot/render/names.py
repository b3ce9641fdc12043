"""Names chosen by people (display names, deck names) as every table, lobby and embed shows
them: one helper, so a name can never fake a header, a link, bold text or a mention, nor hide
or reverse the text around it.

The name is stored as the person wrote it (the CSV export and the database keep it raw); only
what is drawn for Discord is cleaned.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime

import discord

from bot.words import texts

# Invisible or layout-changing characters: format characters (zero-width spaces and joiners,
# the bidirectional overrides and isolates, soft hyphens, BOM), controls, line and paragraph
# separators, private-use and unassigned code points.
_DROPPED_CATEGORIES = frozenset({"Cf", "Cc", "Zl", "Zp", "Co", "Cs", "Cn"})
# Letters that draw as nothing (Hangul fillers, the braille blank): a favourite way to look
# nameless or to pad a fake line.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
NAME_LIMIT = 80  # Discord's display names stop at 32; deck names at 40


def plain_name(raw: str, *, limit: int = NAME_LIMIT) -> str:
    """``raw`` without invisible and direction-changing characters, its runs of white space
    (new lines included) made one space; ``texts.NAMELESS`` if nothing visible is left. For
    places that show text without markdown: select options, button labels, file names."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in raw
        if ch.isspace()
        or (unicodedata.category(ch) not in _DROPPED_CATEGORIES and ch not in _BLANK_LETTERS)
    )
    cleaned = " ".join(kept.split())[:limit]
    return cleaned or texts.NAMELESS


def shown_name(raw: str, *, limit: int = NAME_LIMIT) -> str:
    """``plain_name`` escaped for Discord markdown, with every ``@`` broken by a zero-width
    space so no mention (a user, a role, @everyone) can form. Use it wherever a name goes
    into a message or an embed."""
    # (escape_markdown doubles a backslash too: a trailing one cannot escape our own text.)
    escaped = discord.utils.escape_markdown(plain_name(raw, limit=limit))
    return escaped.replace("@", "@\u200b")


_ESCAPE = re.compile(r"\\(.)", re.DOTALL)


def unmarked(text: str) -> str:
    """Text written for markdown (names by ``shown_name``) as a surface that reads no markdown
    shows it: a button label, a select option, a picture and its alternative text (issue
    30.7: "Ask Mal\\_lory\\*" on a button). ``escape_markdown`` puts a backslash before every
    character it escapes, backslashes included, so dropping the first of each pair is its
    exact inverse; our own words and card names hold no backslash."""
    return _ESCAPE.sub(r"\1", text)


def discord_time(epoch: float, style: discord.utils.TimestampStyle = "R") -> str:
    """A moment as Discord draws it in each reader's own time zone and language (``R``: "in 2
    minutes"; ``d``: a date), from epoch seconds (``MatchInfo.deadline_at``)."""
    return discord.utils.format_dt(datetime.fromtimestamp(epoch, tz=UTC), style)
