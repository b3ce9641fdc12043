"""The builders' state in custom ids reads back exactly (seat 0 and card 0 included), and the
one function deciding what Send plays picks only legal moves, in the engine's order."""

from __future__ import annotations

from bot.games.classic import bargain, trade_builder
from bot.games.classic.trade_builder import Context, Trade, plan
from bot.render.ids import make_custom_id, parse_custom_id
from engine.core import Action
from engine.core.nothing import NOTHING


def test_a_trade_key_reads_back_whatever_it_holds() -> None:
    for trade in (
        Trade(0, 0, NOTHING, 0),
        Trade(2, 117, 0, 300),
        Trade(1, 5, 9, -1200),
        Trade(None, 7, None, 0),
    ):
        for tail in ((), (trade_builder.SEND,), (trade_builder.ASK,)):
            key = trade.key(*tail)
            parsed = parse_custom_id(make_custom_id(2**62, 10**9, key))
            assert parsed is not None and parsed.key == key
            assert trade_builder.parse(key) == (trade, list(tail))
    assert trade_builder.parse("draft-x.a.1.2.0") is None
    assert trade_builder.parse("draft-t.1.0.300") is None


def test_a_terms_key_reads_back() -> None:
    choice = bargain.Choice(3, 1, 1000)
    assert bargain.parse(choice.key(bargain.SEND)) == (choice, [bargain.SEND])
    assert bargain.parse("draft-x.1.2.3.0") is None


def test_send_plays_the_offer_and_its_coins_in_the_engines_order() -> None:
    offer = Action(0, "offer", (1, 40, 41))
    off_turn = Context(0, ((1, 40, 41),), deal=False)
    in_deal = Context(0, ((1, 40, 41),), deal=True)
    actions = [offer, Action(0, "cancel")]
    swap = Trade(1, 40, 41, 200)
    assert plan(swap, actions, off_turn) == ("offer.1.40.41", "add_gold.1", "add_gold.1")
    assert plan(swap, actions, in_deal) == ("add_gold", "add_gold", "offer.1.40.41")
    asked = swap._replace(gold=-100)
    assert plan(asked, actions, in_deal) == ("ask_gold", "offer.1.40.41")
    assert plan(Trade(1, 40, 42, 0), actions, off_turn) is None  # no legal offer has it
    assert plan(Trade(1, 40, None, 0), actions, off_turn) is None  # not every part set


def test_send_plays_the_legal_terms_or_nothing() -> None:
    legal = [Action(0, "propose", (1, 1, 300)), Action(0, "propose", (0, 0, 0))]
    assert bargain.terms_action(bargain.Choice(1, 1, 300), legal) == legal[0]
    assert bargain.terms_action(bargain.Choice(1, 1, 500), legal) is None
