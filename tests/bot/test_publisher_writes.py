"""The publisher draws from updates, never reading the match again; what it wrote itself (a
log thread, a table posted again, a DM refused for good) must reach an update whose match was
read before that write, or a later flush would open a second thread or post a second table."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from bot.core.match_types import MatchInfo, Update
from bot.delivery.publisher import TablePublisher
from bot.render import Rendered
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
