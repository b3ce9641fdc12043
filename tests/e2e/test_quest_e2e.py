"""Quest end to end through SimCord: ``/match new`` opens a quest lobby, AI seats fill it at
Start, a person explores a new room, walks into another, fights or runs from its monster
through the buttons, and the match comes back after a restart with its buttons working; the
host picks the quick game in the lobby; the offline playground offers quest."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.core.errors import ServiceError
from bot.games.quest import words
from bot.words import error_texts, lobby_texts
from engine.core import Action
from engine.core.record import replay
from engine.games import load_game
from engine.quest.board import step_cell
from engine.quest.game import QUICK
from tests.e2e.conftest import World
from tests.e2e.driver import choose_on, open_and_start, play_to_the_end
from tests.e2e.helpers import action_ids, embed_text, labels, message_in
from tests.support.quest_turns import own_free_move

if TYPE_CHECKING:
    from bot.client import Backstab

GAMES = ["quest"]


QUEST_SEED = 7  # any seed whose first fight Alice settles with a roll or a run


def quest_bot(settings: Settings) -> Backstab:
    from bot.client import create_bot

    return create_bot(settings, games=GAMES)


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    return quest_bot(settings)


async def quest_state(world: World, match_id: int) -> Any:
    """The match's state, replayed from its stored record."""
    record = await world.bot.service.record(match_id)
    return replay(load_game("quest"), record)


async def _press(world: World, match_id: int, table_id: int, action: Action) -> None:
    """Alice opens My hand on the table and presses ``action`` (a button, a select option
    or on another page)."""
    table = message_in(world.channel, table_id)
    hand = await world.alice.click(table, label=lobby_texts.BUTTON_HAND)
    assert hand.ephemeral and hand.response is not None
    used = {"clicks": 0, "selects": 0, "pages": 0}
    assert await choose_on(world.alice, hand.response, action.key, used), action


async def test_a_quest_match_explores_moves_fights_and_comes_back_after_a_restart(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The match's seed is drawn at start (bot/core/service.py): a random one played another match
    # each run, and in some Alice's first fight ended by a card she played rather than a roll
    # or a run. A fixed seed plays the same match every time.
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: QUEST_SEED)
    match_id, table_id = await open_and_start(world, "quest", seats=3)
    match = await world.bot.service.get(match_id)
    assert [s.ai_level for s in match.seats] == [None, "heuristic", "heuristic"]
    alice = {0: world.alice}
    await play_to_the_end(world, match_id, table_id, alice, until=own_free_move)
    table = message_in(world.channel, table_id)
    shown = embed_text(table)
    assert "Alice's turn" in shown
    assert re.search(r"`[A-Z]` \*\*[^*]+\*\*: [^\n]*Alice", shown)  # her room's legend line
    # She explores: a side of her room that opens on the dark lays a new room there.
    state = await quest_state(world, match_id)
    game = load_game("quest")
    here = state.pos[0]
    goes = [a for a in game.legal_actions(state, 0) if a.kind == "go"]
    dark = [a for a in goes if step_cell(here, str(a.args[0])) not in state.rooms]
    assert dark, "the Entrance opens on the dark"
    rooms_before = len(state.rooms)
    await _press(world, match_id, table_id, dark[0])
    state = await quest_state(world, match_id)
    assert len(state.rooms) == rooms_before + 1 and state.pos[0] != here
    explored = state.pos[0]
    # A new room always holds a monster: the fight (or its run) is played through the
    # buttons until it is over.
    await play_to_the_end(
        world, match_id, table_id, alice, until=lambda s: s.fight is None and not s.pending
    )
    state = await quest_state(world, match_id)
    log = await world.bot.service.action_log(match_id)
    kinds = {a.kind for a in log if a.seat == 0}
    assert kinds & {"roll", "flee", "flee_to", "nowhere", "escape", "repel"}
    # Her next own turn: she walks into a room already on the map.
    await play_to_the_end(world, match_id, table_id, alice, until=own_free_move)
    state = await quest_state(world, match_id)
    walks = [
        a
        for a in game.legal_actions(state, 0)
        if a.kind == "go" and step_cell(state.pos[0], str(a.args[0])) in state.rooms
    ]
    if walks:
        before = state.pos[0]
        await _press(world, match_id, table_id, walks[0])
        state = await quest_state(world, match_id)
        assert state.pos[0] != before
    assert explored in state.rooms
    # A restart: the match, its table and its buttons come back as they were.
    before = await world.bot.service.get(match_id)
    old = world.bot
    await world.redeploy(quest_bot(old.settings))
    after = await world.bot.service.get(match_id)
    assert after.status == "live" and after.version == before.version
    table = message_in(world.channel, table_id)
    assert lobby_texts.BUTTON_HAND in labels(table)
    hand = await world.alice.click(table, label=lobby_texts.BUTTON_HAND)
    assert hand.ephemeral and hand.response is not None
    state = await quest_state(world, match_id)
    if 0 in game.deciders(state):
        assert action_ids(hand.response)
    # And play goes on from there through the buttons.
    await play_to_the_end(world, match_id, table_id, alice, until=own_free_move)
    assert len(await world.bot.service.action_log(match_id)) > len(log)


