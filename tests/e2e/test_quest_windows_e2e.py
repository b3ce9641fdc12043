"""Quest's die windows and a fight's rolling and after stages are response windows like
classic's and duel's (issue 27.1, 27.9): a quest match at the server's default timers with two
people who play their own turns and never press Pass. Every window they sit in waits on the
window clock (15 s, not the 120 s turn clock), lapses into their passes and never counts as
being away: after many more lapsed windows than the three timeouts that hand a seat
to the AI, both people still play their own seats."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import pytest

from bot.config import Settings
from bot.core.clock import AFK_TIMEOUTS
from bot.words import lobby_texts
from engine.core import Rng
from engine.core.record import replay
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.driver import choose_on, open_and_start
from tests.e2e.helpers import embed_text, message_in

if TYPE_CHECKING:
    from bot.client import Backstab

SEED = 7
WINDOWS = 2 * AFK_TIMEOUTS + 2  # lapsed windows to sit through: far past the AFK hand-over
MAX_STEPS = 600


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    from bot.client import create_bot

    return create_bot(settings, games=["quest"])


async def test_quest_windows_lapse_on_the_window_clock_and_nobody_is_marked_away(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 27.1, 27.9: the defaults (turn 120 s, window 15 s), auto-pass on (the default).
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: SEED)
    service = world.bot.service
    rules = service.settings.defaults
    match_id, table_id = await open_and_start(world, "quest", world.bob, seats=4)
    people = {0: world.alice, 1: world.bob}
    game = load_game("quest")
    lapsed: list[str] = []
    used = {"clicks": 0, "selects": 0, "pages": 0}
    for step in range(MAX_STEPS):
        match = await service.get(match_id)
        if match.status != "live" or len(lapsed) >= WINDOWS:
            break
        state = replay(game, await service.record(match_id))
        window = game.window(state)
        waiting = sorted(game.deciders(state) & people.keys())
        assert waiting, f"no person decides at step {step} (AI stuck?)"
        if window is not None:
            # A window: the people never press Pass; it waits on its own clock and lapses.
            assert match.deadline_kind == "window", (window, match.deadline_kind)
            assert match.deadline is not None
            left = match.deadline - asyncio.get_running_loop().time()
            assert left <= rules.window_seconds
            await world.env.advance_time(left + 1)
            await world.env.settle()
            after = await service.get(match_id)
            assert after.version > match.version, "the window did not lapse"
            lapsed.append(window.about)
            for seat in people:
                info = next(s for s in after.seats if s.seat == seat)
                assert not info.afk and info.ai_level is None and info.timeouts == 0, info
            continue
        # Their own decisions, through My hand, as the heuristic would choose them.
        seat = waiting[0]
        player = people[seat]
        action = game.ai_action(state, seat, Rng(step + 1), "heuristic")
        hand = await player.click(
            message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND
        )
        assert hand.response is not None
        assert await choose_on(player, hand.response, action.key, used), action.key
    assert len(lapsed) >= WINDOWS, f"only {len(lapsed)} windows in {MAX_STEPS} steps: {lapsed}"
    assert any(about.startswith("die:") for about in lapsed)
    match = await service.get(match_id)
    assert all(not s.afk for s in match.seats if s.seat in people)
    assert "AI plays" not in embed_text(message_in(world.channel, table_id))
