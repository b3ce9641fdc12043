"""End to end through SimCord: response windows on the table (a live clock, Pass, Play a card),
closed by everyone passing or by SimCord's clock; stale and doubled clicks; the log thread; a
burst of AI moves costs one table edit; AFK seats handed to the AI."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import simcord

from bot import plugins
from bot.config import Settings
from bot.words import error_texts, lobby_texts, play_texts
from engine import games as registry
from tests.e2e import windowgame
from tests.e2e.conftest import World
from tests.e2e.helpers import action_ids, embed_text, labels, message_in, note_of
from tests.support.tiny_plugin import tiny_plugin

ECHO = windowgame.ECHO


@pytest.fixture
def echo_game(tiny_game: str) -> Iterator[str]:
    registry.register(ECHO, windowgame.factory)
    plugins.register(tiny_plugin(windowgame.EchoGame))
    yield ECHO
    registry.unregister(ECHO)
    plugins.unregister(ECHO)


@pytest.fixture
async def simcord_bot(settings: Settings, echo_game: str) -> object:
    from bot.client import create_bot

    return create_bot(settings, games=["tiny", ECHO])


async def start(world: World, game: str, *players: simcord.MemberActor) -> tuple[int, int]:
    result = await world.alice.slash(world.channel, "match new", game=game)
    assert result.response is not None
    table_id = result.response.id
    for player in players:
        await player.click(message_in(world.channel, table_id), label="Join")
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    return match.id, table_id


async def alice_plays(world: World, table_id: int) -> None:
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None
    await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])


def choices(message: object) -> list[str]:
    """Action buttons only (not the pager's)."""
    return [i for i in action_ids(message) if ":page-" not in i]  # type: ignore[arg-type]


def dm_posts(world: World, member: simcord.MemberActor) -> int:
    path = f"/channels/{member.user.dm_channel.id}/messages"
    return sum(1 for r in world.env.http_requests if r.method == "POST" and r.path == path)


def table_edits(world: World, table_id: int) -> int:
    return sum(
        1
        for r in world.env.http_requests
        if r.method == "PATCH" and r.path.endswith(f"/messages/{table_id}")
    )


async def auto_pass_off(world: World, *people: simcord.MemberActor) -> None:
    """As before issue 18: each Pass counts at once (tests/e2e/test_autopass_e2e.py has it on)."""
    for person in people:
        await world.bot.service.players.change(person.id, auto_pass=False)


async def test_a_window_shows_pass_and_closes_when_everyone_passed(world: World) -> None:
    match_id, table_id = await start(world, ECHO, world.bob, world.carol)
    await auto_pass_off(world, world.bob, world.carol)
    dms = len(world.env.http_requests)
    await alice_plays(world, table_id)
    table = message_in(world.channel, table_id)
    assert labels(table) == [
        lobby_texts.BUTTON_HAND,
        play_texts.BUTTON_PASS,
        play_texts.BUTTON_RESPOND,
    ]
    # The line says it is a window and when it closes; Pass is the button under it.
    assert "<t:" in embed_text(table) and "Window closes" in embed_text(table)
    # Nobody is DMed for a window: the table serves everyone.
    dm_paths = {f"/channels/{p.user.dm_channel.id}/messages" for p in (world.bob, world.carol)}
    assert not [r for r in world.env.http_requests[dms:] if r.path in dm_paths]
    # Dave is not seated: he may look, not pass.
    result = await world.dave.click(table, label=play_texts.BUTTON_PASS)
    assert result.followups[0].content == error_texts.service_error("not_seated")
    posted = len(world.channel.history())
    result = await world.bob.click(
        message_in(world.channel, table_id), label=play_texts.BUTTON_PASS
    )
    # A pass is answered through the click, with no message: the table shows it.
    assert not result.followups and len(world.channel.history()) == posted
    passed = play_texts.PASSED_LINE.format(passed=1, asked=2, names="Bob")
    assert passed in embed_text(message_in(world.channel, table_id))
    bob_dms = dm_posts(world, world.bob)
    result = await world.carol.click(
        message_in(world.channel, table_id), label=play_texts.BUTTON_PASS
    )
    assert not result.followups
    match = await world.bot.service.get(match_id)
    assert match.deadline_kind == "turn"  # the window closed at once: Bob's turn
    assert dm_posts(world, world.bob) == bob_dms + 1  # ...and Bob is told by DM
    assert labels(message_in(world.channel, table_id)) == [lobby_texts.BUTTON_HAND]


async def test_play_a_card_opens_the_private_choices_kept_current_in_place(world: World) -> None:
    match_id, table_id = await start(world, ECHO, world.bob, world.carol)
    await auto_pass_off(world, world.bob, world.carol)
    await alice_plays(world, table_id)
    bob = await world.bob.click(
        message_in(world.channel, table_id), label=play_texts.BUTTON_RESPOND
    )
    assert bob.ephemeral and bob.response is not None
    assert "Your cards:" in embed_text(bob.response)
    bob_pass = action_ids(bob.response)[0]
    assert bob_pass.endswith(":pass")
    # Carol answers with a card: the window reopens for everyone.
    carol = await world.carol.click(
        message_in(world.channel, table_id), label=play_texts.BUTTON_RESPOND
    )
    assert carol.response is not None
    echo = next(i for i in action_ids(carol.response) if ":echo." in i)
    await world.carol.click(carol.response, custom_id=echo)
    assert (await world.bot.service.get(match_id)).deadline_kind == "window"
    # Bob's private Pass predates the response, but his hand is live: it was redrawn in
    # place when the window reopened, so the Pass it shows answers the new window.
    await world.env.settle()
    hand = next(m for m in world.channel.history(viewer=world.bob) if m.id == bob.response.id)
    fresh = action_ids(hand)[0]
    assert fresh.endswith(":pass") and fresh != bob_pass
    before = await world.bot.service.get(match_id)
    await world.bob.click(hand, custom_id=fresh)
    assert (await world.bot.service.get(match_id)).version == before.version + 1


async def test_a_window_is_closed_by_the_clock(world: World) -> None:
    match_id, table_id = await start(world, ECHO, world.bob, world.carol)
    await alice_plays(world, table_id)
    before = await world.bot.service.get(match_id)
    assert before.deadline_kind == "window"
    window = world.bot.service.settings.defaults.window_seconds
    await world.env.advance_time(window - 1)
    assert (await world.bot.service.get(match_id)).version == before.version
    await world.env.advance_time(2)
    match = await world.bot.service.get(match_id)
    assert match.deadline_kind == "turn" and match.version == before.version + 2
    log = await world.bot.service.action_log(match_id)
    assert [a.kind for a in log[-2:]] == ["pass", "pass"]
    assert all(s.timeouts == 0 for s in match.seats)  # a lapsed window is not being away
    assert labels(message_in(world.channel, table_id)) == [lobby_texts.BUTTON_HAND]


async def test_the_log_goes_to_a_thread_of_the_match(world: World) -> None:
    _, table_id = await start(world, "tiny", world.bob)
    await alice_plays(world, table_id)
    [thread] = world.channel.threads
    posted = "\n".join(m.content or "" for m in thread.history())
    assert "Alice played" in posted
    assert "drew a card" in posted and "Your cards" not in posted


async def test_a_burst_of_ai_moves_costs_one_table_edit(world: World) -> None:
    result = await world.alice.slash(world.channel, "match new", game="tiny", seats=5)
    assert result.response is not None
    table_id = result.response.id
    await world.alice.click(message_in(world.channel, table_id), label="Start")
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    if match.status != "live" or (await world.bot.service.current(match.id)).deciders != {0}:
        pytest.skip("the AI seats ended this deal before Alice's turn")
    before = len(await world.bot.service.action_log(match.id))
    edits = table_edits(world, table_id)
    await alice_plays(world, table_id)  # up to four AI seats answer before Alice moves again
    log = await world.bot.service.action_log(match.id)
    assert len(log) - before >= 2  # Alice's move and at least one AI move...
    assert table_edits(world, table_id) - edits == 1  # ...cost one table edit


async def test_three_timeouts_in_a_row_hand_the_seat_to_the_ai(world: World) -> None:
    match_id, table_id = await start(world, "tiny", world.bob)
    turn = world.bot.service.settings.defaults.turn_seconds
    for _ in range(3):
        await world.env.advance_time(turn + 1)  # Alice is away
        match = await world.bot.service.get(match_id)
        if match.seats[0].ai_level is not None or match.status != "live":
            break
        hand = await world.bob.click(message_in(world.channel, table_id), label="My hand")
        assert hand.response is not None
        await world.bob.click(hand.response, custom_id=action_ids(hand.response)[0])
    match = await world.bot.service.get(match_id)
    line = play_texts.EVENT_LINES["afk_ai"].format(seat_name="Alice")
    [thread] = world.channel.threads
    assert line in "\n".join(m.content or "" for m in thread.history())
    if match.status != "live":
        return
    assert match.seats[0].afk and match.seats[0].ai_level == "heuristic"
    # Alice comes back: My hand offers her seat back instead of moves.
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.response is not None and note_of(hand.response) == play_texts.AFK_NOTE
    assert labels(hand.response) == [play_texts.BUTTON_AFK_BACK]
    back = await world.alice.click(hand.response, label=play_texts.BUTTON_AFK_BACK)
    assert back.response is not None and note_of(back.response) == play_texts.BACK_DONE
    match = await world.bot.service.get(match_id)
    assert not match.seats[0].afk and match.seats[0].ai_level is None
    assert match.seats[0].timeouts == 0


async def test_the_hand_pager_turns_the_same_private_message(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Discord's 5x5 grid shrunk to 2 rows of 1, so four choices need pages.
    monkeypatch.setattr("bot.render.controls.MAX_ROWS", 2)
    monkeypatch.setattr("bot.render.controls.MAX_PER_ROW", 1)
    match_id, table_id = await start(world, ECHO, world.bob)
    await alice_plays(world, table_id)
    _, _, legal = await world.bot.service.view(match_id, world.bob.id)
    if len(legal) < 3:  # three equal cards in hand: Pass and one Echo fit without pages
        pytest.skip("this deal gives Bob only two choices")
    hand = await world.bob.click(
        message_in(world.channel, table_id), label=play_texts.BUTTON_RESPOND
    )
    assert hand.response is not None
    first = choices(hand.response)
    assert len(first) == 1 and play_texts.PAGER_NEXT in labels(hand.response)
    turned = await world.bob.click(hand.response, label=play_texts.PAGER_NEXT)
    assert turned.response is not None and turned.response.id == hand.response.id
    second = choices(turned.response)
    assert len(second) == 1 and second != first
    await world.bob.click(turned.response, custom_id=second[0])  # a choice from page 2 works


async def test_a_server_may_keep_hands_out_of_dms(world: World) -> None:
    await world.bot.service.settings.change(world.guild.id, 1, hand_delivery="ephemeral")
    _, table_id = await start(world, "tiny", world.bob)
    assert dm_posts(world, world.alice) == 0 and dm_posts(world, world.bob) == 0
    hand = await world.alice.click(
        message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
    )
    assert hand.ephemeral and hand.response is not None and action_ids(hand.response)
