"""Quest's hidden-card oracle for the leak checks (``bot/screens/leaks.py``): which cards each
recipient may not see and which cards an event showed it (SPEC 3.15). Decks are face down; a
hand, and with it every Treasure drawn face down (R67, R103), is its owner's alone. It reads
the full state on purpose: it checks what the renderers drew from the views."""

from __future__ import annotations

from collections.abc import Iterator

from bot.plugins import HiddenCards, LeakOracle, Recipient
from engine.core import Event
from engine.quest.content import Content
from engine.quest.game import Quest
from engine.quest.state import QuestState

# Event fields that hold one card instance, and those that hold a list of them.
_CARD_FIELDS = ("card", "monster", "item", "give", "get", "discard")
_CARD_LISTS = ("cards", "helper_gets", "monsters", "items")


def _content(game: object) -> Content:
    assert isinstance(game, Quest), game
    return game.content


def names_of(c: Content) -> list[str]:
    """The name of every card instance."""
    defs = {"T": c.treasures, "D": c.dxm, "M": c.monsters}
    return [defs[deck][index].name for deck, index in zip(c.deck_of, c.def_of, strict=True)]


def hidden_cards(game: object, state: object) -> HiddenCards:
    s = state
    assert isinstance(s, QuestState), s
    names = names_of(_content(game))
    decks = {card for deck in s.decks.values() for card in deck}
    hidden: dict[Recipient, set[int]] = {None: decks | {c for h in s.hand for c in h}}
    for seat in range(s.seats):
        others = {c for p, h in enumerate(s.hand) if p != seat for c in h}
        hidden[seat] = decks | others
    return HiddenCards(names, hidden)


def shown_names(game: object, event: Event, recipient: Recipient) -> Iterator[str]:
    """The names of the cards ``event`` showed ``recipient`` (its redacted form)."""
    names = names_of(_content(game))
    data = event.for_viewer(recipient)
    refs: list[object] = [data.get(k) for k in _CARD_FIELDS]
    for key in _CARD_LISTS:
        found = data.get(key)
        refs += found if isinstance(found, list) else []
    for ref in refs:
        if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < len(names):
            yield names[ref]


def card_names(game: object) -> set[str]:
    c = _content(game)
    return {*(m.name for m in c.monsters), *(t.name for t in c.treasures), *(d.name for d in c.dxm)}


ORACLE = LeakOracle(hidden_cards, shown_names, card_names)
