"""A player who is not deciding curses the player whose turn it is, from their own "My hand",
through SimCord (# 004: When You May Take Actions: a curse may be played at any time)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.words import lobby_texts
from engine.core import Action
from engine.core.record import replay
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.driver import choose_on, open_and_start, play_to_the_end
from tests.e2e.helpers import message_in
from tests.e2e.test_games_e2e import start_games_bot

if TYPE_CHECKING:
    from bot.client import Backstab

HUMANS = (0, 1)
# The match's seed is drawn at start (bot/core/service.py); a random one sometimes dealt no curse
# to a human before the match ended (a skip). This seed deals one early in its first match.
SEED = 1


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


def _curse_on_turn_player(state: Any) -> Action | None:
    """A curse a human who is not deciding may play on the player whose turn it is."""
    game = load_game("classic")
    for seat in HUMANS:
        if seat == state.turn or seat not in game.free_actors(state):
            continue
        for action in game.legal_actions(state, seat):
            if action.kind == "curse" and action.args[1] == state.turn:
                return action
    return None


async def test_a_human_off_turn_curses_the_turn_player_from_their_hand(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    humans = {0: world.alice, 1: world.bob}
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: SEED)
    match_id, table_id = await open_and_start(world, "classic", world.bob, seats=3)
    await play_to_the_end(
        world,
        match_id,
        table_id,
        humans,
        until=lambda state: _curse_on_turn_player(state) is not None,
    )
    assert (await world.bot.service.get(match_id)).status == "live", "no curse came to hand"
    game = load_game("classic")
    state = replay(game, await world.bot.service.record(match_id))
    curse = _curse_on_turn_player(state)
    assert curse is not None
    waiting = game.deciders(state)
    assert curse.seat not in waiting  # nobody is waiting on the curser
    player = humans[curse.seat]
    hand = await player.click(message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND)
    assert hand.ephemeral and hand.response is not None
    used = {"selects": 0, "pages": 0}
    assert await choose_on(player, hand.response, curse.key, used), "the curse is not offered"
    log = await world.bot.service.action_log(match_id)
    assert curse in log
    after = replay(game, await world.bot.service.record(match_id))
    assert curse.args[0] not in after.hands[curse.seat]
