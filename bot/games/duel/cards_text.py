"""A duel card and the view as they read in a line of text, looked up in the match's pinned
card list (else the data folder's). The renderer and the lobby name cards through these."""

from __future__ import annotations

from functools import cache

from bot.games.duel import words
from bot.render.games import pinned_game
from bot.render.pictures import CardFace
from engine.duel.cards import DuelCard
from engine.duel.game import Duel
from engine.duel.views import CardView
from engine.games import load_game


def game() -> Duel:
    """The cards of the match being drawn (its pinned set), else the data folder's."""
    pinned = pinned_game()
    return pinned if isinstance(pinned, Duel) else _data_game()


@cache
def _data_game() -> Duel:
    loaded = load_game("duel")
    assert isinstance(loaded, Duel)
    return loaded


def card_of(card_id: object) -> DuelCard | None:
    return game().by_id.get(str(card_id))


def stat_of(card: DuelCard) -> str:
    if card.type in ("monster", "ally", "hero"):
        return f"{card.power}/{card.life}"
    if card.type == "loot" and card.power:
        return f"+{card.power}"
    return f"{card.cost}g" if card.cost else ""


def line_of(card: DuelCard) -> str:
    kind = words.CARD_KINDS.get(card.type, card.type)
    return f"{kind} · {card.subtype}" if card.subtype else kind


def face(card: DuelCard, note: str = "") -> CardFace:
    return CardFace(card.name, card.type, line_of(card), stat_of(card), card.text, note)


def shown_name(shown: CardView) -> str:
    """A card the view shows in a line of text (with its damage)."""
    card = card_of(shown.id)
    name = card.name if card is not None else "?"
    if shown.damage:
        name += f" ({shown.damage} dmg)"
    return name
