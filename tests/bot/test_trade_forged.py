"""A forged trade Send (issue 30.6): the gold of a Send is read from its custom id, so a click
can carry any figure; it is refused with a clear message before one move is built, bounded by
what the side that pays holds."""

from __future__ import annotations

from bot.games.classic import trade_builder
from bot.games.classic import words as classic_words
from bot.games.classic.cards_text import game
from bot.games.classic.trade_builder import Trade
from bot.render.drafts import DraftStep
from engine.classic.scenario import build
from engine.classic.state import ClassicState
from engine.core.nothing import NOTHING


def _position() -> ClassicState:
    """Alice's turn; Bob (300 gold) carries a hat he may offer Carol (200 gold)."""
    return build(
        game(),
        {"seats": 3, "phase": "kick"},
        [{}, {"items": ["hat_pot"], "gold": 300}, {"items": ["feet_kickers"], "gold": 200}],
    )


def _send(trade: Trade) -> DraftStep:
    s = _position()
    view, actions = game().view(s, 1), game().legal_actions(s, 1)
    hat = s.items[1][0]
    return trade_builder.draft_step(trade._replace(mine=hat).key(trade_builder.SEND), view, actions)


def test_a_forged_send_with_a_huge_figure_is_refused_before_any_move_is_built() -> None:
    # issue 30.6: 10^9 gold would have been ten million add_gold moves checked one by one.
    for gold in (10**9, -(10**9), 400, -300, 150):
        step = _send(Trade(2, None, NOTHING, gold))
        assert step.play == () and step.refusal == classic_words.TRADE_TOO_MUCH_GOLD, gold


def test_a_send_within_what_the_payer_holds_still_plays() -> None:
    paid = _send(Trade(2, None, NOTHING, 300))
    assert paid.refusal is None and paid.play[1:] == ("add_gold.2",) * 3
    asked = _send(Trade(2, None, NOTHING, -200))
    assert asked.refusal is None and asked.play[1:] == ("ask_gold.2",) * 2
