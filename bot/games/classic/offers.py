"""Classic trade offers as a hand shows them (# 004: Items (Trading)): which label an offer
or an answer to one takes, and the open offers a seat made or was made.

An off-turn offer lies open until the turn ends; the partner answers it from their hand, so the
answer's label names the offerer and the items (several players may offer the same item)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.classic import words
from engine.classic.moves import MOVES
from engine.classic.views import OfferView
from engine.core import Action
from engine.core.nothing import NOTHING  # the item asked for in return when an offer is a gift


def control_kind(action: Action) -> str:
    """The label entry for ``action``: an item offered for nothing reads as a gift, and the
    answers to an open off-turn offer (which carry its terms: offered item, item asked for,
    offerer, coins) say which offer they answer; coins put on one's own open offer name its
    partner."""
    kind, move = action.kind, MOVES.get(action.kind)
    if move is None or not action.args or not move.fits(action):
        return kind
    if kind == "offer" and move.arg(action, "item") == NOTHING:
        return "offer_gift"
    if kind in ("accept", "decline"):
        return f"{kind}_{'gift' if move.arg(action, 'item') == NOTHING else 'offer'}"
    if kind in ("add_gold", "ask_gold"):
        return f"{kind}_open"
    return kind


def offer_lines(
    seat: int | None,
    open_offers: Sequence[OfferView],
    names: Sequence[str],
    card: Callable[[object], str],
) -> list[str]:
    """The open offers (``ClassicView.offers``) made to ``seat`` and by it, one line each;
    ``card`` words a card."""
    out: list[str] = []
    for offer in open_offers:
        to_you = offer.to == seat
        if not to_you and offer.offerer != seat:
            continue
        gift = offer.take == NOTHING
        gold = offer.gold  # paid by the offerer if positive, else to them
        if gift and gold < 0:  # an item for coins: a sale, not a gift
            template = words.SALE_TO_YOU if to_you else words.SALE_BY_YOU
        elif gift:
            template = words.GIFT_TO_YOU if to_you else words.GIFT_BY_YOU
        else:
            template = words.OFFER_TO_YOU if to_you else words.OFFER_BY_YOU
        other = offer.offerer if to_you else offer.to
        who = names[other] if 0 <= other < len(names) else "?"
        line = template.format(
            seat=who, card=card(offer.give), item=card(offer.take), gold=abs(gold)
        )
        if gold > 0:
            extra = words.OFFER_GOLD_TO_YOU if to_you else words.OFFER_GOLD_BY_YOU
            line += extra.format(gold=gold, seat=who)
        elif gold < 0 and not gift:
            extra = words.OFFER_PAY_TO_YOU if to_you else words.OFFER_PAY_BY_YOU
            line += extra.format(gold=-gold, seat=who)
        out.append(line)
    return out
