"""The publisher draws from updates, never reading the match again; what it wrote itself (a
log thread, a table posted again, a DM refused for good) must reach an update whose match was
read before that write, or a later flush would open a second thread or post a second table."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from types import SimpleNamespace

import pytest

from bot.core.match_types import MatchInfo, Update
from bot.delivery import publisher as publishing
from bot.delivery.publisher import TablePublisher
from bot.render import Rendered
from bot.storage import DatabaseUnavailable
from tests.bot.render_support import make_match


def _no_lobby(match: MatchInfo) -> Rendered:
    raise AssertionError("a started match never draws its lobby")


def test_an_update_read_before_the_publishers_own_writes_is_drawn_with_them() -> None:
    publisher = TablePublisher(SimpleNamespace(), _no_lobby)
    stale = Update(make_match("classic", 3), [], frozenset())
    assert stale.match.thread_id is None and not stale.match.seats[0].dm_closed
    publisher._written[stale.match.id] = {"thread_id": 9, "message_id": 8}
    publisher.hands._closed[stale.match.id] = {0}

    drawn = publisher._with_writes(stale)

    assert drawn.match.thread_id == 9 and drawn.match.message_id == 8
    assert drawn.match.seats[0].dm_closed and not drawn.match.seats[1].dm_closed
    assert drawn.match.version == stale.match.version
    other = Update(replace(make_match("duel", 2), id=43), [], frozenset())
    assert publisher._with_writes(other) is other  # nothing written for it: as it came


async def test_a_publish_the_database_could_not_serve_is_tried_again_with_one_line(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # A PostgreSQL restart while a table is drawn: no traceback, and the table is drawn once
    # the database answers, not left behind the match until its next move.
    async def quiet(match_id: int) -> None:
        return None

    publisher = TablePublisher(SimpleNamespace(service=SimpleNamespace(quiet=quiet)), _no_lobby)
    monkeypatch.setattr(publishing, "RETRY_SECONDS", 0.0)
    drawn: list[Update] = []

    async def redraw(update: Update) -> Update:
        if not drawn:
            drawn.append(update)
            raise DatabaseUnavailable(
                "postgresql://db", ConnectionResetError("the server went away")
            )
        drawn.append(update)
        return update

    async def flush(update: Update) -> None:
        return None

    async def deal(update: Update) -> None:
        return None

    monkeypatch.setattr(publisher, "_redraw_table", redraw)
    monkeypatch.setattr(publisher.threads, "flush", flush)
    monkeypatch.setattr(publisher.hands, "deal", deal)
    update = Update(make_match("classic", 3), [], frozenset())
    publisher._latest[update.match.id] = update
    publisher.schedule(update.match.id)
    with caplog.at_level(logging.WARNING):
        await asyncio.wait_for(publisher._flushes[update.match.id], timeout=10)
    assert len(drawn) == 2  # refused once, drawn on the retry
    assert [r.exc_info for r in caplog.records] == [None]  # one line, no traceback
    assert "database is unavailable" in caplog.records[0].getMessage()
