"""A builder survives the table moving on (issue 18): while a player is half-way through the
bargain builder (# 004: Asking for Help) or the trade builder (# 004: Items (Trading)),
another player's move redraws the table and every live hand; the builder stays open with the
parts already set, and the player finishes it from where they were."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from bot.games.classic import words
from bot.games.classic.cards_text import name_of
from bot.games.classic.trade_builder import Trade, entry
from bot.words import lobby_texts
from engine.core import Action
from engine.core.record import replay
from engine.games import load_game
from tests.e2e.conftest import World
from tests.e2e.driver import build_trade, open_until
from tests.e2e.helpers import components, message_in
from tests.e2e.test_bargain_builder_e2e import (
    _alice_asks_bob,
    _build,
    _hand,
    _richest,
    _state,
    _tap,
    _terms,
)
from tests.e2e.test_games_e2e import _click_key, games_bot, start_games_bot
from tests.e2e.test_offturn_trade_e2e import _control, _swap

if TYPE_CHECKING:
    from bot.client import Backstab


@pytest.fixture
async def simcord_bot(settings: Any, tiny_game: str) -> Backstab:
    return await start_games_bot(settings)


def _chosen(message: Any) -> str:
    """What a builder shows as set: its pressed (disabled) buttons and its selects' headers."""
    found = [c.get("label") or "" for c in components(message) if c.get("disabled")]
    found += [c.get("placeholder") or "" for c in components(message) if c.get("options")]
    return " | ".join(found)


def _as_stored(world: World, player: Any, message: Any) -> Any:
    """The player's ephemeral hand as the channel now holds it (edited in place)."""
    for shown in world.channel.history(viewer=player):
        if shown.id == message.id:
            return shown
    raise AssertionError("the hand is gone")


async def test_a_help_offer_half_built_survives_a_restart_and_the_first_redraw(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 30.8: the builder's parts lived in memory only, so the first redraw after a
    # restart (another player's move) reset Alice's half-built offer.
    match_id, table_id = await _alice_asks_bob(world, monkeypatch)
    state = await _state(world, match_id)
    target = _richest(_terms(state, 0, "propose"), first=0)
    assert target.share, "nothing to share"
    key = f"propose.{target.share}.0.{target.gold}"
    hand = await _tap(world.alice, await _hand(world, world.alice, table_id), key)
    share = words.BUILD_TREASURE_OPTION[min(target.share, 2)].format(share=target.share)
    assert share in _chosen(hand)
    old = world.bot
    await world.redeploy(games_bot(old.settings))
    await world.env.settle()
    game = load_game("classic")
    gift = next(a for a in game.legal_actions(state, 1) if a.kind == "give_gold")
    version = (await world.bot.service.get(match_id)).version
    await _click_key(world.bob, await _hand(world, world.bob, table_id), gift.key)
    assert (await world.bot.service.get(match_id)).version > version
    shown = _as_stored(world, world.alice, hand)
    assert share in _chosen(shown), "the first redraw after the restart reset the offer"
    assert await _build(world.alice, shown, key) == 2  # the gold, then Send
    assert (await _state(world, match_id)).pending[-1].kind == "help"


async def test_a_help_offer_half_built_survives_a_redraw(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, table_id = await _alice_asks_bob(world, monkeypatch)
    state = await _state(world, match_id)
    target = _richest(_terms(state, 0, "propose"), first=0)
    assert target.share, "nothing to share"
    key = f"propose.{target.share}.0.{target.gold}"
    hand = await _tap(world.alice, await _hand(world, world.alice, table_id), key)
    share = words.BUILD_TREASURE_OPTION[min(target.share, 2)].format(share=target.share)
    assert share in _chosen(hand)
    # Bob moves meanwhile (# 004: When You May Take Actions: gold may be given at any time):
    # the table and Alice's live hand are redrawn.
    game = load_game("classic")
    gift = next(a for a in game.legal_actions(state, 1) if a.kind == "give_gold")
    version = (await world.bot.service.get(match_id)).version
    await _click_key(world.bob, await _hand(world, world.bob, table_id), gift.key)
    assert (await world.bot.service.get(match_id)).version > version
    shown = _as_stored(world, world.alice, hand)
    assert share in _chosen(shown), "the redraw reset the offer"
    assert await _build(world.alice, shown, key) == 2  # the gold, then Send
    pending = (await _state(world, match_id)).pending[-1]
    assert pending.kind == "help"
    assert (pending.terms.share, pending.terms.gold) == (target.share, target.gold)


async def test_an_offturn_trade_half_built_survives_a_redraw(world: World) -> None:
    humans = {0: world.alice, 1: world.bob, 2: world.carol}
    game = load_game("classic")
    match_id, table_id = await open_until(
        world,
        "classic",
        lambda state: _swap(state) is not None,
        players=humans,
        missing="no off-turn swap between two people came up",
        seats=3,
    )
    state = replay(game, await world.bot.service.record(match_id))
    offer = _swap(state)
    assert offer is not None
    partner, give, take = (int(x) for x in offer.args)
    offerer = humans[offer.seat]
    [decider] = game.deciders(state)

    def keeps_the_swap(action: Action) -> bool:
        """The swap stays open to the offerer, and nothing new is asked of them (that
        would rightly show first)."""
        after = state.clone()
        game.apply(after, action)
        asked = offer.seat in game.deciders(after)
        return offer in game.legal_actions(after, offer.seat) and not asked

    move = next((a for a in game.legal_actions(state, decider) if keeps_the_swap(a)), None)
    if move is None:
        pytest.skip("every move of the decider ends the chance to trade")
    # The offerer opens the builder on their item (its entry on the hand: one tap).
    hand = await offerer.click(message_in(world.channel, table_id), label=lobby_texts.BUTTON_HAND)
    assert hand.response is not None
    found = await _control(offerer, hand.response, entry(give))
    if found.select:
        opened = await offerer.select(found.page, [entry(give)], custom_id=found.custom_id)
    else:
        opened = await offerer.click(found.page, custom_id=found.custom_id)
    builder = opened.response
    assert builder is not None
    item = name_of(give)[:20]
    assert item in _chosen(builder) and words.TRADE_SEND in str(components(builder))
    # The decider moves; the table and the offerer's live hand are redrawn.
    decider_hand = await _hand(world, humans[decider], table_id)
    await _click_key(humans[decider], decider_hand, move.key)
    shown = _as_stored(world, offerer, builder)
    assert item in _chosen(shown), "the redraw closed the trade builder"
    used: dict[str, int] = {}
    assert await build_trade(offerer, shown, Trade(partner, give, take, 0), used)
    after = replay(game, await world.bot.service.record(match_id))
    made = (offer.seat, partner, give, take)
    assert made in [(o.offerer, o.partner, o.mine, o.theirs) for o in after.open_offers]
