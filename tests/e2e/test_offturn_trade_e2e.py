"""An off-turn trade between two people through SimCord: while a third player decides, Bob
offers Carol a swap from his "My hand", built on the trade builder with coins; Carol is dealt
a fresh hand DM that names the offer, takes it with a button that says what she gets and
from whom, and the items change places.

# 004: Items (Trading): items on the table may be traded at any time outside combat, best
when it is not your turn; # 004: When You May Take Actions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest

from bot.config import Settings
from bot.games.classic import words as classic_words
from bot.games.classic.cards_text import name_of, short
from bot.games.classic.trade_builder import Trade, entry
from bot.render import parse_custom_id
from bot.render.model import LABEL_LIMIT, clip
from bot.words import lobby_texts, play_texts
from engine.core import Action
from engine.core.record import replay
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.driver import MAX_PAGES, build_trade, open_until, turn_page
from tests.e2e.helpers import buttons, embed_text, message_in, selects
from tests.e2e.test_games_e2e import start_games_bot
from tests.e2e.test_play_e2e import dm_posts, last_dm

if TYPE_CHECKING:
    from bot.client import Backstab

NAMES = ("Alice", "Bob", "Carol")


@pytest.fixture
async def simcord_bot(settings: Settings, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


def _swap(state: Any) -> Action | None:
    """An item-for-item offer one seat nobody waits on may make to another such seat."""
    game = load_game("classic")
    free = game.free_actors(state)
    for seat in sorted(free):
        for action in game.legal_actions(state, seat):
            if action.kind == "offer" and action.args[0] in free and int(action.args[2]) >= 0:
                return action
    return None


def _selects(message: Any) -> list[dict[str, Any]]:
    return selects(message)


@dataclass
class Found:
    """A control found on a private hand: its label, the page holding it and how to use it."""

    label: str
    page: Any
    custom_id: str
    select: bool

    async def use(self, actor: Any, key: str) -> None:
        if self.select:
            await actor.select(self.page, [key], custom_id=self.custom_id)
        else:
            await actor.click(self.page, custom_id=self.custom_id)


async def _control(actor: Any, message: Any, key: str) -> Found:
    """The control for ``key`` on a hand, paging as a person would. ``actor`` is the member
    (an ephemeral hand in the server) or the user (a hand DM)."""
    for _ in range(MAX_PAGES):
        for button in buttons(message):
            parsed = parse_custom_id(button.get("custom_id", ""))
            if parsed is not None and parsed.key == key:
                return Found(str(button["label"]), message, button["custom_id"], False)
        for select in _selects(message):
            for option in select["options"]:
                if option["value"] == key:
                    return Found(str(option["label"]), message, select["custom_id"], True)
        turn = turn_page(message)  # Next ▶, else the hand's More… step (issue 18)
        if turn is None:
            break
        paged = await actor.click(message, custom_id=turn)
        message = paged.response or message
    raise AssertionError(f"{key} is not on the hand")


async def test_an_offturn_swap_reaches_the_partner_by_dm_and_is_taken(world: World) -> None:
    humans = {0: world.alice, 1: world.bob, 2: world.carol}
    match_id, table_id = await open_until(
        world,
        "classic",
        lambda state: _swap(state) is not None,
        players=humans,
        missing="no off-turn swap between two people came up",
        seats=3,
    )
    game = load_game("classic")
    state = replay(game, await world.bot.service.record(match_id))
    offer = _swap(state)
    assert offer is not None
    partner, give, take = (int(x) for x in offer.args)
    offerer = humans[offer.seat]
    [decider] = game.deciders(state)
    assert {offer.seat, partner}.isdisjoint({decider})  # neither is the one waited on

    # The offerer builds the swap on the trade builder (issue 18): the item's entry on the
    # hand, what is asked for (named by its owner), the coins, Send: four taps.
    hand = await offerer.click(message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND)
    assert hand.response is not None
    found = await _control(offerer, hand.response, entry(give))
    assert found.label == f"Trade away {name_of(give)}…"
    coins = 100 if state.gold[offer.seat] >= 100 else 0
    dms_before = dm_posts(world, humans[partner])
    used: dict[str, int] = {}
    assert await build_trade(offerer, found.page, Trade(partner, give, take, coins), used)
    assert used["builder"] == (4 if coins else 3)

    # The partner learns of it in private: a fresh hand DM with the offer and its answers.
    assert dm_posts(world, humans[partner]) == dms_before + 1
    dm = last_dm(humans[partner])
    words = embed_text(dm)
    assert (
        classic_words.OFFER_TO_YOU.format(
            seat=NAMES[offer.seat], card=short(give), item=short(take)
        )
        in words
    )
    assert play_texts.HAND_OFF_TURN.format(name=NAMES[decider]) in words  # not their move
    if coins:
        said = classic_words.OFFER_GOLD_TO_YOU.format(seat=NAMES[offer.seat], gold=coins)
        assert said in words
    accept = Action(partner, "accept", (give, take, offer.seat, coins))
    found = await _control(humans[partner].user, dm, accept.key)
    said = f"Take {NAMES[offer.seat]}'s {name_of(give)} for your {name_of(take)}"
    assert found.label == clip(said, LABEL_LIMIT)  # cut to a phone's width (issue 18)
    await found.use(humans[partner].user, accept.key)

    after = replay(game, await world.bot.service.record(match_id))
    assert give in after.items[partner] and take in after.items[offer.seat]
    assert after.gold[partner] == state.gold[partner] + coins
    assert game.deciders(after) == {decider}  # nobody waited on the trade
    table = embed_text(message_in(world.channel, table_id))
    assert f"{NAMES[offer.seat]} offers {NAMES[partner]} a trade." in table
    assert f"{NAMES[partner]} accepts the trade." in table
