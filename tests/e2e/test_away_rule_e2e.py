"""The away rule (docs/ux.md "The away rule"; played as new users, 2026-12-02): a person who
reads their first fight for longer than the turn clock is not marked away by it. A quest
match at the server's default clocks (120 s a turn, 15 s a window): Alice plays her own
turns through My hand until her first fight, then presses nothing at all, as a person still
reading its cards; Bob plays his. Her fight's decisions lapse one by one (each on its own
clock) and, however many lapse in one turn, they count once: she is handed to the AI only
once lapses fell in ``AFK_TIMEOUTS`` turns in a row, never before."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import TYPE_CHECKING

import pytest

from bot.config import Settings
from bot.core.clock import AFK_TIMEOUTS
from bot.games.quest.charity import built_charity
from bot.words import lobby_texts
from engine.core import Rng
from engine.core.record import replay
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.driver import _chooser, build_charity, choose_on, open_and_start
from tests.e2e.helpers import embed_text, message_in

if TYPE_CHECKING:
    from bot.client import Backstab

SEED = 7
MAX_STEPS = 900


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    from bot.client import create_bot

    return create_bot(settings, games=["quest"])


async def test_a_first_fight_left_to_its_clock_does_not_hand_the_seat_to_the_ai(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: SEED)
    service = world.bot.service
    rules = service.settings.defaults
    match_id, table_id = await open_and_start(world, "quest", world.bob, seats=4)
    people = {0: world.alice, 1: world.bob}
    game = load_game("quest")
    used = {"clicks": 0, "selects": 0, "pages": 0}
    reading = False  # Alice's first fight began: from then on she presses nothing
    lapses: Counter[int] = Counter()  # Alice's lapsed decisions, by the turn they fell in
    for step in range(MAX_STEPS):
        match = await service.get(match_id)
        alice = next(s for s in match.seats if s.seat == 0)
        if match.status != "live" or alice.afk:
            break
        state = replay(game, await service.record(match_id))
        view = game.view(state, None)
        fight = view.fight
        if fight is not None and fight.main == 0:
            reading = True
        waiting = sorted(game.deciders(state) & people.keys())
        assert waiting, f"no person decides at step {step} (AI stuck?)"
        assert match.deadline is not None
        left = match.deadline - asyncio.get_running_loop().time()
        if game.window(state) is not None or (reading and 0 in waiting):
            # Nobody presses Pass; Alice, reading, lets her own decision lapse too.
            assert left <= (rules.window_seconds if game.window(state) else rules.turn_seconds)
            mine = game.window(state) is None and 0 in waiting
            await world.env.advance_time(left + 1)
            await world.env.settle()
            after = await service.get(match_id)
            assert after.version > match.version, "the clock did not run out"
            if mine:
                lapses[view.turn_no] += 1
                seat = next(s for s in after.seats if s.seat == 0)
                turns = len(lapses)  # turns in a row with a lapse: she pressed nothing since
                assert seat.afk == (turns >= AFK_TIMEOUTS), (lapses, seat)
                assert seat.timeouts == min(turns, AFK_TIMEOUTS), (lapses, seat)
            continue
        seat_no = waiting[0]
        player = people[seat_no]
        action = game.ai_action(state, seat_no, Rng(step + 1), "heuristic")
        hand = await player.click(
            message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
        )
        assert hand.response is not None
        gift = built_charity(game, state, action, _chooser(game, seat_no, step + 2))
        if gift is not None:  # a charity is chosen whole (issue 27.5)
            assert await build_charity(player, hand.response, gift, used)
        else:
            assert await choose_on(player, hand.response, action.key, used), action.key
    assert reading, "Alice never fought"
    # Her first fight alone lapsed more decisions than the hand-over's count would allow if
    # each counted, and she was still hers after it.
    assert max(lapses.values()) >= 2, lapses
    assert sum(lapses.values()) > len(lapses), lapses
    match = await service.get(match_id)
    alice = next(s for s in match.seats if s.seat == 0)
    assert alice.afk and len(lapses) == AFK_TIMEOUTS, lapses
    assert "AI plays" in embed_text(message_in(world.channel, table_id))
