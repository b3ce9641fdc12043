"""One click on a real game, counted end to end (docs/architecture.md, "How a click travels"):
each recipient's message is drawn from the typed view the engine built for it, so its
renderer's hooks never read the view back from its JSON. Issue 25.1: one classic click
used to rebuild ``ClassicView.from_json`` 26 times for 3 views (once per hook), one duel
click ``DuelView.from_json`` 13 times."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.render import parse_custom_id
from engine.classic.game import Classic
from engine.classic.views import ClassicView
from engine.duel.game import Duel
from engine.duel.views import DuelView
from engine.quest.game import Quest
from engine.quest.view import QuestView
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start
from tests.e2e.helpers import action_ids, hand_dm
from tests.e2e.test_games_e2e import start_games_bot

if TYPE_CHECKING:
    from bot.client import Backstab


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings, ["classic", "duel", "quest", "tiny"])


def _count_parses(
    monkeypatch: pytest.MonkeyPatch, counts: Counter[str], view_type: type[Any]
) -> None:
    read: Callable[[Mapping[str, Any]], Any] = view_type.from_json

    def counted(data: Mapping[str, Any]) -> Any:
        counts["from_json"] += 1
        return read(data)

    monkeypatch.setattr(view_type, "from_json", staticmethod(counted))


def _count_views(monkeypatch: pytest.MonkeyPatch, counts: Counter[str], game: type[Any]) -> None:
    view = game.view

    def counted(self: Any, state: Any, seat: int | None) -> Any:
        counts["views"] += 1
        return view(self, state, seat)

    monkeypatch.setattr(game, "view", counted)


@pytest.mark.parametrize(
    ("game_id", "game", "view_type", "seats"),
    [
        ("classic", Classic, ClassicView, 3),
        ("duel", Duel, DuelView, 2),
        ("quest", Quest, QuestView, 2),
    ],
)
async def test_one_click_reads_no_view_back_from_its_json(
    world: World,
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
    game: type[Any],
    view_type: type[Any],
    seats: int,
) -> None:
    options: dict[str, object] = {"seats": seats} if seats > 2 else {}
    match_id, _ = await open_and_start(world, game_id, world.bob, **options)
    await world.env.settle()
    people = {0: world.alice, 1: world.bob}
    service = world.bot.service
    deciding = sorted(s for s in service.deciders(match_id) if s in people)
    assert deciding, "a person decides first"
    member = people[deciding[0]]
    dm = hand_dm(member)
    keys = [
        custom_id
        for custom_id in action_ids(dm)
        if (parsed := parse_custom_id(custom_id)) is not None and parsed.key != "concede"
    ]
    assert keys
    counts: Counter[str] = Counter()
    _count_parses(monkeypatch, counts, view_type)
    _count_views(monkeypatch, counts, game)

    await member.user.click(dm, custom_id=keys[0])
    await world.env.settle()

    assert counts["views"] >= 2  # the table and at least the clicker's hand were drawn
    # At most one parse per recipient's view; the live path hands over the typed view itself.
    assert counts["from_json"] <= counts["views"]
    assert counts["from_json"] == 0
