"""A classic card, a seat and a treasure share as they read in a line of text, looked up in
the match's pinned card list (else the data folder's). Every other part of the renderer names
cards and seats through these."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from bot.games.classic import words
from bot.render.games import pinned_game
from bot.render.pictures import CardFace
from engine.classic.cards import ClassicCard
from engine.classic.game import Classic
from engine.games import load_game


def game() -> Classic:
    """The cards of the match being drawn (its pinned set), else the data folder's."""
    pinned = pinned_game()
    return pinned if isinstance(pinned, Classic) else _data_game()


@cache
def _data_game() -> Classic:
    loaded = load_game("classic")
    assert isinstance(loaded, Classic)
    return loaded


def card_of(iid: object) -> ClassicCard | None:
    defs = game().table.defs
    ok = isinstance(iid, int) and not isinstance(iid, bool) and 0 <= iid < len(defs)
    return defs[iid] if ok and isinstance(iid, int) else None


def name_of(iid: object) -> str:
    card = card_of(iid)
    return card.name if card is not None else "?"


def stat_of(card: ClassicCard) -> str:
    if card.kind == "monster":
        return f"L{card.level}"
    bonus = card.amount_of("bonus")
    if bonus:
        return f"{bonus:+d}"
    gain = card.amount_of("gain_levels")
    return f"+{gain} lv" if gain else ""


def line_of(card: ClassicCard) -> str:
    kind = words.CARD_KINDS.get(card.kind, card.kind)
    slot = words.SLOTS.get(card.slot, "")
    return f"{kind} · {slot}" if slot else kind


def face(card: ClassicCard, note: str = "") -> CardFace:
    return CardFace(card.name, card.kind, line_of(card), stat_of(card), card.text, note)


def short(iid: object) -> str:
    """A card in a line of text: its name and, when it has one, its number."""
    card = card_of(iid)
    if card is None:
        return "?"
    stat = stat_of(card)
    lasting = card.amount_of("next_combat")  # a curse waiting for its victim's next fight
    if lasting and not stat:
        stat = words.NEXT_FIGHT.format(amount=lasting)
    return f"{card.name} ({stat})" if stat else card.name


def share_words(share: object) -> str:
    """The treasure share in words: no treasure, 1 treasure, 3 treasures."""
    count = share if isinstance(share, int) and share > 0 else 0
    return words.SHARE[min(count, 2)].format(share=count)


def card_list(cards: Sequence[int]) -> str:
    return ", ".join(short(c) for c in cards)


def seat_name(names: Sequence[str], seat: object) -> str:
    ok = isinstance(seat, int) and 0 <= seat < len(names)
    return names[seat] if ok and isinstance(seat, int) else "?"
