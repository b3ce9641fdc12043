"""Classic's hidden-card oracle for the leak checks (``bot/screens/leaks.py``): which cards each
recipient may not see, and which cards an event showed it. It reads the full state on purpose:
it checks what the renderers drew from the views."""

from __future__ import annotations

from collections.abc import Iterator

from bot.plugins import HiddenCards, LeakOracle, Recipient
from engine.classic.game import Classic
from engine.classic.state import ClassicState
from engine.core import Event

# Event fields that hold a card instance id.
_CARD_FIELDS = ("card", "monster", "on", "what", "hireling")


def _classic(game: object) -> Classic:
    assert isinstance(game, Classic), game
    return game


def hidden_cards(game: object, state: object) -> HiddenCards:
    """# 004: Card Management: decks are face down, hands are their owner's alone."""
    s = state
    assert isinstance(s, ClassicState), s
    names = [card.name for card in _classic(game).table.defs]
    decks = set(s.door) | set(s.treasure)
    hidden: dict[Recipient, set[int]] = {None: decks | {c for h in s.hands for c in h}}
    for seat in range(s.seats):
        others = {c for p, h in enumerate(s.hands) if p != seat for c in h}
        hidden[seat] = decks | others
    return HiddenCards(names, hidden)


def shown_names(game: object, event: Event, recipient: Recipient) -> Iterator[str]:
    """The names of the cards ``event`` showed ``recipient`` (its redacted form)."""
    defs = _classic(game).table.defs
    data = event.for_viewer(recipient)
    refs = [data.get(k) for k in _CARD_FIELDS] + list(data.get("cards") or [])
    if event.kind == "enhanced":
        refs = [data.get("card")]  # its "monster" is a position in the fight
    for ref in refs:
        if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < len(defs):
            yield defs[ref].name


def card_names(game: object) -> set[str]:
    return {c.name for c in _classic(game).cards}


ORACLE = LeakOracle(hidden_cards, shown_names, card_names)
