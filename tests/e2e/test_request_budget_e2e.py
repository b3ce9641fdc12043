"""What one click costs against Discord's global limit (issue 29.2), counted at SimCord's HTTP
layer: every request but the interaction's own (its callback and its webhook) counts against
the 50 per second a bot token gets. A move clicked from a hand DM is answered through the
interaction; the table is edited through the token of the interaction that posted it; the log
thread gets one post per ``LOG_GAP``; a DM goes by its channel's id (no user fetch, no
DM-channel create); and the move is acknowledged before anything is read (issue 29.3)."""

from __future__ import annotations

from typing import Any

import pytest

from bench._budget import route_of
from bot.delivery import log_thread
from bot.words import lobby_texts
from tests.e2e.conftest import World
from tests.e2e.helpers import action_ids, hand_dm, live_hand, message_in
from tests.e2e.test_play_e2e import start_match


def _global(world: World, since: int) -> list[str]:
    return [
        route_of(r.method, r.path)[0]
        for r in list(world.env.http_requests)[since:]
        if not route_of(r.method, r.path)[1]
    ]


async def _opened(world: World) -> int:
    """A two-player match under way: Alice's first move opened the log thread."""
    match_id, table_id = await start_match(world, world.bob)
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])
    await world.env.settle()
    return match_id


async def test_a_move_from_a_hand_dm_costs_no_table_edit_and_no_user_fetch(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(log_thread, "LOG_GAP", 10**6)  # the thread's next post is not due yet
    await _opened(world)
    spent: list[list[str]] = []
    for player in (world.bob, world.alice, world.bob):
        clicker, hand = live_hand(world.channel, player)
        since = len(world.env.http_requests)
        await clicker.click(hand, custom_id=action_ids(hand)[0])
        await world.env.settle()
        spent.append(_global(world, since))
    # The table's edits went through the token of /match new, each hand (the clicker's, and
    # the other's when it changed) through its last click, the log lines wait for the
    # thread's next post. Bob's first DM click asks Discord whether he is still a member
    # (then trusted for minutes); a ping (at most one a minute) is a DM by its channel's id.
    assert spent[0][0] == "GET /guilds/{id}/members/{id}"
    assert all(r == "POST /channels/{id}/messages" for r in spent[0][1:] + spent[1] + spent[2])
    assert sum(len(s) for s in spent) <= 4, spent
    # The hand DMs at the start opened each player's DM channel once; no user was fetched.
    opened = [r.path for r in world.env.http_requests if r.path.startswith("/users")]
    assert opened == ["/users/@me/channels"] * 2, opened


async def test_the_log_thread_gets_the_lines_of_several_clicks_in_one_post(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(log_thread, "LOG_GAP", 30.0)
    match_id = await _opened(world)
    thread_id = (await world.bot.service.get(match_id)).thread_id
    assert thread_id is not None
    posts = [r for r in world.env.http_requests if r.path == f"/channels/{thread_id}/messages"]
    assert len(posts) == 1  # the start and Alice's first move, at once
    for player in (world.bob, world.alice, world.bob):
        clicker, hand = live_hand(world.channel, player)
        await clicker.click(hand, custom_id=action_ids(hand)[0])
        await world.env.settle()
    await world.env.advance_time(log_thread.LOG_GAP)  # the thread's next post is due
    await world.env.settle()
    posts = [r for r in world.env.http_requests if r.path == f"/channels/{thread_id}/messages"]
    assert 1 < len(posts) <= 4  # never more posts than flushes; lines are not lost either
    text = "\n".join(str((r.json or {}).get("content")) for r in posts)
    assert text.count("Bob played") == 2 and text.count("Alice played") == 2, text


async def test_a_move_is_acknowledged_before_the_click_guard_reads_the_match(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _opened(world)
    guard = world.bot.click_guard
    answered_first: list[bool] = []
    check = guard.__call__

    async def watched(interaction: Any, button: Any, on_server: bool) -> str | None:
        answered_first.append(interaction.response.is_done())
        return await check(interaction, button, on_server)

    world.bot.button_router.guard = watched
    bob_dm = hand_dm(world.bob)
    result = await world.bob.user.click(bob_dm, custom_id=action_ids(bob_dm)[0])
    await world.env.settle()
    assert answered_first == [True]
    assert result.deferred
