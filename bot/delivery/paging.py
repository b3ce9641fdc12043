"""Back/Next (and First/Last) buttons for paged answers (leaderboards, match history, replays).

Like the match buttons, a page button carries everything in its custom id
(``bsp:<kind>:<subject>:<page>:<extra>``) and is a persistent ``DynamicItem``, so paging keeps
working after a restart. Cogs route a kind to a handler; failures become a private apology.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.core.errors import BackstabError
from bot.delivery.components import acknowledge, fault_answer, refusal, send_private
from bot.words import error_texts, league_texts

log = logging.getLogger(__name__)

MAX_CUSTOM_ID = 100  # Discord's limit for a component custom_id
PAGE_PATTERN = re.compile(
    r"\Absp:(?P<kind>[a-z]{1,8}):(?P<subject>[0-9]{1,20}):(?P<page>[0-9]{1,7}):"
    r"(?P<extra>[A-Za-z0-9_]{0,40})\Z"
)


@dataclass(frozen=True, slots=True)
class PageId:
    kind: str
    subject: int  # whose or which: a user, a match, a season
    page: int
    extra: str = ""  # a game id

    def __str__(self) -> str:
        text = f"bsp:{self.kind}:{self.subject}:{self.page}:{self.extra}"
        if len(text) > MAX_CUSTOM_ID or not PAGE_PATTERN.fullmatch(text):
            raise ValueError(f"cannot encode page id {text!r}")
        return text


Handler = Callable[[discord.Interaction[Any], PageId], Awaitable[None]]


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE_PATTERN):
    def __init__(self, page_id: PageId, item: discord.ui.Button[Any] | None = None) -> None:
        super().__init__(item or discord.ui.Button(custom_id=str(page_id)))
        self.page_id = page_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PageButton:
        page_id = PageId(match["kind"], int(match["subject"]), int(match["page"]), match["extra"])
        assert isinstance(item, discord.ui.Button)
        return cls(page_id, item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler = ROUTES.get(self.page_id.kind)
        if handler is None:
            await send_private(interaction, error_texts.GENERIC_ERROR)
            return
        try:
            # Acknowledged before the handler reads anything (issue 29.3); the page it turns
            # to edits the message clicked (``edit_clicked``).
            await acknowledge(interaction)
            await handler(interaction, self.page_id)
        except BackstabError as exc:  # a refusal: worded, private (as ButtonRouter does)
            await send_private(interaction, refusal(exc))
        except Exception as exc:
            await send_private(interaction, fault_answer(exc, f"page button {self.page_id}"))


# Kind -> handler. One process hosts one bot; a cog routes its kinds when it loads.
ROUTES: dict[str, Handler] = {}


def route(bot: discord.Client, kind: str, handler: Handler) -> None:
    ROUTES[kind] = handler
    bot.add_dynamic_items(PageButton)


FIRST, LAST = "first", "last"  # ``extra`` marks of the First / Last buttons (ids must differ)


def pager(
    kind: str, subject: int, page: int, pages: int, extra: str = "", *, ends: bool = False
) -> discord.ui.View:
    """Back and Next around ``page`` of ``pages`` (0-based), and with ``ends`` First and Last
    beside them; edges are disabled. First and Last are told apart from Back and Next by their
    ``extra`` (two buttons of one message may not share a custom id), so ``ends`` is only for
    kinds whose ``extra`` is unused: their handlers read the page and ignore the mark.

    The view is sent stopped, like the table's: discord.py keeps no view in memory (none to
    time out, none lost in a restart) and every click arrives through ``PageButton``, the
    persistent ``DynamicItem``, which answers with the asked page and a fresh pager."""
    if ends and extra:
        raise ValueError("First/Last need the extra field of the page id")
    view = discord.ui.View(timeout=None)
    if pages <= 1:  # nothing to turn to: no greyed-out buttons under a single page
        view.stop()
        return view
    last = max(pages - 1, 0)
    buttons = [
        (league_texts.BUTTON_PAGE_BACK, PageId(kind, subject, max(page - 1, 0), extra), page <= 0),
        (league_texts.BUTTON_NEXT, PageId(kind, subject, page + 1, extra), page + 1 >= pages),
    ]
    if ends:
        buttons.insert(0, (league_texts.BUTTON_FIRST, PageId(kind, subject, 0, FIRST), page <= 0))
        buttons.append((league_texts.BUTTON_LAST, PageId(kind, subject, last, LAST), page >= last))
    for label, page_id, disabled in buttons:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label,
            custom_id=str(page_id),
            style=discord.ButtonStyle.secondary,
            disabled=disabled,
        )
        view.add_item(PageButton(page_id, button))
    view.stop()
    return view
