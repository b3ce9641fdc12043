"""The one error base of the bot: a refusal a person is told about in words.

Every refusal carries a ``code`` (worded in ``bot.texts``; a test checks every code raised
has words) and the details the words need. One relay turns any of them into a private reply:
the button router's dispatch and the slash commands' ``tree.on_error`` (``bot.components``,
``bot.client``), so a cog raises and never words a refusal itself.
"""

from __future__ import annotations

from typing import Any


class BackstabError(Exception):
    """A refusal worded for a person; changes nothing (it is raised before any write)."""

    def __init__(self, code: str, **detail: Any) -> None:
        super().__init__(code, detail)
        self.code = code
        self.detail: dict[str, Any] = detail


class ServiceError(BackstabError):
    """A match refused by the match service (stale button, not your move, a lobby rule)."""
