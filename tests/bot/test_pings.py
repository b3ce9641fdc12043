"""Why a seat is pinged (issue 27.3): the engine says a turn starts (``Game.turn_started``)
or a question is put to a seat by name (``Game.asked_by_name``); the player's choice and the
minute's limit decide whether a ping goes."""

from __future__ import annotations

from collections.abc import Mapping

from bot.core.preferences import PlayerBook
from bot.delivery import pings
from bot.storage.models import SettingValue
from engine.core import Event
from engine.games import load_game


class Store:
    """A player repository in memory (the SQLite one has its contract tests)."""

    def __init__(self) -> None:
        self.rows: dict[int, dict[str, SettingValue]] = {}

    async def load(self, user_id: int) -> dict[str, SettingValue]:
        return dict(self.rows.get(user_id, {}))

    async def save(self, user_id: int, values: Mapping[str, SettingValue | None]) -> None:
        row = self.rows.setdefault(user_id, {})
        row.update({k: v for k, v in values.items() if v is not None})


def test_the_engines_say_whose_turn_starts_and_who_is_asked_by_name() -> None:
    # issue 27.3
    quest, classic = load_game("quest"), load_game("classic")
    assert quest.turn_started(Event("turn", {"seat": 2, "turn": 5})) == 2
    assert quest.asked_by_name(Event("ask", {"seat": 0, "asked": 1})) == {1}
    assert quest.asked_by_name(Event("offer", {"seat": 0, "to": 3})) == {3}
    assert quest.asked_by_name(Event("roll", {"seat": 0})) == frozenset()
    assert classic.asked_by_name(Event("asked", {"seat": 0, "to": 2})) == {2}
    assert classic.turn_started(Event("kick", {"seat": 1})) is None
    found = pings.reasons(quest, [Event("turn", {"seat": 0}), Event("ask", {"asked": 1})])
    assert found == {0: pings.TURN, 1: pings.ASKED}


async def test_the_choice_and_the_minute_decide_a_ping() -> None:
    # issue 27.3
    store = Store()
    book = PlayerBook(store)
    policy = pings.PingPolicy(lambda: book)
    assert await policy.wanted(1, pings.TURN)
    assert await policy.wanted(1, pings.ASKED)
    assert not await policy.wanted(1, pings.MOVE)  # the default: my turn and questions
    policy.sent(1)
    assert not await policy.wanted(1, pings.TURN)  # one a minute
    assert await policy.wanted(1, pings.TURN, limited=False)  # a channel mention
    await book.change(2, pings="all")
    assert await policy.wanted(2, pings.MOVE)
    await book.change(3, pings="never")
    assert not await policy.wanted(3, pings.TURN)
