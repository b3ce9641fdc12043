"""The away rule across restarts (docs/reliability.md, docs/ux.md "The away rule"): several
lapses in one turn count once towards being away, and a deploy in the middle of that turn
changes nothing. The seats whose lapse already counted in the turn being played are stored
with each move (``matches.lapsed_seats``), so the restarted bot reads them back; kept in
memory only, a second lapse after the restart counted again and the seat went to the AI a
turn early. A duel at the default clocks where nobody presses anything: the opening asks
Alice twice in one turn (keep her hand, then who goes first), and the bot is redeployed
after every lapse of hers."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest

from bot.client import Backstab
from bot.config import Settings
from bot.core.clock import AFK_TIMEOUTS
from engine.core import Game
from engine.core.record import MatchRecord
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start
from tests.e2e.test_games_e2e import games_bot, start_games_bot

SEED = 2  # Alice's opening: her hand kept and the first player chosen, one turn's two lapses
MAX_LAPSES = 40


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    return await start_games_bot(settings, ["duel"])


def replayed(game: Game[Any, Any], record: MatchRecord) -> tuple[Any, int]:
    """The record's state and how many turns it started (``Game.turn_started``)."""
    header = record.header
    state = game.new(header.seats, header.seed, header.options)
    turns = 0
    for action in record.action_list():
        events = game.apply(state, action)
        turns += sum(1 for event in events if game.turn_started(event) is not None)
    return state, turns


async def test_a_restart_in_the_middle_of_a_turn_counts_its_lapses_once(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: SEED)
    match_id, _table = await open_and_start(world, "duel", world.bob)
    game = load_game("duel")
    lapses: Counter[int] = Counter()  # Alice's lapsed decisions, by the turn they fell in
    restarts = 0
    for _ in range(MAX_LAPSES):
        service = world.bot.service
        match = await service.get(match_id)
        alice = next(s for s in match.seats if s.seat == 0)
        if match.status != "live" or alice.afk:
            break
        state, turn = replayed(game, await service.record(match_id))
        mine = game.window(state) is None and 0 in game.deciders(state)
        assert match.deadline is not None, "nobody is waited on (AI stuck?)"
        await world.env.advance_time(match.deadline - asyncio.get_running_loop().time() + 1)
        await world.env.settle()
        after = await service.get(match_id)
        assert after.version > match.version, "the clock did not run out"
        if not mine:
            continue
        lapses[turn] += 1
        seat = next(s for s in after.seats if s.seat == 0)
        turns = len(lapses)  # turns in a row with a lapse: she pressed nothing since
        assert seat.timeouts == min(turns, AFK_TIMEOUTS), (lapses, seat)
        assert seat.afk == (turns >= AFK_TIMEOUTS), (lapses, seat)
        # A deploy right after her lapse: the stored match keeps what this turn counted.
        await world.redeploy(games_bot(world.bot.settings, ["duel"]))
        await world.env.settle()
        restarts += 1
        again = await world.bot.service.get(match_id)
        assert next(s for s in again.seats if s.seat == 0) == seat  # as stored before it
    # Her opening lapsed twice in one turn with a restart in between, and counted once.
    assert lapses[0] >= 2 and restarts > len(lapses), lapses
    match = await world.bot.service.get(match_id)
    alice = next(s for s in match.seats if s.seat == 0)
    assert alice.afk and len(lapses) == AFK_TIMEOUTS, lapses
