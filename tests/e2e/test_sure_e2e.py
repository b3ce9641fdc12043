"""No move that cannot be taken back on one tap (issue 27.2), through SimCord: declaring
yourself dead in quest asks "Yes, ..." on the same private hand and plays only on that second
press; a stale or forged "Yes" changes nothing; ``/match concede`` asks "Yes, concede" first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.render import parse_custom_id
from bot.render.ids import SURE_PREFIX
from bot.words import error_texts, lobby_texts, play_texts
from tests.e2e.conftest import World
from tests.e2e.driver import open_and_start, play_to_the_end
from tests.e2e.helpers import buttons, embed_text, labels, message_in, selects
from tests.e2e.test_quest_e2e import QUEST_SEED, quest_bot, quest_state
from tests.fuzz.test_custom_ids import bot_message_with
from tests.support.quest_turns import own_free_move

if TYPE_CHECKING:
    from bot.client import Backstab


@pytest.fixture
async def simcord_bot(settings: Settings) -> Backstab:
    return quest_bot(settings)


async def _pick(world: World, message: Any, key: str) -> Any:
    """Alice chooses ``key`` in whichever select of her hand offers it (More… if needed)."""
    for _ in range(3):
        for select in selects(message):
            if any(o["value"] == key for o in select["options"]):
                result = await world.alice.select(message, [key], custom_id=select["custom_id"])
                assert result.response is not None
                return result.response
        more = next(b for b in buttons(message) if b.get("label") == play_texts.PAGER_MORE)
        message = (await world.alice.click(message, custom_id=more["custom_id"])).response
    raise AssertionError(f"{key} not on Alice's hand")


async def test_declaring_yourself_dead_asks_yes_once_and_a_stale_or_forged_yes_does_nothing(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 27.2
    monkeypatch.setattr("bot.core.service.secrets.randbits", lambda bits: QUEST_SEED)
    match_id, table_id = await open_and_start(world, "quest", seats=2)
    await play_to_the_end(world, match_id, table_id, {0: world.alice}, until=own_free_move)
    before = await world.bot.service.get(match_id)
    table = message_in(world.channel, table_id)
    hand = (await world.alice.click(table, label=lobby_texts.BUTTON_HAND)).response
    assert hand is not None
    asked = await _pick(world, hand, "die")
    # The first press only asks, on the same message: nothing is played.
    assert asked.id == hand.id
    assert labels(asked) == ["Yes, declare yourself dead", play_texts.PAGER_BACK]
    assert "It cannot be taken back" in embed_text(asked)
    assert (await world.bot.service.get(match_id)).version == before.version
    assert not (await quest_state(world, match_id)).dead[0]
    # ◀ Back: the hand again, still nothing played.
    back = await world.alice.click(asked, label=play_texts.PAGER_BACK)
    assert back.response is not None and "Yes, declare yourself dead" not in labels(back.response)
    # A "Yes" of another version, and a "Yes" for a move the game does not call
    # irreversible (a forged id): answered, nothing changed.
    for forged in (f"{before.version - 1}:{SURE_PREFIX}die", f"{before.version}:sure-end_turn"):
        custom_id = f"bs:{match_id}:{forged}"
        message = await bot_message_with(world, custom_id)
        await world.alice.click(message_in(world.channel, message.id), custom_id=custom_id)
        assert (await world.bot.service.get(match_id)).version == before.version, forged
    assert not (await quest_state(world, match_id)).dead[0]
    # Asked again on a fresh hand (a refusal answered with a new one), and "Yes": now she is
    # dead (R128).
    hand = (await world.alice.click(table, label=lobby_texts.BUTTON_HAND)).response
    asked = await _pick(world, hand, "die")
    [yes] = [
        b
        for b in buttons(asked)
        if (p := parse_custom_id(b.get("custom_id", ""))) and p.key == f"{SURE_PREFIX}die"
    ]
    played = len(await world.bot.service.action_log(match_id))
    await world.alice.click(asked, custom_id=yes["custom_id"])
    # Played once, and only now (read from the log: with no monster on the board the Monster
    # Turn opens no die window since issue 27.3, so the AI plays on and she may be back).
    log = await world.bot.service.action_log(match_id)
    assert [(a.seat, a.kind) for a in log[played:]].count((0, "die")) == 1


async def test_concede_asks_yes_concede_first(world: World) -> None:
    # issue 27.2
    match_id, _ = await open_and_start(world, "quest", seats=2)
    asked = await world.alice.slash(world.channel, "match concede")
    assert asked.response is not None and asked.response.ephemeral
    assert labels(asked.response) == [play_texts.CONCEDE_YES]
    match = await world.bot.service.get(match_id)
    assert match.status == "live" and not (await quest_state(world, match_id)).out[0]
    done = await world.alice.click(asked.response, label=play_texts.CONCEDE_YES)
    assert done.response is not None
    assert error_texts.CONCEDED.format(match=match_id) in embed_text(done.response)
    assert (await world.bot.service.get(match_id)).status == "finished"
