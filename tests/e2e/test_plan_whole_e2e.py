"""A plan lands whole (issue 30.5): Go to… is several moves of one choice, stored as one
transaction. A write that fails in the middle of the walk, on the real SQLite file, keeps
none of it: the log, the snapshot, the table and the session stay where they were, and the
same walk chosen again afterwards lands whole, the session in step with the stored log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.games.quest import goto, words
from bot.words import lobby_texts
from engine.games import load_game
from engine.quest.board import step_cell
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start, play_to_the_end
from tests.e2e.helpers import components, message_in, selects
from tests.e2e.test_quest_e2e import QUEST_SEED, quest_bot, quest_state
from tests.e2e.test_quest_map_e2e import _far, _press
from tests.support.inspect_db import InspectDb
from tests.support.quest_turns import own_free_move

if TYPE_CHECKING:
    from bot.client import Backstab

BREAK = (
    "CREATE TRIGGER plan_breaks BEFORE INSERT ON actions WHEN NEW.idx = {idx}"
    " BEGIN SELECT RAISE(ABORT, 'injected: the disk failed mid-plan'); END;"
)


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    return quest_bot(settings)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: QUEST_SEED)


async def _far_route(world: World, match_id: int, table_id: int) -> goto.Route:
    """Alice explores on her turns until a room lies two steps away (as a person would)."""
    game = load_game("quest")
    for _ in range(12):
        await play_to_the_end(world, match_id, table_id, {0: world.alice}, until=own_free_move)
        state = await quest_state(world, match_id)
        if _far(state):
            return _far(state)[0]
        legal = game.legal_actions(state, 0)
        dark = [
            a
            for a in legal
            if a.kind == "go" and step_cell(state.pos[0], str(a.args[0])) not in state.rooms
        ]
        await _press(world, table_id, (dark or [a for a in legal if a.kind == "end_turn"])[0].key)
    raise AssertionError("no room two steps away")


async def _go_to(world: World, table_id: int, route: goto.Route) -> None:
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    [menu] = [s for s in selects(hand.response) if s["placeholder"] == words.G_GOTO]
    await world.alice.select(hand.response, [route.key], custom_id=menu["custom_id"])


def _session_count(world: World, match_id: int) -> Any:
    return world.bot.service.live[match_id].count


async def test_a_walk_whose_write_fails_half_way_keeps_none_of_it(
    world: World, settings: Settings
) -> None:
    match_id, table_id = await open_and_start(world, "quest", seats=3)
    route = await _far_route(world, match_id, table_id)
    assert len(route.steps) > 1
    await world.env.settle()
    log = await world.bot.service.action_log(match_id)
    state = await quest_state(world, match_id)
    table = components(message_in(world.channel, table_id))
    db = InspectDb(settings.database)
    db.script(BREAK.format(idx=len(log) + 1))  # the walk's second step cannot be written

    await _go_to(world, table_id, route)
    await world.env.settle()
    assert await world.bot.service.action_log(match_id) == log  # nothing of it stored
    # the snapshot did not move past the log (it is written every SNAPSHOT_EVERY actions)
    assert db.value("SELECT action_count FROM snapshots WHERE match_id = ?", (match_id,)) <= len(
        log
    )
    assert _session_count(world, match_id) == len(log)  # the session is the log's
    after = await quest_state(world, match_id)
    assert after.pos[0] == state.pos[0]
    _, view, _ = await world.bot.service.view(match_id, world.alice.id)
    assert view.to_json() == load_game("quest").view(state, 0).to_json()  # nothing visible
    assert components(message_in(world.channel, table_id)) == table

    db.script("DROP TRIGGER plan_breaks;")
    await _go_to(world, table_id, route)
    walked = await world.bot.service.action_log(match_id)
    mine = [a for a in walked[len(log) :] if a.seat == 0][: len(route.steps)]
    assert [str(a.args[0]) for a in mine] == list(route.steps)  # the whole walk, once
    assert _session_count(world, match_id) == len(walked)
