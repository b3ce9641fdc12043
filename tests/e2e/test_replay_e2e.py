"""``/match replay`` through SimCord: First / Back / Next / Last, the pager's views sent stopped
(discord.py keeps none; every click is answered through the persistent ``PageButton``, also
after a restart), and the replay's log in the live log's words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.screens import public_event_lines
from bot.words import league_texts
from tests.e2e.conftest import World, build_bot
from tests.e2e.helpers import buttons, embed_text
from tests.e2e.test_games_e2e import start_games_bot

if TYPE_CHECKING:
    from bot.client import Backstab


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings, ["duel", "tiny"])


def pager_of(message: Any) -> list[tuple[str | None, bool]]:
    return [(b.get("label"), bool(b.get("disabled"))) for b in buttons(message)]


async def finished_duel(world: World, live: list[str]) -> int:
    """A duel between Alice and Bob played move by move (first legal action) to its end; the
    live log's lines are gathered in ``live`` as the publisher words them."""
    service = world.bot.service

    async def listen(update: Any) -> None:
        live.extend(public_event_lines(update.match, update.events))

    service.subscribe(listen)
    guild = world.guild.id
    match = await service.create(
        guild_id=guild,
        channel_id=world.channel.id,
        host_id=world.alice.id,
        host_name="Alice",
        game="duel",
    )
    await service.join(match.id, world.bob.id, "Bob")
    update = await service.start_match(match.id, world.alice.id)
    for _ in range(3000):
        if update.match.status == "finished":
            break
        user = update.match.seats[min(update.deciders)].user_id
        assert user is not None
        _, _, actions = await service.view(match.id, user)
        update = await service.act(match.id, user, actions[0].key, update.match.version)
    else:
        await service.concede(match.id, world.bob.id)
    await world.env.settle()
    return match.id


async def test_replay_has_first_and_last_and_its_buttons_outlive_a_restart(world: World) -> None:
    match_id = await finished_duel(world, [])
    replay = await world.carol.slash(world.channel, "match replay", id=match_id)
    assert replay.ephemeral and replay.response is not None
    assert pager_of(replay.response) == [
        (league_texts.BUTTON_FIRST, True),
        (league_texts.BUTTON_PAGE_BACK, True),
        (league_texts.BUTTON_NEXT, False),
        (league_texts.BUTTON_LAST, False),
    ]

    last = await world.carol.click(replay.response, label=league_texts.BUTTON_LAST)
    assert last.response is not None
    heading = embed_text(last.response).splitlines()[0]
    steps = int(heading.rsplit(" ", 1)[1])
    assert heading == league_texts.REPLAY_STEP.format(match=match_id, step=steps, steps=steps)
    assert steps > 1
    assert pager_of(last.response)[-2:] == [
        (league_texts.BUTTON_NEXT, True),
        (league_texts.BUTTON_LAST, True),
    ]

    # A restart: the old message's buttons still answer, with the asked step and a new pager.
    old = world.bot
    await world.redeploy(build_bot(old.settings))
    first = await world.carol.click(last.response, label=league_texts.BUTTON_FIRST)
    assert first.acknowledged and first.response is not None
    assert "step 0 " in embed_text(first.response)
    assert league_texts.REPLAY_START in embed_text(first.response)
    assert pager_of(first.response)[0] == (league_texts.BUTTON_FIRST, True)


async def test_a_replayed_duel_reads_like_its_live_log(world: World) -> None:
    live: list[str] = []
    match_id = await finished_duel(world, live)
    history = world.bot.get_cog("History").history  # type: ignore[union-attr]
    start = await history.step(world.guild.id, match_id, 0)
    replayed: list[str] = []
    raw: list[str] = []
    for step in range(start.steps):
        shown = await history.step(world.guild.id, match_id, step)
        lines = public_event_lines(shown.match, shown.events)
        replayed.extend(lines)
        # An event with no wording of its own falls back to its name: none may.
        pairs = zip(shown.events, lines, strict=True)
        raw += [e.kind for e, line in pairs if line == e.kind.replace("_", " ")]
    assert replayed == live
    assert not raw, sorted(set(raw))
