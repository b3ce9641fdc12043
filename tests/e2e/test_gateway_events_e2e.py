"""Through SimCord: the bot asks Discord for no message events (issue 29.4). It reads no
messages, and every send or edit of its own would come back over the gateway to be decoded
and parsed: a match played sends it none, while its slash commands and buttons still work."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord
import pytest

from tests.e2e.conftest import World
from tests.e2e.helpers import action_ids, live_hand, message_in
from tests.e2e.test_play_e2e import start_match

MESSAGE_EVENTS = {"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE"}


def _received(world: World) -> set[str]:
    """The events delivered to the bot: SimCord logs each one emitted, then those the bot's
    intents keep from it."""
    emitted = Counter(e[1] for e in world.env.backend.transcript if e[0] == "GATEWAY")
    emitted.subtract(e[1] for e in world.env.backend.transcript if e[0] == "DROPPED")
    return {event for event, count in emitted.items() if count > 0}


async def test_a_match_played_sends_the_bot_no_message_events(world: World) -> None:
    world.env.backend.transcript.clear()
    _, table_id = await start_match(world, world.bob)
    for player in (world.alice, world.bob):
        clicker, hand = live_hand(world.channel, player)
        await clicker.click(hand, custom_id=action_ids(hand)[0])
        await world.env.settle()
    assert message_in(world.channel, table_id).components  # the table was drawn and edited
    dropped = {e[1] for e in world.env.backend.transcript if e[0] == "DROPPED"}
    assert dropped & MESSAGE_EVENTS  # Discord had some to send
    assert not _received(world) & MESSAGE_EVENTS, _received(world)
    assert "INTERACTION_CREATE" in _received(world)


async def test_a_click_is_routed_from_its_custom_id_without_rebuilding_the_message(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py's ``DynamicItem`` rebuilt the whole clicked message as a view before its
    callback ran; the bot routes a press from its custom id alone (issue 29.4)."""
    match_id, _ = await start_match(world, world.bob)
    rebuilt: list[int] = []
    for kind in (discord.ui.View, discord.ui.LayoutView):
        real = kind.from_message

        def counted(message: Any, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
            rebuilt.append(message.id)
            return _real(message, *args, **kwargs)

        monkeypatch.setattr(kind, "from_message", counted)
    clicker, hand = live_hand(world.channel, world.alice)
    before = (await world.bot.service.get(match_id)).version
    await clicker.click(hand, custom_id=action_ids(hand)[0])
    await world.env.settle()
    assert (await world.bot.service.get(match_id)).version > before  # the move was played
    assert rebuilt == []
