"""The AI replies after the clicker's own redraw, not before it (issue 29, deliver 3), through
the real bot: a strong seat's think runs in the match's background burst, so Alice's click is
answered (her hand redrawn) while the seat still thinks, and the table shows the AI's move
once it lands. The think is held on an event the test sets (a stand-in for the worker pool:
nothing real can be held mid-think), so the order is of events, never of time."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.e2e.conftest import World, build_bot
from tests.e2e.helpers import action_ids, embed_text, message_in
from tests.e2e.test_play_e2e import last_dm
from tests.support.inspect_db import InspectDb

COUNT = "SELECT COUNT(*) FROM actions WHERE match_id = ?"


class HeldThink:
    """The strong seat's search (``AiDriver._think_off_loop``) held until ``let_go``; the
    wait is declared to SimCord, so a click settles while the seat thinks."""

    def __init__(self, world: World, monkeypatch: pytest.MonkeyPatch) -> None:
        self.gate = asyncio.Event()
        self.asked = 0
        driver = world.bot.service.ai
        real = driver._think_off_loop

        async def held(*args: Any) -> Any:
            self.asked += 1
            await world.env.external_wait(self.gate.wait(), reason="the strong AI's think")
            return await real(*args)

        monkeypatch.setattr(driver, "_think_off_loop", held)

    def let_go(self) -> None:
        self.gate.set()


async def alice_against_strong(world: World) -> tuple[int, int]:
    """Alice and an AI seat she plays before, the seat made strong. (match id, table id)"""
    result = await world.alice.slash(world.channel, "match new", game="tiny")
    assert result.response is not None
    table_id = result.response.id
    await world.alice.click(message_in(world.channel, table_id), label="Add AI")
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    await world.bot.storage.matches.hand_to_ai(match.id, 1, "strong")  # kept by a restart
    world.bot.service.live[match.id].ai_levels[1] = "strong"
    await world.env.settle()
    return match.id, table_id


def answers_to(world: World, since: int) -> list[Any]:
    """The interaction answers (callbacks, follow-up edits) sent since request ``since``."""
    return [
        r
        for r in list(world.env.http_requests)[since:]
        if r.path.startswith("/interactions/") or r.path.startswith("/webhooks/")
    ]


async def test_alice_is_answered_while_the_strong_seat_thinks_then_the_table_shows_its_move(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, table_id = await alice_against_strong(world)
    raw = InspectDb(world.bot.settings.database)
    held = HeldThink(world, monkeypatch)
    since = len(world.env.http_requests)
    hand = last_dm(world.alice)
    await world.alice.user.click(hand, custom_id=action_ids(hand)[0])  # settles: think held
    assert held.asked == 1 and raw.value(COUNT, (match_id,)) == 1  # the AI has not moved
    assert answers_to(world, since), "Alice's click is answered before the AI's move"
    assert world.bot.service.deciders(match_id) == {1}  # the seat is still to move
    assert (await world.bot.service.get(match_id)).deadline_at is None  # and no clock runs
    held.let_go()
    await world.env.settle()
    assert raw.value(COUNT, (match_id,)) == 2  # the AI's move landed
    pile = world.bot.service.live[match_id].state.pile
    assert f"Pile: {pile} of 21" in embed_text(message_in(world.channel, table_id))
    assert world.bot.service.deciders(match_id) == {0}  # Alice's move again


async def test_a_redeploy_during_the_think_loses_nothing_and_the_ai_moves_after_it(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, table_id = await alice_against_strong(world)
    raw = InspectDb(world.bot.settings.database)
    held = HeldThink(world, monkeypatch)
    hand = last_dm(world.alice)
    await world.alice.user.click(hand, custom_id=action_ids(hand)[0])
    assert held.asked == 1 and raw.value(COUNT, (match_id,)) == 1
    await world.redeploy(build_bot(world.bot.settings))  # the old bot stops mid-think
    await world.bot.service.resumed()  # the new one runs the burst it finds owed
    await world.env.settle()
    assert raw.value(COUNT, (match_id,)) == 2, "the AI moved once the bot was back"
    before = await world.bot.service.get(match_id)
    hand = last_dm(world.alice)
    await world.alice.user.click(hand, custom_id=action_ids(hand)[0])
    await world.env.settle()
    after = await world.bot.service.get(match_id)
    assert after.version == before.version + 2, "Alice's move landed, and the AI answered"
    pile = world.bot.service.live[match_id].state.pile
    assert f"Pile: {pile} of 21" in embed_text(message_in(world.channel, table_id))
