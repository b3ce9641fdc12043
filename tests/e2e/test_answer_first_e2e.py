"""The first answer first (issue 29.3): Discord fails an interaction not answered within 3 s,
and a read may queue behind the database. So every button of a match (its moves, My hand,
Look, the lobby's buttons, Host tools), every page button and the slash commands that read
(``/match hand``, ``status``, ``concede``, ``history``, ``/preferences``, ``/settings``, ``/deck``,
``/league export``, ``/card``) are
acknowledged before anything is read: with the storage's every call held, the interaction is
already answered; released, the real answer follows, and a refusal is that same private
answer, in words. The commands that answer the channel (``/match new``'s lobby, ``/league
leaderboard`` and ``profile``) think in public first, and a refusal after it is that answer."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import simcord

from bot.storage.ports import Storage
from bot.words import error_texts, league_texts, lobby_texts
from tests.e2e.conftest import World
from tests.e2e.helpers import embed_text, labels, message_in
from tests.e2e.test_play_e2e import start_match

THINKING, UPDATE = 5, 6  # Discord's callback types: a "thinking" answer, an update deferred
EPHEMERAL = 1 << 6
REACHED = 5.0  # seconds for the held interaction to reach the storage (never a timing)


class HeldStorage:
    """Every call into the storage's repositories waits while the storage is held."""

    def __init__(self, storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
        self._open = asyncio.Event()
        self._open.set()
        self.reached = asyncio.Event()
        ports = (
            storage.matches,
            storage.settings,
            storage.history,
            storage.players,
            storage.leagues,
            storage.decks,
        )
        for port in ports:
            for name in dir(type(port)):
                method = getattr(port, name)
                if not name.startswith("_") and inspect.iscoroutinefunction(method):
                    monkeypatch.setattr(port, name, self._held(method))

    def _held(self, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def call(*args: Any, **kwargs: Any) -> Any:
            if not self._open.is_set():
                self.reached.set()
                await self._open.wait()
            return await method(*args, **kwargs)

        return call

    def hold(self) -> None:
        self.reached.clear()
        self._open.clear()

    def release(self) -> None:
        self._open.set()


@pytest.fixture
def held(world: World, monkeypatch: pytest.MonkeyPatch) -> HeldStorage:
    return HeldStorage(world.bot.storage, monkeypatch)


async def answered_while_held(
    world: World, held: HeldStorage, sent: Awaitable[simcord.InteractionResult]
) -> tuple[dict[str, Any], simcord.InteractionResult]:
    """Send an interaction with the storage held: its first answer (the callback's body),
    taken once the bot waits on the storage (or, for one that reads nothing there, once it
    is answered), and the interaction's result once released."""
    since = len(world.env.http_requests)
    held.hold()
    task = asyncio.ensure_future(sent)
    try:
        reached = asyncio.ensure_future(held.reached.wait())
        await asyncio.wait({task, reached}, timeout=REACHED, return_when=asyncio.FIRST_COMPLETED)
        reached.cancel()
        callbacks = [
            r.json or {}
            for r in list(world.env.http_requests)[since:]
            if r.path.startswith("/interactions/") and r.path.endswith("/callback")
        ]
    finally:
        held.release()
    result = await task
    assert len(callbacks) == 1, "not acknowledged before the storage was read"
    return callbacks[0], result


def public_thinking(callback: dict[str, Any]) -> bool:
    return callback.get("type") == THINKING and not (
        int((callback.get("data") or {}).get("flags") or 0) & EPHEMERAL
    )


def private_thinking(callback: dict[str, Any]) -> bool:
    return callback.get("type") == THINKING and bool(
        int((callback.get("data") or {}).get("flags") or 0) & EPHEMERAL
    )


async def test_my_hand_and_look_on_the_table_answer_before_the_match_is_read(
    world: World, held: HeldStorage
) -> None:
    _, table_id = await start_match(world, world.bob)
    await world.env.settle()
    table = message_in(world.channel, table_id)
    first, result = await answered_while_held(
        world, held, world.bob.click(table, label=lobby_texts.BUTTON_HAND)
    )
    assert private_thinking(first)
    # The hand replaces the "thinking" answer: the same private message, no second one.
    assert result.response is not None and result.response.ephemeral
    assert result.followups == [] and result.response.components  # the hand, drawn
    # Someone not seated is shown the table privately, in that same answer.
    first, result = await answered_while_held(
        world, held, world.dave.click(table, label=lobby_texts.BUTTON_HAND)
    )
    assert private_thinking(first)
    assert result.response is not None and result.response.ephemeral and not result.followups


async def test_the_lobbys_buttons_answer_before_the_lobby_is_read(
    world: World, held: HeldStorage
) -> None:
    opened = await world.alice.slash(world.channel, "match new", game="tiny")
    assert opened.response is not None
    lobby_id = opened.response.id
    first, _ = await answered_while_held(
        world, held, world.bob.click(message_in(world.channel, lobby_id), label="Join")
    )
    assert first.get("type") == UPDATE  # the lobby clicked is then redrawn through it
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.bob.id)
    assert [s.user_id for s in match.seats] == [world.alice.id, world.bob.id]
    # Host tools open a private message: a "thinking" answer, and a stranger's refusal is
    # that same private answer, in words.
    first, refused = await answered_while_held(
        world, held, world.bob.click(message_in(world.channel, lobby_id), label="Host tools")
    )
    assert private_thinking(first)
    assert refused.response is not None and refused.response.ephemeral
    assert refused.response.content == error_texts.service_error("not_host")
    assert refused.followups == []
    first, tools = await answered_while_held(
        world, held, world.alice.click(message_in(world.channel, lobby_id), label="Host tools")
    )
    assert private_thinking(first)
    assert tools.response is not None and tools.response.ephemeral and labels(tools.response)


async def test_slash_commands_answer_before_they_read(world: World, held: HeldStorage) -> None:
    first, refused = await answered_while_held(
        world, held, world.alice.slash(world.channel, "match hand")
    )
    assert private_thinking(first)
    # A refusal after it edits the deferred answer: private, in words, nothing else sent.
    assert refused.response is not None and refused.response.ephemeral
    assert refused.response.content == error_texts.NO_MATCH_HERE
    assert refused.followups == []
    await start_match(world, world.bob)
    await world.env.settle()
    reading: tuple[tuple[str, dict[str, Any]], ...] = (
        ("match hand", {}),
        ("match status", {}),
        ("match concede", {}),
        ("match history", {}),
        ("preferences", {"auto_pass": False}),
        ("league export", {}),
    )
    for command, options in reading:
        first, result = await answered_while_held(
            world, held, world.bob.slash(world.channel, command, **options)
        )
        assert private_thinking(first), command
        assert result.response is not None and result.response.ephemeral, command
        assert result.followups == [], command


async def test_match_new_and_the_league_boards_think_in_public_before_they_read(
    world: World, held: HeldStorage
) -> None:
    first, opened = await answered_while_held(
        world, held, world.alice.slash(world.channel, "match new", game="tiny")
    )
    assert public_thinking(first)
    # The lobby replaces the "thinking" answer: one public message, the match's own.
    assert opened.response is not None and not opened.ephemeral and opened.followups == []
    assert "Join" in labels(opened.response)
    [match] = await world.bot.service.matches_of_user(world.guild.id, world.alice.id)
    assert match.message_id == opened.response.id
    boards: tuple[tuple[str, dict[str, Any]], ...] = (
        ("league leaderboard", {"game": "tiny"}),
        ("league profile", {}),
    )
    for command, options in boards:
        first, result = await answered_while_held(
            world, held, world.bob.slash(world.channel, command, **options)
        )
        assert public_thinking(first), command
        assert result.response is not None and not result.ephemeral, command
        assert result.followups == [] and embed_text(result.response), command


async def test_a_refusal_after_thinking_in_public_is_that_answer_in_words(
    world: World, held: HeldStorage
) -> None:
    # The server's cap on open matches is read after the first answer: the refusal replaces
    # the public "thinking", and nothing opens.
    await world.bot.service.settings.change(world.guild.id, 0, max_matches=1)
    await world.alice.slash(world.channel, "match new", game="tiny")
    first, refused = await answered_while_held(
        world, held, world.bob.slash(world.channel, "match new", game="tiny")
    )
    assert public_thinking(first)
    assert refused.response is not None and refused.followups == []
    assert refused.response.content == error_texts.service_error("too_many_matches", {"most": 1})
    assert not labels(refused.response)
    assert await world.bot.service.matches_of_user(world.guild.id, world.bob.id) == []
    first, refused = await answered_while_held(
        world, held, world.bob.slash(world.channel, "league leaderboard", game="tiny", season="X")
    )
    assert public_thinking(first)
    assert refused.response is not None and refused.followups == []
    assert refused.response.content == league_texts.league_error("no_such_season", {"name": "X"})
