"""End to end through SimCord: auto-pass in response windows (issue 18, deliverable 5).

With auto-pass on (the default) a player is never asked to pass: nothing is sent to them, they
tap nothing, and the window passes for them when it closes. What anyone else sees must not
depend on whether that seat held an answer: the window stays open for its full time and every
message and edit the bot makes is the same either way. A seat holding an answer still answers;
a Pass it presses counts at once and shows on the table and in the hands ("Passed ✓ 1/2",
issue 27.4; it was held until the close before). Off: a Pass counts at once, as before. Alone
with AI seats, a seat that cannot answer passes at once (nobody to hide it from).

The game is Echo with a twist (``Answers``): only the seats the test names may echo, so
whether a seat holds an answer is hidden in its legal moves, as in the real games."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
import simcord

from bot import plugins
from bot.client import Backstab
from bot.config import Settings
from bot.delivery.pings import PING_GAP
from bot.words import lobby_texts, play_texts, texts
from engine import games as registry
from engine.core import Action
from tests.e2e import windowgame
from tests.e2e.conftest import World
from tests.e2e.helpers import action_ids, embed_text, labels, message_in
from tests.support.tiny_plugin import tiny_plugin

ANSWERS = "answers"


class Answers(windowgame.EchoGame):
    """Echo where only the seats in ``holders`` hold an answer (may echo) in a window."""

    id = ANSWERS
    holders: frozenset[int] = frozenset()

    @property
    def card_set_digest(self) -> str:
        return "answers-1"

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        legal = super().legal_actions(state, seat)
        if state.window is None or seat in self.holders:
            return legal
        return [a for a in legal if a.kind != windowgame.ECHO]


@pytest.fixture
def answers_game(tiny_game: str) -> Iterator[type[Answers]]:
    registry.register(ANSWERS, lambda _data: Answers())
    plugins.register(tiny_plugin(Answers))
    yield Answers
    registry.unregister(ANSWERS)
    plugins.unregister(ANSWERS)
    Answers.holders = frozenset()


@pytest.fixture
async def simcord_bot(settings: Settings, answers_game: type[Answers]) -> Backstab:
    from bot.client import create_bot

    return create_bot(settings, games=["tiny", ANSWERS])


async def start(
    world: World, channel: Any, *players: simcord.MemberActor, seats: int | None = None
) -> tuple[int, int]:
    options = {"seats": seats} if seats else {}
    result = await world.alice.slash(channel, "match new", game=ANSWERS, **options)
    assert result.response is not None
    table_id = result.response.id
    for player in players:
        await player.click(message_in(channel, table_id), label=lobby_texts.BUTTON_JOIN)
    await world.alice.click(message_in(channel, table_id), label=lobby_texts.BUTTON_START)
    mine = await world.bot.service.matches_of_user(world.env.guild.id, world.alice.id)
    match = max(mine, key=lambda m: m.id)
    assert match.status == "live"
    return match.id, table_id


async def alice_plays(world: World, channel: Any, table_id: int) -> None:
    hand = await world.alice.click(message_in(channel, table_id), label=lobby_texts.BUTTON_HAND)
    assert hand.response is not None
    await world.alice.click(hand.response, custom_id=action_ids(hand.response)[0])


def seen(world: World, since: int) -> list[str]:
    """Every request the bot made since ``since`` (posts, edits, interaction answers), ids and
    timestamps blanked: what anybody could observe of it, from any seat."""
    return [re.sub(r"\d{4,}", "#", f"{r.method} {r.path}") for r in world.env.http_requests[since:]]


def shown(message: Any) -> str:
    """A message as a reader sees it, its clock and match number blanked."""
    text = (message.content or "") + embed_text(message)
    return re.sub(r"#\d+", "#", re.sub(r"<t:\d+:R>", "<t>", text))


async def window_as_seen(world: World, holders: frozenset[int], name: str) -> list[Any]:
    """Alice plays in a fresh channel; Bob and Carol (auto-pass on) tap nothing. What the bot
    did and showed, and when the window closed."""
    Answers.holders = holders
    channel = world.env.guild.create_text_channel(name)
    # The same deal both times (the service draws seeds from ``secrets``).
    with mock.patch("secrets.randbits", lambda bits: 12345):
        match_id, table_id = await start(world, channel, world.bob, world.carol)
    service = world.bot.service
    since = len(world.env.http_requests)
    await alice_plays(world, channel, table_id)
    opened = await service.get(match_id)
    assert opened.deadline_kind == "window"
    table_open = shown(message_in(channel, table_id))
    window = service.settings.defaults.window_seconds
    quiet = len(world.env.http_requests)
    await world.env.advance_time(window - 1)
    during = seen(world, quiet)
    still = await service.get(match_id)
    await world.env.advance_time(2)
    closed = await service.get(match_id)
    log = await service.action_log(match_id)
    requests = seen(world, since)
    await service.concede(match_id, world.alice.id)  # Alice leaves: the next channel's match
    await world.env.settle()
    # The next match starts as this one did, with nobody pinged in the last minute (27.3).
    await world.env.advance_time(PING_GAP + 1)
    return [
        requests,
        during,
        table_open,
        still.version == opened.version and still.deadline_kind == "window",
        closed.deadline_kind,
        [(a.seat, a.kind) for a in log[-2:]],
    ]


async def test_auto_pass_asks_nothing_and_shows_nothing_of_who_holds_an_answer(
    world: World,
) -> None:
    nobody = await window_as_seen(world, frozenset(), "nobody-holds")
    carol = await window_as_seen(world, frozenset({2}), "carol-holds")
    # No tap, no message, the window open for its full time and closed by its clock...
    _requests, during, table, open_until_the_end, after, passes = nobody
    assert during == []  # while the window is open the bot sends nothing, to anyone
    assert open_until_the_end and after == "turn"
    assert passes == [(1, "pass"), (2, "pass")]
    assert "Passed" not in table
    # ...and all of it the same, request for request, when Carol held an answer.
    assert carol == nobody


async def test_a_seat_holding_an_answer_still_answers(world: World) -> None:
    Answers.holders = frozenset({2})
    match_id, table_id = await start(world, world.channel, world.bob, world.carol)
    await alice_plays(world, world.channel, table_id)
    before = await world.bot.service.get(match_id)
    hand = await world.carol.click(
        message_in(world.channel, table_id), label=play_texts.BUTTON_RESPOND
    )
    assert hand.response is not None
    echo = next(i for i in action_ids(hand.response) if ":echo." in i)
    await world.carol.click(hand.response, custom_id=echo)
    log = await world.bot.service.action_log(match_id)
    assert log[-1].seat == 2 and log[-1].kind == "echo"
    after = await world.bot.service.get(match_id)
    assert after.deadline_kind == "window" and after.version == before.version + 1


async def test_a_pass_pressed_with_auto_pass_on_counts_at_once_and_shows(world: World) -> None:
    # issue 27.4: Carol (auto-pass on, holding an answer) presses Pass: it counts now, the
    # table and Bob's hand say so, and the window waits only on Bob (who passes at the close).
    Answers.holders = frozenset({2})
    match_id, table_id = await start(world, world.channel, world.bob, world.carol)
    await alice_plays(world, world.channel, table_id)
    before = await world.bot.service.get(match_id)
    posted = len(world.channel.history())
    result = await world.carol.click(
        message_in(world.channel, table_id), label=play_texts.BUTTON_PASS
    )
    assert not result.followups and len(world.channel.history()) == posted  # no message
    await world.env.settle()
    after = await world.bot.service.get(match_id)
    assert after.version == before.version + 1 and after.deadline_kind == "window"
    line = play_texts.PASSED_LINE.format(passed=1, asked=2, names="Carol")
    assert line in embed_text(message_in(world.channel, table_id))
    hand = await world.bob.click(message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND)
    assert hand.response is not None and line in embed_text(hand.response)
    await world.env.advance_time(world.bot.service.settings.defaults.window_seconds + 1)
    match = await world.bot.service.get(match_id)
    assert match.deadline_kind == "turn" and match.version == before.version + 2


async def test_auto_pass_off_passes_at_once_and_the_table_shows_it(world: World) -> None:
    Answers.holders = frozenset({2})
    match_id, table_id = await start(world, world.channel, world.bob, world.carol)
    for person in (world.bob, world.carol):
        result = await person.slash(world.channel, "preferences", auto_pass=False)
        assert result.response is not None
        assert "**off**" in embed_text(result.response)
    await alice_plays(world, world.channel, table_id)
    result = await world.bob.click(
        message_in(world.channel, table_id), label=play_texts.BUTTON_PASS
    )
    assert not result.followups
    table = message_in(world.channel, table_id)
    assert play_texts.PASSED_LINE.format(passed=1, asked=2, names="Bob") in embed_text(table)
    await world.carol.click(table, label=play_texts.BUTTON_PASS)
    match = await world.bot.service.get(match_id)
    assert match.deadline_kind == "turn"  # everyone passed: closed at once, as before
    assert labels(message_in(world.channel, table_id)) == [lobby_texts.BUTTON_HAND]


async def test_preferences_show_auto_pass_on_by_default_and_keep_a_change(
    world: World,
) -> None:
    result = await world.dave.slash(world.channel, "preferences")
    assert result.ephemeral and result.response is not None
    assert embed_text(result.response).count(texts.PREFERENCES_AUTO_PASS[True][:20]) == 1
    await world.dave.slash(world.channel, "preferences", auto_pass=False)
    assert not (await world.bot.service.players.get(world.dave.id)).auto_pass
    stored = await world.bot.service.players.store.load(world.dave.id)
    assert stored == {"auto_pass": False}


async def restart(world: World) -> None:
    from bot.client import create_bot

    old = world.bot
    await world.redeploy(create_bot(old.settings, games=["tiny", ANSWERS]))
    await world.env.settle()


async def test_a_restart_mid_window_still_asks_nothing_and_closes_it(world: World) -> None:
    match_id, table_id = await start(world, world.channel, world.bob, world.carol)
    await alice_plays(world, world.channel, table_id)
    before = await world.bot.service.get(match_id)
    assert before.deadline_kind == "window"
    since = len(world.env.http_requests)
    await restart(world)
    assert (await world.bot.service.get(match_id)).version == before.version
    window = world.bot.service.settings.defaults.window_seconds
    await world.env.advance_time(window - 1)
    # Nothing reached Bob or Carol while it stayed open: no DM, no message, no answer.
    assert not [r for r in seen(world, since) if r.startswith("POST")]
    assert (await world.bot.service.get(match_id)).version == before.version
    await world.env.advance_time(2)
    match = await world.bot.service.get(match_id)
    assert match.deadline_kind == "turn" and match.version == before.version + 2


async def test_alone_with_ai_seats_a_seat_that_cannot_answer_passes_at_once(
    world: World,
) -> None:
    match_id, table_id = await start(world, world.channel, seats=3)
    await alice_plays(world, world.channel, table_id)
    service = world.bot.service
    match = await service.get(match_id)
    if match.status != "live":
        pytest.skip("the AI seats ended this deal")
    # Each AI play opened a window Alice was in; with nothing to echo she passed at once
    # (before any clock ran out), so the match waits on her turn, not on a window.
    assert match.deadline_kind == "turn" and (await service.current(match_id)).deciders == {0}
    mine = [a for a in await service.action_log(match_id) if a.seat == 0]
    assert [a.kind for a in mine[1:]] == ["pass"] * 2


async def test_alone_with_ai_seats_a_seat_holding_an_answer_is_asked(world: World) -> None:
    Answers.holders = frozenset({0})
    match_id, table_id = await start(world, world.channel, seats=3)
    await alice_plays(world, world.channel, table_id)
    service = world.bot.service
    match = await service.get(match_id)
    if match.status != "live":
        pytest.skip("the AI seats ended this deal")
    # An AI seat played: the window waits on Alice, who may echo.
    assert match.deadline_kind == "window" and 0 in (await service.current(match_id)).deciders
