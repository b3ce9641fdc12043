"""The quest table's map through SimCord (SPEC 4.1, 4.2): the table carries the map picture
(its text map as the alternative text), Full map answers privately with every room, the log
names rooms by their names, and Go to… walks Alice to a room two steps away in one choice,
each step played by the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.games.quest import goto, words
from bot.games.quest.cards import room_def_by_id
from bot.words import lobby_texts
from engine.games import load_game
from engine.quest.board import step_cell
from engine.quest.game import Quest
from tests.e2e.conftest import World
from tests.e2e.driver import choose_on, open_and_start, play_to_the_end
from tests.e2e.helpers import components, message_in, selects
from tests.e2e.test_quest_e2e import QUEST_SEED, quest_bot, quest_state
from tests.support.quest_turns import own_free_move

if TYPE_CHECKING:
    from bot.client import Backstab

MEDIA_GALLERY = 12


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    return quest_bot(settings)


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: QUEST_SEED)


def _far(state: Any) -> list[goto.Route]:
    game = load_game("quest")
    view = game.view(state, 0)
    return [r for r in goto.routes(view, game.legal_actions(state, 0)) if len(r.steps) > 1]


def _map_alt_texts(message: Any) -> list[str]:
    out = []
    for part in components(message):
        if part.get("type") == MEDIA_GALLERY:
            out += [item.get("description") or "" for item in part.get("items", [])]
    return out


async def test_the_table_draws_the_map_and_full_map_answers_privately(world: World) -> None:
    match_id, table_id = await open_and_start(world, "quest", seats=3)
    await play_to_the_end(world, match_id, table_id, {0: world.alice}, until=own_free_move)
    table = message_in(world.channel, table_id)
    assert [a.filename for a in table.attachments] == ["map.png"]
    [alt] = _map_alt_texts(table)
    assert alt.startswith(f"{words.MAP}:") and "E" in alt  # the text map, the Entrance's E
    # Anyone at the table, seated or not, may look at the whole map: privately.
    look = await world.carol.click(table, label=words.FULL_MAP)
    assert look.ephemeral and look.response is not None
    assert [a.filename for a in look.response.attachments] == ["full-map.png"]
    assert "Sunlit Gate" in "\n".join(
        p.get("content") or "" for p in components(look.response) if p.get("type") == 10
    )


async def test_the_log_names_the_room_explored_and_entered(world: World) -> None:
    match_id, table_id = await open_and_start(world, "quest", seats=3)
    await play_to_the_end(world, match_id, table_id, {0: world.alice}, until=own_free_move)
    state = await quest_state(world, match_id)
    game = load_game("quest")
    assert isinstance(game, Quest)
    dark = [
        a
        for a in game.legal_actions(state, 0)
        if a.kind == "go" and step_cell(state.pos[0], str(a.args[0])) not in state.rooms
    ]
    assert dark
    await _press(world, table_id, dark[0].key)
    state = await quest_state(world, match_id)
    room = room_def_by_id(game.content.rooms[state.rooms[state.pos[0]]].id)
    assert room is not None
    await world.env.settle()
    [thread] = world.channel.threads
    posted = "\n".join(m.content or "" for m in thread.history())
    assert f"Alice goes to {room.name}." in posted
    assert f"Alice explores a new room: {room.name}." in posted
    assert "the room 1" not in posted  # no coordinates where a name will do


async def _press(world: World, table_id: int, key: str) -> None:
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    assert await choose_on(world.alice, hand.response, key, {"clicks": 0, "selects": 0, "pages": 0})


async def test_go_to_walks_two_rooms_in_one_choice(world: World) -> None:
    match_id, table_id = await open_and_start(world, "quest", seats=3)
    alice = {0: world.alice}
    game = load_game("quest")
    for _ in range(12):  # Alice explores on her turns until a room lies two steps away
        await play_to_the_end(world, match_id, table_id, alice, until=own_free_move)
        state = await quest_state(world, match_id)
        if _far(state):
            break
        legal = game.legal_actions(state, 0)
        dark = [
            a
            for a in legal
            if a.kind == "go" and step_cell(state.pos[0], str(a.args[0])) not in state.rooms
        ]
        await _press(world, table_id, (dark or [a for a in legal if a.kind == "end_turn"])[0].key)
    state = await quest_state(world, match_id)
    route = _far(state)[0]
    before = len(await world.bot.service.action_log(match_id))
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    [menu] = [s for s in selects(hand.response) if s["placeholder"] == words.G_GOTO]
    [option] = [o for o in menu["options"] if o["value"] == route.key]
    assert option["label"].endswith(f"· {route.cost} Move")
    await world.alice.select(hand.response, [route.key], custom_id=menu["custom_id"])
    log = await world.bot.service.action_log(match_id)
    mine = [a for a in log[before:] if a.seat == 0]
    assert [a.kind for a in mine[: len(route.steps)]] == ["go"] * len(route.steps)
    assert [str(a.args[0]) for a in mine[: len(route.steps)]] == list(route.steps)
    state = await quest_state(world, match_id)
    assert state.pos[0] == route.to or not own_free_move(
        state
    )  # there (or fighting what waits there)
