"""Asking for help through SimCord (issue 27.5): in her fight Alice picks who she asks from
Ask for help… ("Ask Ada (AI) to help…"), the share from the builder ("Offer your Bucket Helm"),
then Send, which names both; three taps, and the engine plays exactly that call."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.games.quest import words
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start
from tests.e2e.helpers import buttons, selects
from tests.e2e.test_quest_e2e import quest_bot, quest_state
from tests.e2e.test_quest_fight_e2e import _hand, _stage

if TYPE_CHECKING:
    from bot.client import Backstab

SCENARIO = Path(__file__).parents[1] / "scenarios" / "quest" / "help_bribe_item_paid_after.toml"
QUEST = load_game("quest")


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    return quest_bot(settings)


def _select(message: Any, placeholder_start: str) -> dict[str, Any]:
    [found] = [s for s in selects(message) if s["placeholder"].startswith(placeholder_start)]
    return found


async def test_alice_asks_for_help_offering_her_helm_in_three_taps(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Alice fights the Cave Trollkin with a Bucket Helm in play; Ada (AI) may be asked to help.
    _stage(monkeypatch, SCENARIO)
    match_id, table_id = await open_and_start(world, "quest", seats=2)
    state = await quest_state(world, match_id)
    [helm] = state.gear[0]  # the Bucket Helm, worn
    target = next(a for a in QUEST.legal_actions(state, 0) if a.key == f"ask.1.0.0.{helm}")
    before = len(await world.bot.service.action_log(match_id))
    hand = await _hand(world, table_id)
    [menu] = [s for s in selects(hand) if s["placeholder"] == words.G_HELP]
    [entry] = menu["options"]  # one seat may be asked: one entry, no share listed yet
    assert entry["label"] == words.HA_ENTRY.format(name="Ada (AI)")
    # tap 1: who is asked
    picked = await world.alice.select(hand, [entry["value"]], custom_id=menu["custom_id"])
    built = picked.response
    assert built is not None
    [share] = [s for s in selects(built) if s["placeholder"].startswith("Share")]
    [offer] = [o for o in share["options"] if o["label"] == "Offer your Bucket Helm"]
    # tap 2: the share
    picked = await world.alice.select(built, [offer["value"]], custom_id=share["custom_id"])
    built = picked.response
    assert built is not None
    [send] = [b for b in buttons(built) if b.get("label", "").startswith("Ask Ada")]
    assert send["label"] == "Ask Ada (AI), offering your Bucket Helm"
    # tap 3: Send plays exactly the call built
    await world.alice.click(built, custom_id=send["custom_id"])
    log = await world.bot.service.action_log(match_id)
    assert [a.key for a in log[before:] if a.seat == 0][:1] == [target.key]
