"""The one error base of the bot: a refusal a person is told about in words.

Every refusal carries a ``code`` and the details its words need, and knows its words
(``words``: a sentence of ``bot.words.error_texts``). One relay turns any of them into a
private reply: the button router's dispatch (``bot.delivery.components.ButtonRouter``) and
the slash commands' ``tree.on_error`` (``bot.client``), so a cog raises and never words a refusal
itself. Each family lists the codes it has words for (``worded``); a test checks that every
code the bot raises is among them (tests/bot/test_errors.py).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from bot.storage import models
from bot.words import error_texts, league_texts

Shown = Callable[[str], str]


class BackstabError(Exception):
    """A refusal worded for a person; it changes nothing (raised before any write)."""

    def __init__(self, code: str, **detail: Any) -> None:
        super().__init__(code, detail)
        self.code = code
        self.detail: dict[str, Any] = detail

    def words(self, shown: Shown | None = None) -> str:
        """What the person is told, privately; ``shown`` draws the names people chose that
        the words quote (the relay passes Discord's escaping)."""
        return error_texts.GENERIC_ERROR

    @classmethod
    def worded(cls) -> Collection[str]:
        """The codes this family has words for."""
        return ()


class ServiceError(BackstabError):
    """A match refused by the match service (stale button, not your move, a lobby rule)."""

    def words(self, shown: Shown | None = None) -> str:
        return error_texts.service_error(self.code, self.detail, shown=shown)

    @classmethod
    def worded(cls) -> Collection[str]:
        return error_texts.SERVICE_ERRORS.keys()


class HistoryError(ServiceError):
    """A finished match that cannot be shown, replayed or exported (``/match history``)."""

    def words(self, shown: Shown | None = None) -> str:
        return league_texts.history_error(self.code, self.detail, shown=shown)

    @classmethod
    def worded(cls) -> Collection[str]:
        return {*league_texts.HISTORY_ERRORS, *error_texts.SERVICE_ERRORS}


class LeagueError(BackstabError):
    """A season, leaderboard or void refused (``/league``)."""

    def words(self, shown: Shown | None = None) -> str:
        return league_texts.league_error(self.code, self.detail)

    @classmethod
    def worded(cls) -> Collection[str]:
        return league_texts.LEAGUE_ERRORS.keys()


UNAVAILABLE = "unavailable"  # the database cannot be reached or did not answer in time
RETRY_S = 5.0
"""How long work nobody is waiting on (an AI burst, a turn timer) waits before it is tried
again after the database was unavailable."""


def refusal_of(error: BaseException) -> BackstabError | None:
    """What a person is told for ``error``, worded like every refusal; None for a bug (the
    relay logs its traceback and apologises). A database that cannot be reached, has no free
    connection or does not answer in time (``DatabaseUnavailable``: a PostgreSQL restart, a
    SQLite file locked past its wait) is "try again in a moment": nothing a person did was
    wrong, and the write it asked for was refused whole (or, if the server went away
    after committing it, is what the next look shows)."""
    if isinstance(error, BackstabError):
        return error
    if isinstance(error, models.DatabaseUnavailable):
        return ServiceError(UNAVAILABLE)
    return None
