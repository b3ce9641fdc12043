"""End to end through SimCord with the real games: a classic match (two humans clicking, AI in
the other seats) and a duel, each played to a winner through the buttons; a DM refused with
50007 in the middle of a match; a restart in the middle of a fight."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
import simcord

from bot.config import Settings
from bot.words import lobby_texts, play_texts
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start, open_until, play_to_the_end
from tests.e2e.helpers import action_ids, embed_text, labels, live_hand, message_in

if TYPE_CHECKING:
    from bot.client import Backstab

DM_CLOSED = 50007
GAMES = ["classic", "duel", "tiny"]


def games_bot(settings: Settings, games: list[str] = GAMES) -> Backstab:
    from bot.client import create_bot

    return create_bot(settings, games=games)


async def start_games_bot(settings: Settings, games: list[str] = GAMES) -> Backstab:
    """A bot with the real games: what the e2e modules that play classic or duel give SimCord
    (its ``setup_hook`` opens and migrates the database, as in production)."""
    return games_bot(settings, games)


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


async def test_a_classic_match_is_played_to_a_winner_through_the_buttons(world: World) -> None:
    match_id, table_id = await open_and_start(world, "classic", world.bob, seats=4)
    match = await world.bot.service.get(match_id)
    assert [s.ai_level for s in match.seats] == [None, None, "heuristic", "heuristic"]
    used = await play_to_the_end(world, match_id, table_id, {0: world.alice, 1: world.bob})
    match = await world.bot.service.get(match_id)
    assert match.status == "finished" and match.outcome is not None and match.outcome.winners
    names = ", ".join(match.seats[s].name for s in match.outcome.winners)
    assert play_texts.TABLE_FINISHED.format(names=names) in embed_text(
        message_in(world.channel, table_id)
    )
    actions = len(await world.bot.service.action_log(match_id))
    edits = sum(
        1
        for r in world.env.http_requests
        if r.method == "PATCH" and r.path.endswith(f"/messages/{table_id}")
    )
    print("classic through the buttons:", used, "actions", actions, "table edits", edits)
    assert used["clicks"] > 20
    # Coalesced: at most one table edit per click, however many AI moves each click set off.
    assert edits <= used["clicks"] + 2 < actions


async def test_a_duel_with_a_deck_picked_in_the_lobby_is_played_to_a_winner(world: World) -> None:
    result = await world.alice.slash(world.channel, "match new", game="duel")
    assert result.response is not None
    table_id = result.response.id
    await world.bob.click(message_in(world.channel, table_id), label="Join")
    menu = await world.bob.click(message_in(world.channel, table_id), label="Pick deck")
    assert menu.ephemeral and menu.response is not None
    [select] = [
        c
        for row in menu.response.components
        for c in (row if isinstance(row, dict) else row.to_dict()).get("components", [])
        if c.get("type") == 3
    ]
    wizard = next(o for o in select["options"] if o["value"] == "precon:wizard")
    await world.bob.select(menu.response, [wizard["value"]], custom_id=select["custom_id"])
    assert f"Bob: {wizard['label']}" in embed_text(message_in(world.channel, table_id))
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    record = await world.bot.service.record(match.id)
    decks = record.header.options["decks"]
    assert isinstance(decks[1], dict) and decks[1]["name"] == wizard["label"]
    used = await play_to_the_end(world, match.id, table_id, {0: world.alice, 1: world.bob})
    match = await world.bot.service.get(match.id)
    assert match.status == "finished" and match.outcome is not None
    print("duel through the buttons:", used)


def dm_posts(world: World, member: simcord.MemberActor) -> int:
    path = f"/channels/{member.user.dm_channel.id}/messages"
    return sum(1 for r in world.env.http_requests if r.method == "POST" and r.path == path)


def in_a_fight(state: Any) -> bool:
    return state.combat is not None and state.window is not None and not state.pending


async def test_a_restart_in_the_middle_of_a_fight_loses_and_repeats_nothing(
    world: World,
) -> None:
    match_id, table_id = await open_and_start(world, "classic", world.bob, seats=3)
    humans = {0: world.alice, 1: world.bob}
    await play_to_the_end(world, match_id, table_id, humans, until=in_a_fight)
    before = await world.bot.service.get(match_id)
    assert before.status == "live" and before.deadline_kind == "window"
    log = await world.bot.service.action_log(match_id)
    dms = dm_posts(world, world.alice) + dm_posts(world, world.bob)
    edits = len(world.env.http_requests)
    old = world.bot
    await world.redeploy(games_bot(old.settings))
    after = await world.bot.service.get(match_id)
    # Nothing replayed, re-sent or redrawn by the restart itself; the clock only gives back
    # the time the bot was away (docs/reliability.md: downtime is not charged to players).
    assert after.deadline_at is not None and before.deadline_at is not None
    assert after.version == before.version and after.deadline_at >= before.deadline_at
    assert await world.bot.service.action_log(match_id) == log
    assert dm_posts(world, world.alice) + dm_posts(world, world.bob) == dms
    assert not [r for r in world.env.http_requests[edits:] if r.method == "PATCH"]
    # The table drawn before the restart still works: its Pass, its My hand.
    table = message_in(world.channel, table_id)
    assert play_texts.BUTTON_PASS in labels(table)
    hand = await world.bob.click(table, label=lobby_texts.BUTTON_HAND)
    assert hand.ephemeral and hand.response is not None and action_ids(hand.response)
    # The window's timer came back with the match: the clock closes it.
    await world.env.advance_time(world.bot.service.settings.defaults.window_seconds + 1)
    moved = await world.bot.service.get(match_id)
    assert moved.version > after.version
    # Play on through the buttons until that fight is over (the rest of the match is the
    # full-match test's business).
    await play_to_the_end(world, match_id, table_id, humans, until=lambda s: s.combat is None)
    replayed = await world.bot.service.record(match_id)
    assert len(replayed.actions) > len(log)


async def test_a_dm_refused_with_50007_in_the_middle_of_a_match(world: World) -> None:
    result = await world.alice.slash(world.channel, "match new", game="tiny")
    assert result.response is not None
    table_id = result.response.id
    for player in (world.bob, world.carol):
        await player.click(message_in(world.channel, table_id), label="Join")
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    assert dm_posts(world, world.carol) == 1  # her first hand arrived by DM
    world.env.inject_error(
        "POST",
        f"/channels/{world.carol.user.dm_channel.id}/messages",
        status=403,
        code=DM_CLOSED,
        message="Cannot send messages to this user",
        times=None,
    )
    players = {0: world.alice, 1: world.bob, 2: world.carol}
    for _ in range(6):
        _, view, _ = await world.bot.service.view(match.id, None)
        if (await world.bot.service.get(match.id)).status != "live":
            break
        player = players[view.to_json()["turn"]]
        hand = await player.click(
            message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
        )
        assert hand.ephemeral and hand.response is not None
        await player.click(hand.response, custom_id=action_ids(hand.response)[0])
    fresh = await world.bot.service.get(match.id)
    carol = fresh.seats[2]
    assert carol.dm_closed
    assert dm_posts(world, world.carol) == 2  # one refused try, then never again this match
    if fresh.status == "live":
        table = message_in(world.channel, table_id)
        assert play_texts.TABLE_DM_CLOSED.format(name="Carol") in embed_text(table)


async def _click_key(player: Any, message: Any, key: str) -> None:
    from tests.e2e.driver import choose_on

    assert await choose_on(player, message, key, {"selects": 0, "pages": 0}), f"{key} not offered"


async def test_asking_for_help_with_an_offer_that_the_helper_accepts(world: World) -> None:
    from engine.core import Action

    humans = {0: world.alice, 1: world.bob}

    def alice_may_ask_bob(state: Any) -> bool:
        c = state.combat
        return (
            c is not None
            and c.fighter == 0
            and not state.pending
            and state.window is not None
            and 0 in state.window.waiting_on()
            and any(a == Action(0, "ask", (1,)) for a in _legal(state, 0))
        )

    match_id, table_id = await open_until(
        world,
        "classic",
        alice_may_ask_bob,
        players=humans,
        missing="no fight of Alice's came up",
        seats=3,
    )
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    await _click_key(world.alice, hand.response, "ask.1")
    # The offer is built in Alice's private message: one treasure to Bob, Alice picks first.
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    await _click_key(world.alice, hand.response, "propose.1.0.0")
    # Bob is asked privately: his live hand (his last My hand answer) holds Accept / Decline.
    bob, bob_hand = live_hand(world.channel, world.bob)
    await _click_key(bob, bob_hand, "accept")
    from engine.core.record import replay
    from engine.games import load_game

    state = replay(load_game("classic"), await world.bot.service.record(match_id))
    assert state.combat is not None and state.combat.helper == 1
    assert state.combat.deal_treasures == 1 and state.combat.deal_helper_first == 0
    log = await world.bot.service.action_log(match_id)
    kinds = [a.kind for a in log]
    asked = len(kinds) - 1 - kinds[::-1].index("ask")
    assert kinds[asked : asked + 3] == ["ask", "propose", "accept"]


def _legal(state: Any, seat: int) -> list[Any]:
    from engine.games import load_game

    return load_game("classic").legal_actions(state, seat)
