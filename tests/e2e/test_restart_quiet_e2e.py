"""A restart shows nothing a player can see (issue 13, item 9): no table edit by itself, no
"Last moves" line dropped, no second hand DM when nobody acted; a match whose record cannot be
read is quarantined with a notice on its table, and a server manager ends it; a turn clock
that ran out while the bot was down plays no timeout move."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.client import Backstab
from bot.config import Settings
from bot.screens.table import LOG_LINES
from bot.words import error_texts, lobby_texts
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start, play_to_the_end
from tests.e2e.helpers import buttons, embed_text, message_in, selects
from tests.e2e.test_games_e2e import dm_posts, games_bot, start_games_bot
from tests.e2e.test_league_e2e import admin
from tests.support.inspect_db import InspectDb


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


async def restart(world: World) -> None:
    """A stop, then a start: the old process closes first (what it holds, the delivery marks
    among it, is written: ``MatchService.close``), as a deploy stops the old bot."""
    old = world.bot
    await world.redeploy(games_bot(old.settings))
    await world.env.settle()


def table_edits(world: World, table_id: int) -> int:
    return sum(
        1
        for r in world.env.http_requests
        if r.method == "PATCH" and r.path.endswith(f"/messages/{table_id}")
    )


def clicks(n: int) -> Any:
    counter = itertools.count()
    return lambda _state: next(counter) >= n


async def test_restarts_between_moves_change_nothing_a_player_sees(world: World) -> None:
    match_id, table_id = await open_and_start(world, "classic", world.bob, world.carol, seats=3)
    humans = {0: world.alice, 1: world.bob, 2: world.carol}
    players = (world.alice, world.bob, world.carol)
    for round_ in range(6):
        await play_to_the_end(world, match_id, table_id, humans, until=clicks(2 + round_ % 3))
        await world.env.settle()
        if (await world.bot.service.get(match_id)).status != "live":
            break
        dms = [dm_posts(world, p) for p in players]
        edits = table_edits(world, table_id)
        shown = embed_text(message_in(world.channel, table_id))
        await restart(world)
        assert [dm_posts(world, p) for p in players] == dms, f"a hand re-sent (round {round_})"
        assert table_edits(world, table_id) == edits, f"the table redrawn (round {round_})"
        # The first click after the restart does not redraw a table that is up to date.
        hand = await world.alice.click(
            message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
        )
        assert hand.ephemeral
        await world.env.settle()
        assert table_edits(world, table_id) == edits
        assert embed_text(message_in(world.channel, table_id)) == shown
    # The next move redraws the table with the lines from before the restart kept.
    before = embed_text(message_in(world.channel, table_id))
    if (await world.bot.service.get(match_id)).status == "live":
        old_lines = log_tail(before)
        assert old_lines  # the tail drawn after the restart came from before it
        await play_to_the_end(world, match_id, table_id, humans, until=clicks(1))
        await world.env.settle()
        kept = log_tail(embed_text(message_in(world.channel, table_id)))
        # Kept unless the move's own lines filled the whole tail.
        assert old_lines[-1] in kept or len(kept) == LOG_LINES


def log_tail(table: str) -> list[str]:
    """The table's last moves: its small lines ("-# "), but the move number that ends them."""
    return [line[3:] for line in table.splitlines() if line.startswith("-# ")][:-1]


async def test_an_unreadable_match_is_quarantined_and_a_manager_ends_it(world: World) -> None:
    broken, broken_table = await open_and_start(world, "duel", world.bob)
    await play_to_the_end(
        world, broken, broken_table, {0: world.alice, 1: world.bob}, until=clicks(2)
    )
    path = world.bot.settings.database
    await world.env.settle()
    raw = InspectDb(path)
    raw.execute("DROP TRIGGER actions_append_only_update")
    raw.execute("UPDATE actions SET action_json = 'x{' WHERE match_id = ?", (broken,))
    await restart(world)
    assert world.bot.service.quarantined == {broken: "unreadable"}
    notice = message_in(world.channel, broken_table)
    assert error_texts.MATCH_QUARANTINED.format(match=broken) in embed_text(notice)
    assert not buttons(notice) and not selects(notice)  # nothing to click on a paused match
    refused = await world.bob.slash(world.channel, "match end", id=broken)
    assert refused.response is not None
    assert error_texts.MATCH_END_NOT_ADMIN in (refused.response.content or "")
    done = await admin(world).slash(world.channel, "match end", id=broken)
    assert done.response is not None
    assert error_texts.MATCH_END_DONE.format(match=broken) in (done.response.content or "")
    await world.env.settle()
    match = await world.bot.service.get(broken)
    assert match.status == "cancelled" and match.outcome is None
    ended = embed_text(message_in(world.channel, broken_table))
    assert "ended with no result" in ended


async def test_a_clock_that_ran_out_during_the_outage_plays_no_timeout(world: World) -> None:
    match_id, table_id = await open_and_start(world, "duel", world.bob)
    await world.env.settle()
    before = await world.bot.service.get(match_id)
    assert before.deadline_at is not None
    log = await world.bot.service.action_log(match_id)
    # The bot was down for an hour: the match's last write and its deadline are in the past.
    hour = 3600.0
    raw = InspectDb(world.bot.settings.database)
    raw.execute(
        "UPDATE matches SET updated_at = updated_at - ?, deadline_at = deadline_at - ?",
        (hour, hour),
    )
    raw.execute("UPDATE seats SET timeouts = 2 WHERE match_id = ?", (match_id,))
    await restart(world)
    after = await world.bot.service.get(match_id)
    assert await world.bot.service.action_log(match_id) == log  # no timeout move
    assert all(s.timeouts == 2 and not s.afk for s in after.seats)
    assert after.deadline_at is not None and after.deadline_at >= before.deadline_at - 1
    # Its table showed a clock that had run out: it is redrawn with the new one.
    content = embed_text(message_in(world.channel, table_id))
    assert f"<t:{int(after.deadline_at)}:R>" in content
