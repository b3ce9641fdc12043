"""The table's clock line and a hand's say the same thing (``bot.delivery.hands.clock_line``):
"⚡ Window closes …" while a response window is open, "⏳ Time runs out …" on a turn, decided
by one fact, the kind of the deadline that runs (what the clock does when it runs out). They
were chosen from two facts (the table by the last published update's ``window``, the hand by
the match's ``deadline_kind``), which part after a restart: the update is gone then."""

from __future__ import annotations

from typing import Any

import simcord

from bot.core import service as svc
from bot.render.names import discord_time
from bot.words import lobby_texts, play_texts
from tests.e2e.conftest import World
from tests.e2e.helpers import embed_text, message_in
from tests.e2e.test_autopass_e2e import (  # noqa: F401 (fixtures)
    Answers,
    alice_plays,
    answers_game,
    restart,
    simcord_bot,
    start,
)
from tests.support.inspect_db import InspectDb

HOUR = 3600.0


def line_for(match: svc.MatchInfo) -> str:
    assert match.deadline_at is not None
    words = play_texts.WINDOW_CLOCK if match.deadline_kind == "window" else play_texts.TURN_CLOCK
    return words.format(when=discord_time(match.deadline_at))


def clock_of(message: Any) -> list[str]:
    """The clock lines a message shows (either wording)."""
    text = (getattr(message, "content", None) or "") + "\n" + embed_text(message)
    marks = (play_texts.WINDOW_CLOCK.split("{")[0], play_texts.TURN_CLOCK.split("{")[0])
    return [line.strip() for line in text.splitlines() if line.strip().startswith(marks)]


async def hand_of(world: World, member: simcord.MemberActor, table_id: int) -> Any:
    result = await member.click(message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND)
    assert result.response is not None
    return result.response


async def status_of(world: World, member: simcord.MemberActor) -> Any:
    """The table as it stands, privately (``/match status``: drawn afresh, not the message)."""
    result = await member.slash(world.channel, "match status")
    assert result.response is not None
    return result.response


async def test_on_a_turn_and_in_a_window_the_table_and_the_hand_agree(world: World) -> None:
    Answers.holders = frozenset({1})  # Bob may answer the window: he is asked, and timed
    match_id, table_id = await start(world, world.channel, world.bob, world.carol)
    await world.env.settle()
    turn = await world.bot.service.get(match_id)
    assert turn.deadline_kind == "turn"
    expected = [line_for(turn)]
    assert clock_of(message_in(world.channel, table_id)) == expected
    assert clock_of(await hand_of(world, world.alice, table_id)) == expected
    await alice_plays(world, world.channel, table_id)
    await world.env.settle()
    window = await world.bot.service.get(match_id)
    assert window.deadline_kind == "window"
    expected = [line_for(window)]
    assert expected[0].startswith("⚡")
    assert clock_of(message_in(world.channel, table_id)) == expected
    assert clock_of(await hand_of(world, world.bob, table_id)) == expected


async def test_after_a_restart_mid_window_the_table_and_the_hand_agree(world: World) -> None:
    Answers.holders = frozenset({1})
    match_id, table_id = await start(world, world.channel, world.bob, world.carol)
    await alice_plays(world, world.channel, table_id)
    await world.env.settle()
    before = await world.bot.service.get(match_id)
    assert before.deadline_kind == "window"
    await restart(world)
    restored = await world.bot.service.get(match_id)
    assert restored.deadline_kind == "window" and restored.version == before.version
    expected = [line_for(restored)]
    # Nothing was published since the restart: the table is drawn afresh for /match status.
    assert clock_of(await status_of(world, world.carol)) == expected
    assert clock_of(await hand_of(world, world.bob, table_id)) == expected


async def test_a_window_deadline_moved_at_restart_shows_alike_on_table_and_hand(
    world: World,
) -> None:
    Answers.holders = frozenset({1})
    match_id, table_id = await start(world, world.channel, world.bob, world.carol)
    await alice_plays(world, world.channel, table_id)
    await world.env.settle()
    before = await world.bot.service.get(match_id)
    assert before.deadline_kind == "window" and before.deadline_at is not None
    # The bot was down for an hour: the last write and the window's deadline are in the past,
    # so the restart moves the deadline by the outage and redraws the table with it.
    raw = InspectDb(world.bot.settings.database)
    raw.execute(
        "UPDATE matches SET updated_at = updated_at - ?, deadline_at = deadline_at - ?",
        (HOUR, HOUR),
    )
    await restart(world)
    moved = await world.bot.service.get(match_id)
    assert moved.version == before.version and moved.deadline_kind == "window"
    assert moved.deadline_at is not None and moved.deadline_at >= before.deadline_at - 1
    expected = [line_for(moved)]
    assert clock_of(message_in(world.channel, table_id)) == expected
    assert clock_of(await status_of(world, world.carol)) == expected
    assert clock_of(await hand_of(world, world.bob, table_id)) == expected


async def test_the_table_words_the_clock_the_clock_will_run_not_the_window(
    world: World,
) -> None:
    # A window whose stored deadline is a turn's (a row written before deadlines had a kind
    # reads as one): when it runs out the clock marks the seat away (``bot.core.clock``), so
    # both say "Time runs out"; the table said "Window closes" from the engine's window.
    Answers.holders = frozenset({1})
    match_id, table_id = await start(world, world.channel, world.bob, world.carol)
    await alice_plays(world, world.channel, table_id)
    await world.env.settle()
    raw = InspectDb(world.bot.settings.database)
    raw.execute("UPDATE matches SET deadline_kind = NULL WHERE id = ?", (match_id,))
    await restart(world)
    restored = await world.bot.service.get(match_id)
    assert restored.deadline_kind is None and restored.deadline_at is not None
    expected = [play_texts.TURN_CLOCK.format(when=discord_time(restored.deadline_at))]
    assert clock_of(await status_of(world, world.carol)) == expected
    assert clock_of(await hand_of(world, world.bob, table_id)) == expected