async def test_the_host_picks_the_quick_game_in_the_lobby(world: World) -> None:
    result = await world.alice.slash(world.channel, "match new", game="quest")
    assert result.response is not None
    lobby_id = result.response.id
    lobby = message_in(world.channel, lobby_id)
    assert words.RULEBOOK in embed_text(lobby)  # the default, said on the lobby
    tools = await world.alice.click(lobby, label=lobby_texts.BUTTON_HOST_TOOLS)
    assert tools.ephemeral and tools.response is not None
    [menu] = [s for s in _selects(tools.response) if s["placeholder"] == lobby_texts.HOST_VARIANT]
    assert [o["label"] for o in menu["options"]] == [words.RULEBOOK, words.QUICK]
    await world.alice.select(tools.response, ["quick"], custom_id=menu["custom_id"])
    lobby = message_in(world.channel, lobby_id)
    assert words.QUICK in embed_text(lobby)
    await world.alice.click(lobby, label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    record = await world.bot.service.record(match.id)
    assert record.header.options == {"quick": True}  # the engine's switch, not the lobby's keys
    assert replay(load_game("quest"), record).boss_level == QUICK["boss"]
    assert words.OPTIONS_QUICK in embed_text(message_in(world.channel, lobby_id))


async def test_only_the_host_picks_the_way_to_play(world: World) -> None:
    result = await world.alice.slash(world.channel, "match new", game="quest")
    assert result.response is not None
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    await world.bob.click(message_in(world.channel, result.response.id), label="Join")
    with pytest.raises(ServiceError):
        await world.bot.service.set_variant(match.id, world.bob.id, "quick")
    with pytest.raises(ServiceError):
        await world.bot.service.set_variant(match.id, world.alice.id, "turbo")
    assert "variant" not in (await world.bot.service.get(match.id)).options


def _selects(message: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        found += [c for c in data.get("components", []) if c.get("type") == 3]
    return found


async def test_the_quick_game_is_offered_on_the_lobby_itself(world: World) -> None:
    # issue 27.8: the way to play was only in Host tools' menu; the lobby offers the other.
    result = await world.alice.slash(world.channel, "match new", game="quest")
    assert result.response is not None
    lobby_id = result.response.id
    quick = lobby_texts.BUTTON_PLAY_VARIANT.format(name=words.QUICK)
    rulebook = lobby_texts.BUTTON_PLAY_VARIANT.format(name=words.RULEBOOK)
    assert quick in labels(message_in(world.channel, lobby_id))
    await world.bob.click(message_in(world.channel, lobby_id), label="Join")
    refused = await world.bob.click(message_in(world.channel, lobby_id), label=quick)
    [refusal] = refused.followups  # acknowledged before the lobby is read (issue 29.3)
    assert refusal.ephemeral and refusal.content == error_texts.service_error("not_host")
    await world.alice.click(message_in(world.channel, lobby_id), label=quick)
    lobby = message_in(world.channel, lobby_id)
    assert words.QUICK_NOTE in embed_text(lobby)
    assert rulebook in labels(lobby) and quick not in labels(lobby)
    await world.alice.click(lobby, label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    assert (await world.bot.service.record(match.id)).header.options == {"quick": True}
